//! `fairyrules xboard` beyond plain play: analyze mode, finished games, the last line of
//! thinking output, XBoard's rank numbering in messages, impossible positions, and hostile
//! input (times that overflow, huge numbers, `--hash` out of range, endless input).

use fairyrules::parse_move;

use crate::common::engine_process::EngineProcess;
use crate::common::{load_variant, run, run_with_input, start, variant_arg};

/// Start `fairyrules xboard` over shipped variant files and do the handshake.
fn xboard(files: &[&str]) -> EngineProcess {
    let mut args = vec!["xboard".to_string()];
    args.extend(files.iter().map(|f| variant_arg(&format!("{f}.toml"))));
    let mut e = EngineProcess::start(&args);
    e.send("xboard");
    e.send("protover 2");
    e.until(|l| l.starts_with("feature ") && l.contains("done=1"));
    e
}

/// Send `ping N` and return the lines up to `pong N`.
fn ping(e: &mut EngineProcess, n: u32) -> Vec<String> {
    e.send(&format!("ping {n}"));
    let want = format!("pong {n}");
    e.until(|l| l == want)
}

#[test]
fn analyze_mode_thinks_until_exit_and_never_moves() {
    let mut e = xboard(&["chess"]);
    e.send("new");
    e.send("force");
    e.send("analyze");
    e.until(|l| l.starts_with("3 "));
    e.send(".");
    e.until_prefix("stat01: ");
    // A move in analyze mode restarts the analysis on the new position.
    e.send("usermove e2e4");
    e.send("ping 1");
    let lines = e.until(|l| l == "pong 1");
    e.until(|l| l.starts_with("2 "));
    e.send("undo");
    e.send("usermove d2d4");
    e.send("exit");
    let lines2 = ping(&mut e, 2);
    for l in lines.iter().chain(lines2.iter()) {
        assert!(
            !l.starts_with("move "),
            "a move in analyze mode: {}",
            e.dump()
        );
        assert!(
            !l.starts_with("Error") && !l.starts_with("Illegal"),
            "{}",
            e.dump()
        );
    }
    // After exit the game goes on where it stands: 1.d4, Black (the engine) to move.
    e.send("sd 2");
    e.send("go");
    let lines = e.until_prefix("move ");
    let rules = load_variant("chess.toml");
    let mut pos = start(&rules);
    let d4 = parse_move(&rules, &mut pos, "d2d4").unwrap();
    pos.make(&rules, d4);
    let mv = lines.last().unwrap().strip_prefix("move ").unwrap();
    assert!(parse_move(&rules, &mut pos, mv).is_ok(), "{}", e.dump());
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn go_and_playother_in_a_finished_game_answer_with_the_result() {
    let mut e = xboard(&["chess"]);
    e.send("new");
    e.send("force");
    e.send("setboard 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go");
    let lines = ping(&mut e, 1);
    assert!(lines.iter().any(|l| l == "1-0 {White mates}"), "{lines:?}");
    e.send("force");
    e.send("setboard k7/8/1Q6/8/8/8/8/K7 b - - 0 1");
    e.send("playother");
    let lines = ping(&mut e, 2);
    assert!(
        lines.iter().any(|l| l == "1/2-1/2 {Stalemate}"),
        "{lines:?}"
    );
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn the_last_line_shown_starts_with_the_move_played() {
    let mut e = xboard(&["chess", "hectochess"]);
    e.send("new");
    e.send("variant hectochess");
    e.send("post");
    e.send("force");
    for ply in 0..8 {
        // Short searches are often stopped inside an iteration.
        e.send(if ply % 2 == 0 { "st 0.02" } else { "st 0.05" });
        e.send("go");
        let lines = e.until_prefix("move ");
        let played = lines
            .last()
            .unwrap()
            .strip_prefix("move ")
            .unwrap()
            .to_string();
        let last = lines
            .iter()
            .rev()
            .find(|l| {
                l.split_whitespace()
                    .next()
                    .is_some_and(|w| w.parse::<u32>().is_ok())
            })
            .unwrap_or_else(|| panic!("no thinking line: {}", e.dump()));
        let first_of_line = last.split_whitespace().nth(4);
        assert_eq!(first_of_line, Some(played.as_str()), "{}", e.dump());
        e.send("force");
    }
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn ten_rank_messages_use_xboard_numbering_only() {
    let mut e = xboard(&["chess", "hectochess"]);
    e.send("new");
    e.send("variant hectochess");
    e.send("force");
    // XBoard's e2 is the project's e3: e2e9 is illegal (e3e10 in the project's numbering).
    for (sent, must_not) in [("e2e9", "e3e10"), ("e2e5x", "e3e6"), ("e2", "e3")] {
        e.send(&format!("usermove {sent}"));
        let lines = ping(&mut e, 1);
        let msg = lines
            .iter()
            .find(|l| l.starts_with("Illegal move"))
            .unwrap_or_else(|| panic!("no message for {sent}: {lines:?}"));
        assert!(msg.contains(sent), "{msg}");
        assert!(!msg.contains(must_not), "two numberings in `{msg}`");
    }
    // A bad en passant cell of a position string is named as XBoard named it.
    e.send("setboard awl4lwm/rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR/AWL4LWM w KQkq k9 0 1");
    let lines = ping(&mut e, 2);
    let msg = lines
        .iter()
        .find(|l| l.starts_with("tellusererror"))
        .expect("refused");
    assert!(msg.contains("`k9`") && !msg.contains("k10"), "{msg}");
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn impossible_positions_are_refused_with_tellusererror() {
    let mut e = xboard(&["chess"]);
    e.send("new");
    e.send("force");
    for fen in [
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/R6K w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
    ] {
        e.send(&format!("setboard {fen}"));
        let lines = ping(&mut e, 1);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("tellusererror Illegal position")),
            "{fen}: {lines:?}"
        );
    }
    // The refused positions left the game as it was: the start position.
    e.send("sd 1");
    e.send("go");
    let lines = e.until_prefix("move ");
    let rules = load_variant("chess.toml");
    let mv = lines.last().unwrap().strip_prefix("move ").unwrap();
    assert!(parse_move(&rules, &mut start(&rules), mv).is_ok(), "{mv}");
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

/// A session with hostile commands: none may panic or hang, each is answered.
fn hostile(commands: &[&str]) -> (Vec<String>, String) {
    let mut script = vec!["xboard", "protover 2", "new", "variant hectochess", "force"];
    script.extend_from_slice(commands);
    script.extend_from_slice(&["ping 99", "quit"]);
    let args = [
        "xboard".to_string(),
        variant_arg("chess.toml"),
        variant_arg("hectochess.toml"),
    ];
    let out = run_with_input(&args, &(script.join("\n") + "\n"));
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{commands:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{commands:?}: {stderr}");
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert!(
        lines.iter().any(|l| l == "pong 99"),
        "{commands:?}: {lines:?}"
    );
    (lines, stderr)
}

#[test]
fn hostile_time_controls_are_refused_without_panic() {
    for bad in [
        "st inf",
        "st 1e30",
        "st NaN",
        "st -1",
        "level 0 inf 0",
        "level 40 1e300 0",
        "level 40 1:inf 0",
        "level 40 5 inf",
        "level 40 5 1e19",
        "time 18446744073709551615",
        "time 99999999999999999999999999",
        "sd 99999999999999999999",
    ] {
        // A short control first: after the refusal it still applies, so `go` answers soon.
        let (lines, _) = hostile(&["level 40 0:02 0", bad, "go"]);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("Error (") && l.contains(bad.split(' ').next().unwrap())),
            "{bad}: {lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.starts_with("move ")),
            "{bad}: {lines:?}"
        );
    }
    // Accepted but extreme: a session of 4294967295 moves.
    let (lines, _) = hostile(&["level 4294967295 0:02 0", "go"]);
    assert!(lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
}

#[test]
fn huge_rank_numbers_in_moves_are_illegal_moves() {
    for mv in [
        "a2147483647a1",
        "a4294967296a1",
        "a99999999999999999999999999a0",
        "a0a18446744073709551616",
    ] {
        let (lines, _) = hostile(&[&format!("usermove {mv}")]);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("Illegal move") && l.ends_with(mv)),
            "{mv}: {lines:?}"
        );
    }
}

#[test]
fn hash_sizes_out_of_range_are_refused() {
    for hash in ["100000", "18446744073709551615", "0", "-5"] {
        let out = run(&[
            "xboard",
            &variant_arg("chess.toml"),
            &format!("--hash={hash}"),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--hash {hash}: {stderr}");
        assert!(stderr.contains("--hash"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn xboard_reads_endless_input_in_bounded_memory() {
    crate::uci_protocol::endless_input_keeps_memory_bounded("xboard");
}

/// Drop games over XBoard: drops as XBoard writes them (`P@e4`), and the `holding` command
/// that sets the hands.
#[test]
fn drop_moves_and_holdings_over_xboard() {
    let mut e = xboard(&["chess", "crazyhouse"]);
    e.send("new");
    e.send("variant crazyhouse");
    e.send("force");
    e.send("holding [Q] [p]");
    e.send("usermove Q@e4");
    e.send("usermove p@e5");
    let lines = ping(&mut e, 1);
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
        "{lines:?}"
    );
    // A King is never in hand, and White's hand is empty now.
    e.send("holding [K] []");
    e.send("usermove Q@d4");
    let lines = ping(&mut e, 2);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Error") && l.contains("holding")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Illegal move") && l.contains("Q@d4")),
        "{lines:?}"
    );
    e.send("go");
    let lines = e.until(|l| l.starts_with("move "));
    assert!(lines.last().is_some_and(|l| l.starts_with("move ")));
    e.send("quit");
}
