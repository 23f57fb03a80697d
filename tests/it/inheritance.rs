//! `extends`: a variant file that takes another's whole spec and overrides, adds or removes
//! pieces and rules; errors point at the file (and line) they are in.

use fairyrules::variant::inherit::shift_spans;
use fairyrules::variant::load_spec;
use fairyrules::{legal_moves, perft, Position, Rules};

/// A fresh folder under the target directory for files of one test.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("inherit-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn child_of_a_shipped_variant_overrides_adds_and_removes() {
    let text = r#"
extends = "chess"

[variant]
name = "Chess with an Amazon"

[pieces.queen]
remove = true

[pieces.amazon]
letter = "A"
betza = "QN"

[pieces.pawn]
promotion = { zone = "last-rank", to = ["amazon", "rook", "bishop", "knight"] }

[setup]
fen = "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1"
"#;
    let rules = Rules::from_toml("amazon.toml", text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rules.name(), "Chess with an Amazon");
    let ids: Vec<&str> = rules.kinds().iter().map(|k| k.id.as_str()).collect();
    assert_eq!(ids, ["king", "rook", "bishop", "knight", "pawn", "amazon"]);
    // The Pawn kept its moves (only `promotion` was written) and promotes to the Amazon.
    let pawn = &rules.kinds()[rules.kind_by_id("pawn").unwrap() as usize];
    assert_eq!(pawn.betza[0], ["fmWfceFifmnD"]);
    assert_eq!(
        pawn.promotion[0][0].to[0],
        rules.kind_by_id("amazon").unwrap()
    );
    // The rules table was inherited whole.
    assert_eq!(rules.end_rules().n_move_automatic_plies, Some(150));
    // Chess's 20 first moves and the Amazon's two Knight leaps (c3, e3); no first move of
    // one side changes the other's 22.
    let mut pos = Position::start(&rules);
    assert_eq!(legal_moves(&rules, &mut pos).len(), 22);
    assert_eq!(perft(&rules, &mut pos, 2), 22 * 22);
}

#[test]
fn parent_next_to_the_file_and_chains_of_parents() {
    let dir = folder("chain");
    std::fs::write(
        dir.join("base.toml"),
        "extends = \"chess\"\n[variant]\nname = \"Base\"\n[rules]\nstalemate = \"loss\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("child.toml"),
        "extends = \"base.toml\"\n[variant]\nname = \"Child\"\n[pieces.knight]\nbetza = \"NW\"\n",
    )
    .unwrap();
    let rules = Rules::load(dir.join("child.toml")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rules.name(), "Child");
    assert_eq!(
        rules.end_rules().stalemate,
        fairyrules::rules::StalemateResult::Loss
    );
    let knight = rules.kind_by_id("knight").unwrap() as usize;
    assert_eq!(rules.kinds()[knight].betza, [["NW"], ["NW"]]);
    assert_eq!(rules.kinds()[knight].letter, 'N');
}

#[test]
fn errors_point_at_the_file_they_are_in() {
    let dir = folder("errors");
    // The parent is fine alone; the child removes the Rook the parent's King castles with
    // and misspells a Betza atom.
    std::fs::write(
        dir.join("parent.toml"),
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.toml"))
            .unwrap(),
    )
    .unwrap();
    std::fs::write(
        dir.join("child.toml"),
        "extends = \"parent.toml\"\n\n[pieces.rook]\nremove = true\n\n[pieces.knight]\nbetza = \"Nx\"\n",
    )
    .unwrap();
    let error = Rules::load(dir.join("child.toml")).unwrap_err();
    let text = error.render();
    // In the child, at its line 7.
    assert!(text.contains("child.toml:7:"), "{text}");
    // In the parent: the King's castles_with names a piece that no longer exists.
    let parent_line = std::fs::read_to_string(dir.join("parent.toml"))
        .unwrap()
        .lines()
        .position(|l| l.starts_with("castles_with"))
        .unwrap()
        + 1;
    assert!(
        text.contains(&format!("parent.toml:{parent_line}:")),
        "{text}"
    );
    assert!(text.contains("no piece `rook` is defined"), "{text}");
}

#[test]
fn unknown_parent_cycle_and_bad_remove_are_errors() {
    let unknown = Rules::from_toml("x.toml", "extends = \"chesss\"\n").unwrap_err();
    let text = unknown.render();
    assert!(text.contains("x.toml:1:"), "{text}");
    assert!(text.contains("did you mean `chess`?"), "{text}");

    let dir = folder("cycle");
    std::fs::write(dir.join("a.toml"), "extends = \"b.toml\"\n").unwrap();
    std::fs::write(dir.join("b.toml"), "extends = \"a.toml\"\n").unwrap();
    let text = Rules::load(dir.join("a.toml")).unwrap_err().render();
    assert!(text.contains("cycle"), "{text}");

    let text = Rules::from_toml(
        "r.toml",
        "extends = \"chess\"\n[pieces.dragon]\nremove = true\n",
    )
    .unwrap_err()
    .render();
    assert!(text.contains("the parent has no piece `dragon`"), "{text}");
    assert!(text.contains("r.toml:2:"), "{text}");
}

#[test]
fn a_chain_without_required_keys_is_an_error_at_extends() {
    let dir = folder("incomplete");
    std::fs::write(
        dir.join("half.toml"),
        "[variant]\nname = \"Half\"\n[board]\nfiles = 8\nranks = 8\n[pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n[setup]\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("more.toml"),
        "extends = \"half.toml\"\n[pieces.wazir]\nbetza = \"W\"\n",
    )
    .unwrap();
    let text = Rules::load(dir.join("more.toml")).unwrap_err().render();
    assert!(text.contains("more.toml:1:"), "{text}");
    assert!(text.contains("`letter` in [pieces.wazir]"), "{text}");
}

/// Every span of a spec moves with `shift_spans`: none is forgotten when new keys are added.
#[test]
fn shifting_a_spec_moves_every_span() {
    const BY: usize = 1_000_000;
    // (file, at least this many spans in it)
    for (file, least) in [
        ("hectochess.toml", 20),
        ("heroes-hexagonal.toml", 20),
        ("hero-chess.toml", 20),
        ("xiangqi.toml", 20),
        ("janggi.toml", 20),
        ("grand.toml", 20),
        ("chess960.toml", 8),
        ("atomic.toml", 5),
        ("pawnback.toml", 8),
    ] {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("variants")
                .join(file),
        )
        .unwrap();
        let (mut spec, diags) = load_spec(&text);
        assert!(diags.is_empty(), "{file}");
        shift_spans(&mut spec, BY, usize::MAX);
        let debug = format!("{spec:?}");
        let mut rest = debug.as_str();
        let mut ranges = 0;
        while let Some(i) = rest.find("..") {
            let before: String = rest[..i]
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if !before.is_empty() {
                let start: usize = before.chars().rev().collect::<String>().parse().unwrap();
                assert!(
                    start >= BY,
                    "{file}: a span starting at {start} was not shifted"
                );
                ranges += 1;
            }
            rest = &rest[i + 2..];
        }
        assert!(ranges >= least, "{file}: only {ranges} spans");
    }
}
