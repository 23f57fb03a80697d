//! `fairyrules xboard` through the binary: scripted CECP sessions.

use crate::common::{load_variant, run_with_input, start, variant_arg};
use fairyrules::parse_move;

/// Run `fairyrules xboard FILES...` (shipped variants by name) with a script on stdin;
/// returns stdout lines.
fn session(files: &[&str], script: &[&str]) -> Vec<String> {
    let mut args = vec!["xboard".to_string()];
    args.extend(files.iter().map(|f| variant_arg(&format!("{f}.toml"))));
    let mut input = script.join("\n");
    input.push('\n');
    let out = run_with_input(&args, &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The engine's moves in a session's output (`move X` lines).
fn moves_of(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("move ").map(str::to_string))
        .collect()
}

#[test]
fn handshake_game_ping_and_mate() {
    let lines = session(
        &["chess", "capablanca", "glinski"],
        &[
            "xboard",
            "protover 2",
            "new",
            "variant chess",
            "force",
            "usermove e2e4",
            "sd 3",
            "go",
            "ping 7",
            "force",
            "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "go",
            "quit",
        ],
    );
    let feature = lines
        .iter()
        .find(|l| l.starts_with("feature "))
        .expect("feature line");
    assert!(feature.contains("done=1"), "{feature}");
    assert!(feature.contains("setboard=1") && feature.contains("usermove=1"));
    assert!(feature.contains("san=0"));
    assert!(
        feature.contains("variants=\"normal,chess,capablanca\""),
        "{feature}"
    );
    // The hexagonal variant is not offered, and a comment says why.
    assert!(lines
        .iter()
        .any(|l| l.starts_with('#') && l.contains("glinski") && l.contains("hexagonal")));
    // The variant is described to XBoard.
    assert!(lines
        .iter()
        .any(|l| l.starts_with("setup (PNBRQ") && l.contains(" 8x8+0_fairy rnbqkbnr/")));
    assert!(lines.iter().any(|l| l == "piece P& fmWfceFifmnD"));
    assert!(lines.iter().any(|l| l == "piece K& KisO2"));

    // Black's reply to e2e4 is legal.
    let moves = moves_of(&lines);
    assert_eq!(moves.len(), 2, "{lines:?}");
    let rules = load_variant("chess.toml");
    let mut pos = start(&rules);
    let e4 = parse_move(&rules, &mut pos, "e2e4").unwrap();
    pos.make(&rules, e4);
    assert!(
        parse_move(&rules, &mut pos, &moves[0]).is_ok(),
        "{}",
        moves[0]
    );
    // ping is answered after the move.
    let reply = lines.iter().position(|l| l.starts_with("move ")).unwrap();
    let pong = lines.iter().position(|l| l == "pong 7").expect("pong 7");
    assert!(pong > reply);
    // The mate in one is played and the result announced.
    assert_eq!(moves[1], "a1a8");
    let mate = lines.iter().position(|l| l == "move a1a8").unwrap();
    assert_eq!(lines[mate + 1], "1-0 {White mates}");
}

#[test]
fn engine_answers_as_black_after_new() {
    let lines = session(
        &["chess"],
        &[
            "xboard",
            "protover 2",
            "new",
            "st 0.2",
            "usermove d2d4",
            "quit",
        ],
    );
    assert_eq!(moves_of(&lines).len(), 1, "{lines:?}");
}

#[test]
fn black_mates_and_illegal_moves_are_rejected() {
    let lines = session(
        &["chess"],
        &[
            "xboard",
            "protover 2",
            "new",
            "force",
            "setboard r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1",
            "usermove a8a9",
            "usermove e2e4",
            "sd 4",
            "go",
            "usermove g1h1",
            "quit",
        ],
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Illegal move") && l.ends_with("a8a9")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Illegal move") && l.ends_with("e2e4")));
    let mate = lines
        .iter()
        .position(|l| l == "move a8a1")
        .expect("mating move");
    assert_eq!(lines[mate + 1], "0-1 {Black mates}");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Illegal move") && l.ends_with("g1h1")));
}

#[test]
fn hexagonal_variants_are_refused() {
    let lines = session(
        &["chess", "heroes-hexagonal"],
        &[
            "xboard",
            "protover 2",
            "variant heroes-hexagonal",
            "variant nosuch",
            "quit",
        ],
    );
    assert!(lines.iter().any(|l| l.starts_with("Error (")
        && l.contains("hexagonal")
        && l.ends_with("variant heroes-hexagonal")));
    assert!(lines.iter().any(|l| l == "Error (unknown variant): nosuch"));
}

#[test]
fn ten_rank_boards_use_xboard_rank_numbers() {
    // Hectochess: XBoard numbers its 10 ranks 0-9, so its e2e4 is the Pawn's e3e5 here.
    let lines = session(
        &["chess", "hectochess"],
        &[
            "xboard",
            "protover 2",
            "new",
            "variant hectochess",
            "force",
            "usermove e2e4",
            "sd 2",
            "go",
            "quit",
        ],
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("setup (") && l.contains("10x10+0_fairy")));
    assert!(lines.iter().any(|l| l == "piece L& mQcpQ"));
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    let moves = moves_of(&lines);
    assert_eq!(moves.len(), 1);
    // Translate back (rank + 1) and check legality.
    let rules = load_variant("hectochess.toml");
    let mut pos = start(&rules);
    let first = parse_move(&rules, &mut pos, "e3e5").unwrap();
    pos.make(&rules, first);
    let reply = &moves[0];
    let ours: String = {
        let b = reply.as_bytes();
        format!(
            "{}{}{}{}{}",
            b[0] as char,
            (b[1] - b'0' + 1),
            b[2] as char,
            (b[3] - b'0' + 1),
            &reply[4..]
        )
    };
    assert!(
        parse_move(&rules, &mut pos, &ours).is_ok(),
        "{reply} = {ours}"
    );
}

#[test]
fn undo_remove_and_time_controls() {
    let lines = session(
        &["chess"],
        &[
            "xboard",
            "protover 2",
            "new",
            "level 40 1 0",
            "time 500",
            "otim 500",
            "usermove e2e4",
            "remove",
            "usermove d2d4",
            "force",
            "undo",
            "usermove c7c5",
            "post",
            "sd 2",
            "go",
            "result 1/2-1/2 {agreed}",
            "ping 9",
            "quit",
        ],
    );
    assert_eq!(moves_of(&lines).len(), 3, "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    // Thinking output: depth score time nodes pv.
    assert!(lines.iter().any(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        f.len() >= 5 && f[0] == "2" && f[1..4].iter().all(|x| x.parse::<i64>().is_ok())
    }));
    assert_eq!(lines.last().unwrap(), "pong 9");
}

#[test]
fn use_net_option_switches_the_files_learned_evaluation() {
    // The same search (depth 5, thinking shown) with the option on, off and on again: the
    // thinking lines (depth, score, time, nodes, moves) of the two searches with the net
    // agree but for their times, and differ from the one without it.
    let think = |use_net: &str| -> Vec<String> {
        let lines = session(
            &["chess"],
            &[
                "xboard",
                "protover 2",
                &format!("option Use Net={use_net}"),
                "new",
                "force",
                "setboard r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "post",
                "sd 5",
                "go",
                "quit",
            ],
        );
        assert!(!lines.iter().any(|l| l.starts_with("Error")), "{lines:?}");
        lines
            .iter()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| {
                let mut f: Vec<&str> = l.split_whitespace().collect();
                f.remove(2); // the time
                f.join(" ")
            })
            .collect()
    };
    let on = think("1");
    assert!(!on.is_empty());
    assert_eq!(on, think("1"));
    assert_ne!(on, think("0"), "the net changes the search");

    let lines = session(
        &["chess"],
        &[
            "xboard",
            "protover 2",
            "option Use Net=2",
            "option Hash=8",
            "quit",
        ],
    );
    let feature = lines.iter().find(|l| l.starts_with("feature ")).unwrap();
    assert!(feature.contains("option=\"Use Net -check 1\""), "{feature}");
    assert!(lines
        .iter()
        .any(|l| l == "Error (Use Net takes 0 or 1): option Use Net=2"));
    assert!(lines
        .iter()
        .any(|l| l == "Error (unknown option): option Hash=8"));
}
