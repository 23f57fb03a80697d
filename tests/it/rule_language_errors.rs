//! Misuse of each key of the rule language's part 2 (issue 13) gets an error located in the
//! file (line and column) that says what was expected.

use crate::common::expect_compile_error as expect_error;

#[test]
fn regions_and_confinement() {
    expect_error(
        "extends = \"chess\"\n[pieces.king]\nconfined_to = \"palace\"\n",
        3,
        "no region `palace` is defined",
    );
    expect_error(
        "extends = \"chess\"\n[regions]\npalace = { cells = [\"d1-f3\"] }\n[pieces.king]\nconfined_to = \"palce\"\n",
        5,
        "did you mean \"palace\"?",
    );
    expect_error(
        "extends = \"chess\"\n[regions]\npalace = { cells = [\"d1-z3\"] }\n",
        3,
        "`z3` is not a cell of this board",
    );
    expect_error(
        "extends = \"chess\"\n[regions]\npalace = \"d1\"\n",
        3,
        "expected a table for region `palace`",
    );
    expect_error(
        "extends = \"chess\"\n[regions]\nlast-rank = { ranks = [8] }\n",
        3,
        "`last-rank` is a built-in zone",
    );
    expect_error(
        "extends = \"chess\"\n[regions]\nhalf = { ranks = [1, 9] }\n",
        3,
        "rank 9 is not on the board",
    );
}

#[test]
fn extra_moves_groups() {
    expect_error(
        "extends = \"chess\"\n[pieces.pawn]\nextra_moves = { when_in = \"nowhere\", betza = \"sW\" }\n",
        3,
        "no region `nowhere` is defined",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.pawn]\nextra_moves = { betz = \"sW\" }\n",
        3,
        "unknown key `betz` in [pieces.pawn] extra_moves",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.pawn]\nextra_moves = { when_in = \"x\" }\n[regions]\nx = { ranks = [5] }\n",
        3,
        "missing required key `betza` in [pieces.pawn] extra_moves",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.king]\nextra_moves = { betza = \"cfR\", captures = [\"kng\"] }\n",
        3,
        "no piece `kng` is defined",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.rook]\ncannot_capture = [\"bishp\"]\ncannot_hop_over = [\"queen\", \"nite\"]\n",
        3,
        "no piece `bishp` is defined",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.rook]\ncannot_hop_over = [\"nite\"]\n",
        3,
        "no piece `nite` is defined",
    );
}

#[test]
fn promotion_limits() {
    expect_error(
        "extends = \"chess\"\n[pieces.queen]\nmax_count = 0\n",
        3,
        "`max_count` must be at least 1",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.pawn]\npromotion = { zone = \"last-rank\", to = [\"queen\"], only_lost = \"yes\" }\n",
        3,
        "expected a boolean for `only_lost`",
    );
}

#[test]
fn passing_and_explosions() {
    expect_error(
        "extends = \"chess\"\n[rules]\npass = { after_both = \"points\", black_bonus = 1.5, extra = 1 }\n",
        3,
        "unknown key `extra` in [rules] pass",
    );
    expect_error(
        "extends = \"chess\"\n[rules]\npass = { after_both = \"draw\", black_bonus = 1.5 }\n",
        3,
        "`black_bonus` counts only when points decide",
    );
    expect_error(
        "extends = \"chess\"\n[rules]\npass = { after_both = \"win\" }\n",
        3,
        "invalid value \"win\" for `after_both`",
    );
    expect_error(
        "extends = \"extinction\"\n[rules]\npass = true\n",
        3,
        "`pass` needs a royal piece",
    );
    expect_error(
        "extends = \"chess\"\n[rules]\nexplosion = { immune = [\"pwn\"] }\n",
        3,
        "no piece `pwn` is defined",
    );
    expect_error(
        "extends = \"chess\"\n[rules]\nexplosion = \"yes\"\n",
        3,
        "expected a boolean or a table for `explosion`",
    );
}

#[test]
fn chess960_castling_and_shuffles() {
    expect_error(
        "extends = \"chess\"\n[pieces.king]\ncastles_to = [\"g\"]\n",
        3,
        "`castles_to` needs two files, not 1",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.king]\ncastles_to = [\"g\", \"c\"]\n",
        3,
        "must be left of the second",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.king]\ncastles_to = [\"c\", \"k\"]\n",
        3,
        "`k` is not a file of this board",
    );
    expect_error(
        "extends = \"chess\"\n[setup]\nshuffle = { cells = [\"a1-h1\"], opposite_colours = [\"bishop\"], between = { kind = \"king\", outer = \"rok\" } }\n",
        3,
        "no piece `rok` is defined",
    );
    expect_error(
        "extends = \"chess\"\n[setup]\nfen = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1\"\nshuffle = { cells = [\"a1-h1\"] }\n",
        4,
        "does not mirror White's",
    );
    expect_error(
        "extends = \"chess\"\n[setup]\nshuffle = { cells = [\"a1-h1\"], between = { kind = \"king\", outer = \"queen\" } }\n",
        3,
        "no order of the shuffled pieces meets the constraints",
    );
    // 24 cells (the back rank, the pawns and an empty rank): far too many orders, and a
    // count past 20! that once overflowed.
    expect_error(
        "extends = \"chess\"\n[setup]\nshuffle = { cells = [\"a1-h1\", \"a2-h2\", \"a3-h3\"] }\n",
        3,
        "orders of its pieces (at most 2000000)",
    );
    expect_error(
        "extends = \"chess\"\n[setup]\nshuffle = { opposite_colours = [\"bishop\"] }\n",
        3,
        "missing required key `cells` in [setup] shuffle",
    );
}

#[test]
fn pictures() {
    expect_error(
        "extends = \"chess\"\n[board]\npicture = { style = \"dots\" }\n",
        3,
        "invalid value \"dots\" for `style`",
    );
    expect_error(
        "extends = \"chess\"\n[board]\npicture = { diagonals = [\"palace\"] }\n",
        3,
        "no region `palace` is defined",
    );
    expect_error(
        "extends = \"glinski\"\n[board]\npicture = { style = \"intersections\" }\n",
        3,
        "`picture` applies to square boards only",
    );
}
