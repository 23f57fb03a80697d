//! `fairyrules uci` spoken to as a GUI does, over pipes: the handshake, self-play in a 10×10
//! variant (Hectochess) and in hexagonal ones (Gliński, Heroes Hexagonal) with every
//! `bestmove` and every `info ... pv` line checked legal by the library, infinite and
//! ponder searches, game ends, variant loading at run time, and malformed input.

use fairyrules::{legal_moves, outcome, parse_fen, parse_move, Outcome, Position, Rules};

use crate::common::engine_process::EngineProcess;
use crate::common::{load_variant, variant_arg};

/// Start `fairyrules uci` over shipped variant files (all of them when `files` is empty).
fn uci(files: &[&str]) -> EngineProcess {
    let mut args = vec!["uci".to_string()];
    args.extend(files.iter().map(|f| variant_arg(&format!("{f}.toml"))));
    let mut e = EngineProcess::start(&args);
    e.send("uci");
    e.until(|l| l == "uciok");
    e
}

/// The moves of a `pv` in an info line, checked legal one after the other from `pos`.
fn check_pv(rules: &Rules, pos: &Position, line: &str, e: &EngineProcess) -> Vec<String> {
    let Some((_, pv)) = line.split_once(" pv ") else {
        return Vec::new();
    };
    let mut p = pos.clone();
    let moves: Vec<String> = pv.split_whitespace().map(str::to_string).collect();
    for m in &moves {
        let mv = parse_move(rules, &mut p, m).unwrap_or_else(|err| {
            panic!(
                "`{m}` in `{line}` is not legal ({err}); transcript:\n{}",
                e.dump()
            )
        });
        p.make(rules, mv);
    }
    moves
}

/// The move of the last line of `lines`, a `bestmove` line.
fn bestmove_of(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    last.split_whitespace()
        .nth(1)
        .unwrap_or_else(|| panic!("a move in `{last}`"))
        .to_string()
}

/// Let the engine play both sides for `plies` plies from `start` (a position string, or
/// the start position), with `go` parameters chosen per ply. Every bestmove and every
/// line is checked; the last line shown must start with the move played. Returns the moves.
fn self_play(
    e: &mut EngineProcess,
    rules: &Rules,
    start: Option<&str>,
    plies: usize,
    go: impl Fn(usize) -> String,
) -> Vec<String> {
    let mut pos = match start {
        Some(fen) => parse_fen(rules, fen).unwrap(),
        None => Position::start(rules),
    };
    let base = match start {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    let mut played: Vec<String> = Vec::new();
    for ply in 0..plies {
        if played.is_empty() {
            e.send(&base);
        } else {
            e.send(&format!("{base} moves {}", played.join(" ")));
        }
        e.send(&format!("go {}", go(ply)));
        let lines = e.until_prefix("bestmove ");
        let mut last_pv = Vec::new();
        for l in &lines {
            if l.starts_with("info ") && l.contains(" pv ") {
                last_pv = check_pv(rules, &pos, l, e);
            }
        }
        let reply: Vec<&str> = lines.last().unwrap().split_whitespace().collect();
        if reply[1] == "(none)" {
            assert_ne!(outcome(rules, &mut pos), Outcome::Ongoing, "{}", e.dump());
            break;
        }
        let mv = parse_move(rules, &mut pos, reply[1]).unwrap_or_else(|err| {
            panic!("bestmove {} is illegal ({err}):\n{}", reply[1], e.dump())
        });
        assert!(legal_moves(rules, &mut pos).contains(&mv));
        assert_eq!(
            last_pv.first().map(String::as_str),
            Some(reply[1]),
            "the last line shown starts with another move:\n{}",
            e.dump()
        );
        if let Some(&"ponder") = reply.get(2) {
            let mut after = pos.clone();
            after.make(rules, mv);
            assert!(
                parse_move(rules, &mut after, reply[3]).is_ok(),
                "{}",
                e.dump()
            );
        }
        pos.make(rules, mv);
        played.push(reply[1].to_string());
    }
    played
}

#[test]
fn handshake_offers_every_shipped_variant_and_the_options() {
    let mut e = EngineProcess::start(&["uci"]);
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name fairyrules"), "{lines:?}");
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess "))
        .expect("UCI_Variant combo");
    for entry in std::fs::read_dir(crate::common::variants_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue; // nets/: the learned evaluations the variant files name
        }
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        assert!(combo.contains(&format!(" var {stem}")), "{stem} in {combo}");
    }
    for option in [
        "option name VariantPath type string",
        "option name Hash type spin default 64 min 1 max 4096",
        "option name Threads type spin default 1 min 1",
        "option name MultiPV type spin default 1 min 1",
        "option name Ponder type check",
        "option name Move Overhead type spin",
        "option name Use Net type check default true",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(option)), "{option}");
    }
    // UCI_Chess960 switches from chess to the shipped chess960 and back.
    assert!(lines
        .iter()
        .any(|l| l == "option name UCI_Chess960 type check default false"));
    e.send("setoption name UCI_Chess960 value true");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string variant chess960 ")),
        "{lines:?}"
    );
    e.send("setoption name UCI_Chess960 value false");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string variant chess ")),
        "{lines:?}"
    );
    let (status, rest, stderr) = e.finish();
    assert!(
        status.success() && rest.is_empty() && stderr.is_empty(),
        "{stderr}"
    );
}

#[test]
fn hectochess_self_play_every_bestmove_is_legal() {
    let rules = load_variant("hectochess.toml");
    let mut e = uci(&["chess", "hectochess"]);
    e.send("setoption name UCI_Variant value hectochess");
    let announce = e.until_prefix("info string variant hectochess");
    assert!(announce.last().unwrap().contains("files 10 ranks 10"));
    e.send("ucinewgame");
    let moves = self_play(&mut e, &rules, None, 24, |ply| {
        if ply < 12 {
            "movetime 40".to_string()
        } else {
            "wtime 2000 btime 2000 winc 20 binc 20 movestogo 10".to_string()
        }
    });
    assert_eq!(moves.len(), 24, "{}", e.dump());
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn hexagonal_self_play_every_bestmove_is_legal() {
    for (name, plies) in [("glinski", 16), ("heroes-hexagonal", 10)] {
        let rules = load_variant(&format!("{name}.toml"));
        let mut e = uci(&[name]);
        // The only variant loaded is the default.
        let moves = self_play(&mut e, &rules, None, plies, |ply| {
            if ply % 2 == 0 {
                "movetime 40".to_string()
            } else {
                "depth 3".to_string()
            }
        });
        assert_eq!(moves.len(), plies, "{}", e.dump());
        let (status, _, stderr) = e.finish();
        assert!(status.success(), "{stderr}");
    }
}

#[test]
fn infinite_search_waits_for_stop() {
    let rules = load_variant("hectochess.toml");
    let mut e = uci(&["hectochess"]);
    // A new table replaces the engine: `stop` must reach the new one.
    e.send("setoption name Hash value 16");
    e.send("setoption name Threads value 2");
    // Depth 2 ends the search quickly, but bestmove must wait for `stop`.
    e.send("position startpos");
    e.send("go infinite depth 2");
    e.until_prefix("info depth 2 ");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{}",
        e.dump()
    );
    e.send("stop");
    let best = e.until_prefix("bestmove ");
    let mv = bestmove_of(&best);
    assert!(parse_move(&rules, &mut Position::start(&rules), &mv).is_ok());
    // An infinite search without depth, stopped while it runs.
    e.send("go infinite");
    e.until_prefix("info depth 3 ");
    e.send("stop");
    let best = e.until_prefix("bestmove ");
    let mv = bestmove_of(&best);
    assert!(parse_move(&rules, &mut Position::start(&rules), &mv).is_ok());
    // `go` right after the bestmove of a stopped search starts a new search.
    e.send("go depth 1");
    e.until_prefix("bestmove ");
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn ponder_then_ponderhit_or_stop() {
    let rules = load_variant("chess.toml");
    let mut e = uci(&["chess"]);
    e.send("setoption name Ponder value true");
    // The GUI ponders on 1.e4 e5 while the opponent thinks.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 1000 btime 1000");
    e.until_prefix("info depth 2 ");
    e.send("ponderhit");
    let lines = e.until_prefix("bestmove ");
    let mut pos = Position::start(&rules);
    for m in ["e2e4", "e7e5"] {
        let mv = parse_move(&rules, &mut pos, m).unwrap();
        pos.make(&rules, mv);
    }
    let mv = bestmove_of(&lines);
    assert!(parse_move(&rules, &mut pos, &mv).is_ok(), "{}", e.dump());
    // A ponder miss: the GUI stops the ponder search and sends the real position.
    e.send("go ponder wtime 1000 btime 1000");
    e.until_prefix("info depth 1 ");
    e.send("stop");
    e.until_prefix("bestmove ");
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn finished_games_and_refused_positions_answer_bestmove_none() {
    let mut e = uci(&["chess", "glinski"]);
    // Black is mated.
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go movetime 50");
    let lines = e.until_prefix("bestmove ");
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(
        lines.iter().any(|l| l.contains("score mate 0")),
        "{lines:?}"
    );
    // Stalemate.
    e.send("position fen k7/8/1Q6/8/8/8/8/K7 b - - 0 1");
    e.send("go depth 3");
    let lines = e.until_prefix("bestmove ");
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(lines.iter().any(|l| l.contains("score cp 0")), "{lines:?}");
    // Positions the rules make impossible: no King; the side not to move in check.
    for fen in [
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/R6K w - - 0 1",
        "not a position",
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 1");
        let lines = e.until_prefix("bestmove ");
        assert!(
            lines.iter().any(|l| l.starts_with("info string error:")),
            "{lines:?}"
        );
        assert_eq!(lines.last().unwrap(), "bestmove (none)");
    }
    // A hexagonal position is one like any other.
    e.send("setoption name UCI_Variant value glinski");
    e.until_prefix("info string variant glinski board hexagonal");
    e.send("position startpos moves f5f6");
    e.send("go depth 2");
    let lines = e.until_prefix("bestmove ");
    assert_ne!(lines.last().unwrap(), "bestmove (none)");
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn variant_path_loads_files_while_running() {
    let rules = load_variant("hectochess.toml");
    let mut e = uci(&["chess"]);
    e.send(&format!(
        "setoption name VariantPath value {}",
        variant_arg("hectochess.toml")
    ));
    let loaded = e.until_prefix("info string loaded");
    assert!(loaded.last().unwrap().contains("hectochess"), "{loaded:?}");
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant") && l.contains(" var hectochess")),
        "{lines:?}"
    );
    e.send("setoption name UCI_Variant value hectochess");
    let moves = self_play(&mut e, &rules, None, 2, |_| "depth 2".to_string());
    assert_eq!(moves.len(), 2);
    // A folder, a missing path and a file that is not a variant.
    e.send(&format!(
        "setoption name VariantPath value {}",
        crate::common::variants_dir().display()
    ));
    e.until_prefix("info string loaded");
    for bad in ["/nonexistent/x.toml", "/dev/zero", "/"] {
        e.send(&format!("setoption name VariantPath value {bad}"));
        e.send("isready");
        let lines = e.until(|l| l == "readyok");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: VariantPath")),
            "{bad}: {lines:?}"
        );
    }
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn multipv_lines_are_numbered_and_legal() {
    let rules = load_variant("chess.toml");
    let mut e = uci(&["chess"]);
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves e2e4");
    e.send("go depth 4");
    let lines = e.until_prefix("bestmove ");
    let mut pos = Position::start(&rules);
    let e4 = parse_move(&rules, &mut pos, "e2e4").unwrap();
    pos.make(&rules, e4);
    let infos: Vec<&String> = lines.iter().filter(|l| l.contains(" pv ")).collect();
    assert!(!infos.is_empty());
    for l in infos {
        assert!(l.contains(" multipv "), "{l}");
        let fields: Vec<&str> = l.split_whitespace().collect();
        for key in ["depth", "seldepth", "score", "nodes", "nps", "time"] {
            assert!(fields.contains(&key), "{key} in {l}");
        }
        check_pv(&rules, &pos, l, &e);
    }
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn node_limited_search_reports_every_node_searched() {
    let mut e = uci(&["chess"]);
    e.send("position startpos");
    e.send("go nodes 5000");
    let lines = e.until_prefix("bestmove ");
    let (last, nodes) = last_info_and_nodes(&lines);
    // The search stops at the limit, mid-iteration: the last line still counts the
    // nodes of that unfinished iteration.
    assert_eq!(nodes, 5000, "{last}");
    let best = bestmove_of(&lines);
    let pv = last.split_once(" pv ").map(|(_, pv)| pv).unwrap_or("");
    assert_eq!(pv.split_whitespace().next(), Some(best.as_str()), "{last}");
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}

#[test]
fn malformed_commands_get_an_info_string_and_the_loop_goes_on() {
    let rules = load_variant("chess.toml");
    let mut e = uci(&["chess"]);
    let bad: &[&str] = &[
        "xyzzy",
        "position",
        "position fen",
        "position startpos moves e2e5",
        "position startpos moves e2e4 e2e4",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "setoption",
        "setoption name",
        "setoption name Nonsense value 3",
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name UCI_Variant value nosuch",
        "setoption name UCI_Chess960 value true",
        "setoption name MultiPV value -99999999999999999999999999",
    ];
    for line in bad {
        e.send(line);
        e.send("isready");
        let lines = e.until(|l| l == "readyok");
        assert!(
            lines.iter().any(|l| l.starts_with("info string ")),
            "no message for `{line}`: {lines:?}"
        );
    }
    // Bad `go` parameters are reported and skipped: the search still answers.
    e.send("position startpos");
    e.send(
        "go depth x btime 99999999999999999999999 wtime 300 winc 1e9 frob searchmoves e2e4 nodes",
    );
    let lines = e.until_prefix("bestmove ");
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string error"))
            .count()
            >= 4,
        "{lines:?}"
    );
    let mv = bestmove_of(&lines);
    assert!(parse_move(&rules, &mut Position::start(&rules), &mv).is_ok());
    // An overlong line, bytes that are not UTF-8, a NUL byte.
    e.send_bytes(&vec![b'x'; 100_000]);
    e.send_bytes(b"\n\xff\xfe go\n\0\n");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        lines.iter().any(|l| l.contains("line longer than")),
        "{lines:?}"
    );
    // Still working.
    e.send("position startpos moves e2e4");
    e.send("go depth 2");
    e.until_prefix("bestmove ");
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// Resident memory of a process in KiB (Linux).
#[cfg(target_os = "linux")]
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Endless input without a line break (`/dev/zero`) is read in bounded memory.
#[cfg(target_os = "linux")]
pub fn endless_input_keeps_memory_bounded(protocol: &str) {
    use std::process::{Command, Stdio};
    let zero = std::fs::File::open("/dev/zero").expect("/dev/zero");
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyrules"))
        .args([protocol, &variant_arg("chess.toml")])
        .stdin(Stdio::from(zero))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Read a few gigabytes' worth of zeros (unbounded lines grew by gigabytes a second).
    let mut peak = 0;
    for _ in 0..15 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        match resident_kib(child.id()) {
            Some(kib) => peak = peak.max(kib),
            None => break,
        }
    }
    let still_running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(still_running, "{protocol} ended on endless input");
    // The table (64 MiB) and the program; an unbounded line would be far beyond.
    assert!(peak < 400 * 1024, "{protocol}: {peak} KiB resident");
}

#[cfg(target_os = "linux")]
#[test]
fn uci_reads_endless_input_in_bounded_memory() {
    endless_input_keeps_memory_bounded("uci");
}

#[test]
fn eval_prints_the_static_evaluation_for_white() {
    let mut e = uci(&["chess"]);
    let mut for_white = |fen: &str| -> i32 {
        e.send(&format!("position fen {fen}"));
        e.send("eval");
        e.send("isready");
        let lines = e.until(|l| l == "readyok");
        let line = lines
            .iter()
            .find(|l| l.starts_with("info string static evaluation "))
            .unwrap_or_else(|| panic!("no evaluation: {lines:?}"));
        line.split_whitespace().nth(4).unwrap().parse().unwrap()
    };
    // White a Queen up scores high whichever side is to move.
    let white_to_move = for_white("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    let black_to_move = for_white("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    assert!(white_to_move > 500 && black_to_move > 500);
    assert!(for_white("3qk3/8/8/8/8/8/8/4K3 w - - 0 1") < -500);
}

#[test]
fn readyok_answers_after_every_earlier_command_and_before_later_ones() {
    // A GUI (or a script comparing evaluations) may send many commands before reading:
    // each `readyok` must come after the answers to the commands before its `isready`, and
    // before those of the commands after it. A new table makes the first `isready` wait.
    let mut e = uci(&["chess"]);
    e.send("setoption name Hash value 256");
    let fens = [
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
        "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "r3k3/8/8/8/8/8/8/4K3 b - - 0 1",
    ];
    for fen in fens.iter().cycle().take(40) {
        e.send("isready");
        e.send(&format!("position fen {fen}"));
        e.send("eval");
    }
    e.send("isready");
    let mut lines = Vec::new();
    for _ in 0..41 {
        lines.extend(e.until(|l| l == "readyok"));
    }
    let answers: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .filter(|l| *l == "readyok" || l.starts_with("info string static evaluation "))
        .collect();
    assert_eq!(answers.len(), 81, "{answers:?}");
    for (i, answer) in answers.iter().enumerate() {
        assert_eq!(
            *answer == "readyok",
            i % 2 == 0,
            "answer {i} out of order: {answers:?}"
        );
    }
    // The evaluations follow their positions: White a piece up, then Black.
    for (i, answer) in answers.iter().skip(1).step_by(2).enumerate() {
        let cp: i32 = answer.split_whitespace().nth(4).unwrap().parse().unwrap();
        assert_eq!(cp > 0, i % 2 == 0, "evaluation {i}: {answer}");
    }
}

/// A search's last `info depth` line and the node count it reports.
fn last_info_and_nodes(lines: &[String]) -> (&str, u64) {
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line before bestmove");
    let fields: Vec<&str> = last.split_whitespace().collect();
    let nodes = fields
        .iter()
        .position(|&f| f == "nodes")
        .and_then(|i| fields.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a node count in `{last}`"));
    (last, nodes)
}

#[test]
fn use_net_off_evaluates_and_searches_without_the_files_net() {
    use fairyrules::engine::eval::Evaluator;
    use fairyrules::engine::{Engine, Features, Limits};
    let rules = load_variant("chess.toml");
    assert!(rules.net().is_some(), "chess.toml names a net");
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let pos = parse_fen(&rules, fen).unwrap();
    // What the library says, with the file's net and without.
    let mut plain = Evaluator::new(&rules, None);
    let without_net = plain.evaluate(&rules, &pos);
    plain.set_net(&rules, rules.net().cloned());
    let with_net = plain.evaluate(&rules, &pos);
    assert_ne!(
        with_net, without_net,
        "the shipped net changes this evaluation"
    );
    let library_search = |net: bool| {
        let mut engine = Engine::new(64);
        engine.set_features(Features::with_net(net));
        let r = engine.search(&rules, &mut pos.clone(), &Limits::depth(5));
        (r.nodes, r.best.expect("a move"))
    };

    let mut e = uci(&["chess"]);
    let eval_and_search = |e: &mut EngineProcess| {
        e.send("ucinewgame");
        e.send(&format!("position fen {fen}"));
        e.send("eval");
        e.send("go depth 5");
        let lines = e.until_prefix("bestmove ");
        let eval: i32 = lines
            .iter()
            .find_map(|l| l.strip_prefix("info string static evaluation "))
            .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
            .unwrap_or_else(|| panic!("no evaluation: {lines:?}"));
        let (_, nodes) = last_info_and_nodes(&lines);
        let best =
            parse_move(&rules, &mut pos.clone(), &bestmove_of(&lines)).expect("a legal bestmove");
        (eval, (nodes, best))
    };
    assert_eq!(eval_and_search(&mut e), (with_net, library_search(true)));
    e.send("setoption name Use Net value false");
    assert_eq!(
        eval_and_search(&mut e),
        (without_net, library_search(false))
    );
    // A new table (Hash) keeps the setting.
    e.send("setoption name Hash value 32");
    assert_eq!(eval_and_search(&mut e).0, without_net);
    e.send("setoption name Use Net value true");
    assert_eq!(eval_and_search(&mut e), (with_net, library_search(true)));
    e.send("setoption name Use Net value maybe");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        lines.iter().any(|l| l.contains("neither true nor false")),
        "{lines:?}"
    );
    let (status, _, stderr) = e.finish();
    assert!(status.success(), "{stderr}");
}
