//! `fairyrules match`: the report and game file of short matches at fixed depths or node
//! counts (reproducible), a match against an XBoard engine (the binary's own `xboard`
//! front end), and the errors for bad engine specs.

use std::path::PathBuf;

use crate::common::{run, variant_arg};

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("fairyrules-{}-{name}", std::process::id()))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Run a match and return its report and game file.
fn run_match(variant: &str, extra: &[&str], tag: &str) -> (String, String) {
    let pgn = temp_file(&format!("{tag}.pgn"));
    let file = variant_arg(variant);
    let pgn_arg = pgn.display().to_string();
    let mut args = vec!["match", &file, "--quiet", "--pgn", &pgn_arg];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(
        out.status.success(),
        "match failed:\n{}\n{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let games = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    (text(&out.stdout), games)
}

/// Without a terminal (here a pipe) the progress is whole lines: one as the openings are
/// chosen, then one a game for a short match, each with the games played so far; `--quiet`
/// prints none.
#[test]
fn progress_goes_to_a_log_as_whole_lines() {
    let file = variant_arg("chess.toml");
    let base = [
        "match",
        &file,
        "--games",
        "4",
        "--depth",
        "1",
        "--openings",
        "2",
        "--max-plies",
        "20",
        "--pgn",
        "-",
    ];
    let out = run(&base);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let log = text(&out.stderr);
    assert!(!log.contains('\r'), "no carriage return in a log:\n{log:?}");
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(
        lines.len(),
        5,
        "the openings' line, then one a game:\n{log}"
    );
    assert!(
        lines[0].starts_with("choosing 2 openings of "),
        "{}",
        lines[0]
    );
    for (i, line) in lines[1..].iter().enumerate() {
        assert!(
            line.starts_with(&format!("[{}/4] fairyrules (1) vs fairyrules (2): ", i + 1)),
            "{line}"
        );
    }
    let mut quiet = base.to_vec();
    quiet.push("--quiet");
    let out = run(&quiet);
    assert!(out.status.success());
    assert_eq!(text(&out.stderr), "");
}

/// Four games at depth 2 from two openings, each played with both colours.
const SHORT_SELF_PLAY: [&str; 8] = [
    "--games",
    "4",
    "--depth",
    "2",
    "--openings",
    "2",
    "--max-plies",
    "60",
];

#[test]
fn a_short_self_play_match_reports_and_records_its_games() {
    let (report, games) = run_match("chess.toml", &SHORT_SELF_PLAY, "chess");
    for line in [
        "Match: Chess, 4 games, depth 2 per move",
        "engine 1: fairyrules (1)",
        "engine 2: fairyrules (2)",
        "Score of engine 1: ",
        "Elo difference: ",
        "White/Black balance: White scores ",
        "Draw rate: ",
        "Average length: ",
        "Game ends:",
    ] {
        assert!(report.contains(line), "no `{line}` in\n{report}");
    }
    assert_eq!(games.matches("[Event \"fairyrules match\"]").count(), 4);
    assert_eq!(games.matches("{end of opening}").count(), 4);
    // Each opening is played twice, the engines' colours swapped.
    let openings: Vec<&str> = games
        .lines()
        .filter(|l| l.starts_with("[Opening "))
        .collect();
    let whites: Vec<&str> = games.lines().filter(|l| l.starts_with("[White ")).collect();
    for round in 0..2 {
        let pair: Vec<usize> = games
            .split("[Event ")
            .skip(1)
            .enumerate()
            .filter(|(_, g)| {
                g.contains(&format!("[Round \"{}\"]", 2 * round + 1))
                    || g.contains(&format!("[Round \"{}\"]", 2 * round + 2))
            })
            .map(|(i, _)| i)
            .collect();
        assert_eq!(pair.len(), 2);
        assert_eq!(openings[pair[0]], openings[pair[1]]);
        assert_ne!(whites[pair[0]], whites[pair[1]]);
    }
    // The same engine on both sides at a fixed depth: each pair of games is one game
    // played twice, so engine 1 scores exactly half.
    assert!(
        report.contains("Score of engine 1: 2.0/4 = 50.0%"),
        "{report}"
    );
    // ... and the report says so: two of the four games are copies.
    assert!(
        report.contains("Repeated games: 2 of the 4 games repeat an earlier game move for move"),
        "{report}"
    );
}

/// A new game starts as a fresh engine would: one thread playing all four games with the
/// same two engines (each cleared between games) plays each opening's two games alike, as
/// two threads with engines of their own do. (An evaluation cache kept from the earlier
/// games once steered the later ones: a cached complete evaluation stands where a lazy
/// estimate would, and the one-thread match scored 1.5/4.)
#[test]
fn engines_start_each_game_afresh() {
    for concurrency in ["1", "2"] {
        let (report, _) = run_match(
            "chess.toml",
            &[&SHORT_SELF_PLAY[..], &["--concurrency", concurrency]].concat(),
            &format!("afresh-{concurrency}"),
        );
        assert!(
            report.contains("Score of engine 1: 2.0/4 = 50.0%")
                && report.contains("Repeated games: 2 of the 4 games"),
            "concurrency {concurrency}:\n{report}"
        );
    }
}

/// A single game repeats nothing: the report has no repeated-games line.
#[test]
fn a_match_without_copies_reports_no_repeated_games() {
    let (report, games) = run_match(
        "chess.toml",
        &["--games", "1", "--depth", "1", "--max-plies", "20"],
        "single",
    );
    assert_eq!(games.matches("[Event \"fairyrules match\"]").count(), 1);
    assert!(report.contains("Score of engine 1: "), "{report}");
    assert!(!report.contains("Repeated games"), "{report}");
}

#[test]
fn a_hexagonal_match_ends_games_by_the_rules() {
    let (report, games) = run_match(
        "heroes-hexagonal.toml",
        &[
            "--games",
            "2",
            "--nodes",
            "400",
            "--openings",
            "1",
            "--max-plies",
            "80",
        ],
        "heroes",
    );
    assert!(
        report.contains("Match: Heroes Hexagonal Chess v2, 2 games"),
        "{report}"
    );
    assert_eq!(games.matches("[Result ").count(), 2);
    assert!(
        !report.contains("engine error") && !report.contains("illegal"),
        "{report}"
    );
}

#[test]
fn plays_an_xboard_engine() {
    let chess = variant_arg("chess.toml");
    let engine2 = format!("xboard:{} xboard {chess}", env!("CARGO_BIN_EXE_fairyrules"));
    let (report, games) = run_match(
        "chess.toml",
        &[
            "--games",
            "2",
            "--depth",
            "1",
            "--openings",
            "1",
            "--max-plies",
            "30",
            "--engine2",
            &engine2,
        ],
        "xboard",
    );
    assert!(
        !report.contains("engine error") && !report.contains("illegal"),
        "{report}"
    );
    assert_eq!(games.matches("[Result ").count(), 2);
    assert!(report.contains("engine 2: fairyrules"), "{report}");
}

#[test]
fn bad_engine_specs_are_errors() {
    let chess = variant_arg("chess.toml");
    let out = run(&[
        "match",
        &chess,
        "--games",
        "2",
        "--engine1",
        "fairyrules -warp-drive",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown engine feature `warp-drive`"));
    let out = run(&[
        "match",
        &chess,
        "--games",
        "2",
        "--engine2",
        "/nonexistent/engine",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot start engine"));
    let out = run(&["match", &chess, "--games", "2", "--tc", "fast"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Openings are chosen as the games need them, one after another from the seed: the same
/// seed gives the same opening to each game whether the games run one at a time or three
/// at once.
#[test]
fn a_seed_gives_the_same_openings_at_any_concurrency() {
    let by_concurrency = |concurrency: &str| {
        let (_, games) = run_match(
            "chess.toml",
            &[
                "--games",
                "6",
                "--depth",
                "1",
                "--openings",
                "3",
                "--opening-plies",
                "6",
                "--seed",
                "11",
                "--max-plies",
                "10",
                "--concurrency",
                concurrency,
            ],
            &format!("openings-{concurrency}"),
        );
        openings_by_round(&games)
    };
    let one = by_concurrency("1");
    assert_eq!(one.len(), 6);
    // Each opening twice (the colours swapped), three different ones, six plies each.
    for pair in one.chunks(2) {
        assert_eq!(pair[0].1, pair[1].1, "{one:?}");
        assert_eq!(pair[0].1.split(' ').count(), 6, "{one:?}");
    }
    assert!(one[0].1 != one[2].1 && one[2].1 != one[4].1 && one[0].1 != one[4].1);
    assert_eq!(by_concurrency("3"), one);
}

/// The rounds and openings of a game file, sorted by round.
fn openings_by_round(games: &str) -> Vec<(u32, String)> {
    let mut rounds: Vec<(u32, String)> = games
        .split("[Event ")
        .skip(1)
        .map(|g| {
            let tag = |name: &str| {
                let start = g.find(&format!("[{name} \"")).unwrap() + name.len() + 3;
                g[start..start + g[start..].find('"').unwrap()].to_string()
            };
            (tag("Round").parse().unwrap(), tag("Opening"))
        })
        .collect();
    rounds.sort();
    rounds
}

/// `--openings-from` replays an earlier match's openings, round for round, whatever the
/// engines (here other depths and a switched-off technique), so that two matches can be
/// compared game by game.
#[test]
fn openings_from_a_game_file_replay_its_openings() {
    let common = ["--games", "6", "--max-plies", "12"];
    let (_, first) = run_match(
        "chess.toml",
        &[
            &common[..],
            &["--depth", "1", "--openings", "3", "--seed", "5"],
        ]
        .concat(),
        "openings-from-source",
    );
    let source = temp_file("openings-from-source-copy.pgn");
    std::fs::write(&source, &first).unwrap();
    let source_arg = source.display().to_string();
    let (report, second) = run_match(
        "chess.toml",
        &[
            &common[..],
            &[
                "--depth",
                "2",
                "--engine1",
                "fairyrules -lmr",
                "--openings-from",
                &source_arg,
            ],
        ]
        .concat(),
        "openings-from-replay",
    );
    let _ = std::fs::remove_file(&source);
    assert!(
        report.contains(&format!("3 openings from {source_arg}")),
        "{report}"
    );
    let (a, b) = (openings_by_round(&first), openings_by_round(&second));
    assert_eq!(a.len(), 6);
    assert_eq!(a, b);
}

/// A plain file gives one opening a line (comments and blank lines skipped), played in
/// order with both colours; `--openings` takes the first ones; a move that is not legal
/// where it stands is an error that names the file, the line and the move.
#[test]
fn openings_from_a_list_of_lines() {
    let list = temp_file("openings-list.txt");
    std::fs::write(&list, "# two openings\ne2e4 e7e5\n\nd2d4 d7d5 c2c4\n").unwrap();
    let list_arg = list.display().to_string();
    let args = |games: &'static str, openings: &'static str| {
        vec![
            "--games",
            games,
            "--depth",
            "1",
            "--max-plies",
            "10",
            "--openings",
            openings,
            "--openings-from",
            list_arg.as_str(),
        ]
    };
    let (_, games) = run_match("chess.toml", &args("6", "2"), "openings-list");
    let openings: Vec<String> = openings_by_round(&games)
        .into_iter()
        .map(|(_, o)| o)
        .collect();
    let (e4, d4) = ("e2e4 e7e5".to_string(), "d2d4 d7d5 c2c4".to_string());
    assert_eq!(openings, [&e4, &e4, &d4, &d4, &e4, &e4].map(String::clone));
    let (_, games) = run_match("chess.toml", &args("4", "1"), "openings-list-one");
    assert!(openings_by_round(&games).iter().all(|(_, o)| *o == e4));

    std::fs::write(&list, "e2e4 e7e5\nd2d4 e7e9\n").unwrap();
    let file = variant_arg("chess.toml");
    let out = run(&[
        "match",
        &file,
        "--games",
        "2",
        "--depth",
        "1",
        "--pgn",
        "-",
        "--openings-from",
        &list_arg,
    ]);
    let _ = std::fs::remove_file(&list);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("{list_arg}:2: move 2 `e7e9`")),
        "{err}"
    );
}
