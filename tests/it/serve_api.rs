//! `fairyrules serve`: the JSON API over HTTP, against the library's own answers: the
//! variants it was given and only those, positions, legal moves and their kinds, the board
//! picture (the `render` drawing), validation as `validate` prints it, the engine, perft
//! with divide; and its refusals: status codes, JSON errors, request limits, host checks.

use std::collections::BTreeSet;

use serde_json::{json, Value};

use crate::common::serve::Server;
use crate::common::{load_variant, pos, run, start};
use fairyrules::svg::render_position;
use fairyrules::{divide, legal_moves, move_to_string, to_fen, Rules};

/// The legal moves as the library writes them, sorted.
fn library_moves(rules: &Rules, fen: &str) -> BTreeSet<String> {
    let mut p = pos(rules, fen);
    let legal = legal_moves(rules, &mut p);
    legal
        .iter()
        .map(|m| move_to_string(rules, &legal, m))
        .collect()
}

fn texts(moves: &Value) -> BTreeSet<String> {
    moves
        .as_array()
        .expect("a list of moves")
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

/// The kinds of the move `text` in a list of described moves.
fn kinds_of(moves: &Value, text: &str) -> Vec<String> {
    let m = moves
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == text)
        .unwrap_or_else(|| panic!("{text} not in {moves}"));
    m["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn lists_the_variants_of_the_folder_and_serves_their_text() {
    let server = Server::start(&[]);
    assert!(server
        .banner
        .starts_with("fairyrules serve: http://127.0.0.1:"));
    let r = server.get("/api/variants");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.header("cache-control"), Some("no-store"));
    let list = r.json();
    let ids: Vec<&str> = list["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    // The folder's files in path order.
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(crate::common::variants_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let stems: Vec<String> = files
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    assert_eq!(ids, stems);
    assert!(list["limits"]["max_perft_depth"].as_u64().unwrap() >= 3);

    let r = server.get("/api/variants/hectochess");
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["name"], "Hectochess");
    assert_eq!(
        v["source"].as_str().unwrap(),
        std::fs::read_to_string(crate::common::variant_path("hectochess.toml")).unwrap()
    );
    let r = server.get("/api/variants/nonsense");
    assert_eq!(r.status, 404);
    assert!(r.error().contains("unknown variant `nonsense`"));
}

#[test]
fn reads_only_the_files_it_was_given_and_keeps_those_with_errors() {
    let dir = std::env::temp_dir().join(format!("fairyrules-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.toml");
    std::fs::write(
        &broken,
        "[variant]\nname = \"B\"\n[board]\nfiles = 8\nrank = 8\n",
    )
    .unwrap();
    let chess = crate::common::variant_arg("chess.toml");
    let server = Server::start(&[chess.as_str(), broken.to_str().unwrap()]);
    assert!(
        server.banner.contains("2 variants, 1 with errors"),
        "{}",
        server.banner
    );
    let list = server.get("/api/variants").json();
    let ids: Vec<(&str, bool)> = list["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["id"].as_str().unwrap(), v["ok"].as_bool().unwrap()))
        .collect();
    assert_eq!(ids, [("chess", true), ("broken", false)]);
    // The broken file's errors, as `validate` prints them.
    let r = server.post("/api/state", &json!({"game": {"variant": "broken"}}));
    assert_eq!(r.status, 422);
    let out = run(&["validate", broken.to_str().unwrap()]);
    assert_eq!(
        r.json()["details"].as_str().unwrap(),
        String::from_utf8_lossy(&out.stderr)
    );
    // Nothing else is reachable: not another variant, not a path.
    assert_eq!(
        server
            .post("/api/state", &json!({"game": {"variant": "hectochess"}}))
            .status,
        404
    );
    assert_eq!(
        server
            .post(
                "/api/state",
                &json!({"game": {"variant": "../variants/chess"}})
            )
            .status,
        404
    );
    assert_eq!(server.get("/variants/chess.toml").status, 404);
    assert_eq!(server.get("/../Cargo.toml").status, 404);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let server = Server::start(&[]);
    let r = server.get("/");
    assert_eq!(r.status, 200);
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
    assert!(r.header("content-security-policy").is_some());
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    assert!(r.body.contains("<script src=\"/app.js\""));
    let r = server.get("/app.js");
    assert_eq!(r.status, 200);
    assert!(r
        .header("content-type")
        .unwrap()
        .starts_with("text/javascript"));
    assert!(r.body.contains("/api/state"));
    assert_eq!(server.get("/style.css").status, 200);
}

#[test]
fn state_gives_the_position_its_legal_moves_and_the_render_picture() {
    let server = Server::start(&[]);
    let rules = load_variant("hectochess.toml");
    let moves = ["e3e4", "e8e7"];
    let r = server.post(
        "/api/state",
        &json!({"game": {"variant": "hectochess", "moves": moves}, "flip": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let s = r.json();
    let mut p = start(&rules);
    for m in moves {
        p.play(&rules, m).unwrap();
    }
    let fen = to_fen(&rules, &p);
    assert_eq!(s["fen"], fen.as_str());
    assert_eq!(s["side"], "white");
    assert_eq!(s["in_check"], false);
    assert_eq!(s["outcome"]["over"], false);
    assert_eq!(s["outcome"]["text"], "* (game in progress)");
    assert_eq!(texts(&s["legal"]), library_moves(&rules, &fen));
    // The picture is `render`'s, last move tinted, from Black's side.
    assert_eq!(
        s["svg"].as_str().unwrap(),
        render_position(&rules, &p, None, true).unwrap()
    );
    let on_board = rules
        .geometry()
        .cells()
        .filter(|&c| p.piece_at(c).is_some())
        .count();
    assert_eq!(s["pieces"].as_array().unwrap().len(), on_board);
}

#[test]
fn a_finished_game_says_its_result_with_the_reason() {
    let server = Server::start(&[]);
    let game = json!({"variant": "chess", "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]});
    let s = server.post("/api/state", &json!({ "game": game })).json();
    assert_eq!(s["outcome"]["over"], true);
    assert_eq!(s["outcome"]["result"], "0-1");
    assert_eq!(s["outcome"]["text"], "0-1 (Black wins by checkmate)");
    assert_eq!(s["in_check"], true);
    assert_eq!(s["legal"].as_array().unwrap().len(), 0);
    // The engine is not asked to move in a finished game.
    let r = server.post("/api/engine", &json!({"game": game, "movetime_ms": 50}));
    assert_eq!(r.status, 409);
    assert!(r.error().contains("Black wins by checkmate"), "{}", r.body);
}

#[test]
fn piece_moves_are_marked_by_kind() {
    let server = Server::start(&[]);
    let piece = |game: Value, cell: &str| {
        let r = server.post("/api/piece", &json!({"game": game, "cell": cell}));
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()
    };
    // Hectochess Knight: exactly the library's moves from its cell.
    let rules = load_variant("hectochess.toml");
    let fen = rules.start_fen().to_string();
    let knight = piece(json!({"variant": "hectochess"}), "c2");
    assert_eq!(knight["piece"]["id"], "knight");
    assert_eq!(knight["to_move"], true);
    let expected: BTreeSet<String> = library_moves(&rules, &fen)
        .into_iter()
        .filter(|m| m.starts_with("c2"))
        .collect();
    assert_eq!(texts(&knight["moves"]), expected);
    // A piece of the side not to move: as if it were its turn.
    let black = piece(json!({"variant": "hectochess"}), "c9");
    assert_eq!(black["to_move"], false);
    assert_eq!(black["color"], "black");
    assert!(!black["moves"].as_array().unwrap().is_empty());

    // Castling, promotion, en passant, capture (chess positions).
    let chess = |fen: &str, cell: &str| piece(json!({"variant": "chess", "fen": fen}), cell);
    let king = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1");
    assert_eq!(kinds_of(&king["moves"], "e1g1"), ["move", "castle"]);
    let pawn = chess("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7");
    assert_eq!(kinds_of(&pawn["moves"], "a7a8q"), ["move", "promotion"]);
    assert_eq!(kinds_of(&pawn["moves"], "a7b8n"), ["capture", "promotion"]);
    assert_eq!(
        pawn["moves"][0]["becomes"]["letter"]
            .as_str()
            .unwrap()
            .len(),
        1
    );
    let ep = chess("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5");
    assert_eq!(kinds_of(&ep["moves"], "e5d6"), ["capture", "en-passant"]);
    assert_eq!(kinds_of(&ep["moves"], "e5e6"), ["move"]);

    // Heroes Hexagonal: the Elephant's charge from the start.
    let elephant = piece(json!({"variant": "heroes-hexagonal"}), "e2");
    assert_eq!(kinds_of(&elephant["moves"], "e2e7"), ["capture", "charge"]);
    assert_eq!(elephant["moves"][0]["kinds"][0], "move");

    // Hero Chess: the Hero (on e2) has no moves of its own; all of them are borrowed
    // through its hook.
    let hero_rules = load_variant("hero-chess.toml");
    let hero = piece(json!({"variant": "hero-chess"}), "e2");
    assert_eq!(hero["piece"]["id"], "hero");
    assert!(hero_rules
        .kind_by_id("hero")
        .is_some_and(|k| hero_rules.kind(k).hook.is_some()));
    let all = hero["moves"].as_array().unwrap();
    assert!(all.len() > 10, "{hero}");
    for m in all {
        assert_eq!(m["kinds"], json!(["move", "hook"]), "{m}");
    }

    // A cannon's capture over a screen is a hop; its plain moves are not.
    let cannon = "[variant]\nname = \"Cannons\"\n[board]\nfiles = 5\nranks = 5\n\
                  [pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n\
                  [pieces.cannon]\nletter = \"C\"\nbetza = \"mRcpR\"\n\
                  [setup]\nfen = \"2c2/5/2k2/5/K1C2 w - 0 1\"\n";
    let c = piece(json!({"toml": cannon, "name": "cannons.toml"}), "c1");
    assert_eq!(kinds_of(&c["moves"], "c1c5"), ["capture", "hop"]);
    assert_eq!(kinds_of(&c["moves"], "c1c2"), ["move"]);
    assert!(!texts(&c["moves"]).contains("c1c3"));

    // Refusals.
    let r = server.post(
        "/api/piece",
        &json!({"game": {"variant": "chess"}, "cell": "e4"}),
    );
    assert_eq!(r.status, 400);
    assert_eq!(r.error(), "no piece stands on e4");
    let r = server.post(
        "/api/piece",
        &json!({"game": {"variant": "chess"}, "cell": "z9"}),
    );
    assert_eq!(r.status, 400);
    assert!(r.error().contains("not a cell of this board"));
}

#[test]
fn validate_locates_every_error_as_the_command_line_does() {
    let server = Server::start(&[]);
    let path = crate::common::variant_path("hectochess.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let broken = text
        .replacen("betza = \"N\"", "betza = \"Nx\"", 1)
        .replacen("files = 10", "flies = 10", 1);
    let r = server.post(
        "/api/validate",
        &json!({"name": "variants/hectochess.toml", "toml": broken}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["ok"], false);
    let error = Rules::from_text("variants/hectochess.toml", &broken).unwrap_err();
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), error.diagnostics.len());
    assert!(errors.len() >= 2);
    for (e, d) in errors.iter().zip(&error.diagnostics) {
        let (base, file) = error.sources.locate(d.span.start);
        assert_eq!(base, 0, "the errors are in the text itself");
        assert_eq!(e["file"], file.name.as_str());
        let (line, col) = file.line_col(d.span.start);
        assert_eq!(
            (
                e["line"].as_u64().unwrap() as usize,
                e["column"].as_u64().unwrap() as usize
            ),
            (line, col)
        );
        assert_eq!(e["message"], d.message.as_str());
        assert_eq!(e["hint"].as_str(), d.hint.as_deref());
        assert_eq!(e["rendered"], error.sources.render(d).as_str());
    }
    // The report is `fairyrules validate`'s output for the same text.
    let dir = std::env::temp_dir().join(format!("fairyrules-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("hectochess.toml");
    std::fs::write(&file, &broken).unwrap();
    let out = run(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        v["report"].as_str().unwrap(),
        String::from_utf8_lossy(&out.stderr)
            .replace(file.to_str().unwrap(), "variants/hectochess.toml")
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let v = server
        .post(
            "/api/validate",
            &json!({"name": "variants/hectochess.toml", "toml": text}),
        )
        .json();
    assert_eq!(v["ok"], true);
    assert_eq!(
        v["summary"],
        "variants/hectochess.toml: ok — Hectochess (10x10 board, 11 piece kinds)"
    );
    // An edited text plays: the game names it by its text.
    let edited = text.replacen("name = \"Hectochess\"", "name = \"Edited\"", 1);
    let s = server
        .post(
            "/api/state",
            &json!({"game": {"toml": edited, "moves": ["e3e4"]}}),
        )
        .json();
    assert_eq!(s["name"], "Edited");
    let r = server.post("/api/state", &json!({"game": {"toml": broken}}));
    assert_eq!(r.status, 422);
    assert_eq!(r.error(), "untitled.toml has errors");
}

#[test]
fn edited_text_extends_shipped_variants_and_reads_no_file() {
    let server = Server::start(&[]);
    let validate = |name: &str, toml: &str| {
        let r = server.post("/api/validate", &json!({"name": name, "toml": toml}));
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()
    };
    let v = validate(
        "variants/mine.toml",
        "extends = \"chess\"\n[variant]\nname = \"Mine\"\n",
    );
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(
        v["summary"],
        "variants/mine.toml: ok — Mine (8x8 board, 6 piece kinds)"
    );
    // A path next to the name it gives, or anywhere else, is not read.
    for path in [
        "chess.toml",
        "../Cargo.toml",
        "/etc/hostname",
        "../variants/chess.toml",
    ] {
        let v = validate(
            "variants/mine.toml",
            &format!("extends = \"{path}\"\n[variant]\nname = \"Mine\"\n"),
        );
        if path == "chess.toml" {
            // The shipped variant of that name.
            assert_eq!(v["ok"], true, "{v}");
            continue;
        }
        assert_eq!(v["ok"], false, "{path}: {v}");
        let messages: Vec<&str> = v["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["message"].as_str().unwrap())
            .collect();
        let wanted = format!("no variant file `{path}` next to this file and no shipped variant");
        assert!(
            messages.iter().any(|m| m.starts_with(&wanted)),
            "{messages:?}"
        );
    }
}

#[test]
fn explain_gives_the_command_line_text_and_diagram() {
    let server = Server::start(&[]);
    let r = server.post(
        "/api/explain",
        &json!({"game": {"variant": "heroes-hexagonal"}, "piece": "elephant"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let e = r.json();
    let out = run(&[
        "explain",
        &crate::common::variant_arg("heroes-hexagonal.toml"),
        "elephant",
    ]);
    assert_eq!(
        e["text"].as_str().unwrap(),
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(e["svg"].as_str().unwrap().starts_with("<svg"));
    let r = server.post(
        "/api/explain",
        &json!({"game": {"variant": "chess"}, "piece": "dragon"}),
    );
    assert_eq!(r.status, 400);
}

#[test]
fn the_engine_answers_a_legal_move_within_the_time_limit() {
    let server = Server::start(&[]);
    let rules = load_variant("glinski.toml");
    let r = server.post(
        "/api/engine",
        &json!({"game": {"variant": "glinski", "moves": ["f5f6"]}, "movetime_ms": 100}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let e = r.json();
    let mut p = start(&rules);
    p.play(&rules, "f5f6").unwrap();
    let legal = library_moves(&rules, &to_fen(&rules, &p));
    assert!(legal.contains(e["move"].as_str().unwrap()), "{e}");
    assert_eq!(e["pv"][0], e["move"]);
    assert!(e["depth"].as_u64().unwrap() >= 1);
    for ms in [0, 10_001] {
        let r = server.post(
            "/api/engine",
            &json!({"game": {"variant": "chess"}, "movetime_ms": ms}),
        );
        assert_eq!(r.status, 400);
        assert_eq!(r.error(), "movetime_ms must be 1 to 10000");
    }
}

#[test]
fn perft_divides_as_the_library_and_stops_at_its_budget() {
    let server = Server::start(&[]);
    let rules = load_variant("chess.toml");
    let game = json!({"variant": "chess", "moves": ["e2e4"]});
    let r = server.post("/api/perft", &json!({"game": game, "depth": 3}));
    assert_eq!(r.status, 200, "{}", r.body);
    let p = r.json();
    let mut pos = start(&rules);
    pos.play(&rules, "e2e4").unwrap();
    let rows = divide(&rules, &mut pos, 3);
    let got: Vec<(String, u64)> = p["divide"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["move"].as_str().unwrap().to_string(),
                r["nodes"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, rows);
    assert_eq!(
        p["nodes"].as_u64().unwrap(),
        rows.iter().map(|r| r.1).sum::<u64>()
    );
    for depth in [0, 8] {
        let r = server.post("/api/perft", &json!({"game": game, "depth": depth}));
        assert_eq!(r.status, 400);
        assert_eq!(r.error(), "depth must be 1 to 7");
    }
    // Depth 7 of Hectochess is billions of nodes: stopped at the node budget.
    let r = server.post(
        "/api/perft",
        &json!({"game": {"variant": "hectochess"}, "depth": 7}),
    );
    assert_eq!(r.status, 422);
    assert!(
        r.error().starts_with("perft 7 stopped: it needs more than"),
        "{}",
        r.body
    );
}

#[test]
fn bad_games_are_refused_with_the_reason() {
    let server = Server::start(&[]);
    let state = |game: Value| server.post("/api/state", &json!({ "game": game }));
    let r = state(json!({"variant": "chess", "moves": ["e2e4", "e2e4"]}));
    assert_eq!(r.status, 400);
    assert!(
        r.error().starts_with("move 2 (`e2e4`): illegal move"),
        "{}",
        r.body
    );
    let r = state(json!({"variant": "chess", "fen": "8/8/8 w"}));
    assert_eq!(r.status, 400);
    assert!(r.error().starts_with("position string: "), "{}", r.body);
    let r = state(json!({"variant": "chess", "toml": "x"}));
    assert_eq!(r.status, 400);
    assert!(r.error().contains("not both"));
    let r = state(json!({"moves": []}));
    assert_eq!(r.status, 400);
    let r = state(json!({"variant": "chess", "colour": "white"}));
    assert_eq!(r.status, 422);
    assert!(r.error().contains("unknown field `colour`"), "{}", r.body);
}

#[test]
fn requests_over_the_limits_are_refused_as_json() {
    let server = Server::start(&[]);
    // A body over the limit.
    let big = json!({"name": "big.toml", "toml": "#".repeat(600 * 1024)});
    let r = server.post("/api/validate", &big);
    assert_eq!(r.status, 413);
    assert!(r.error().starts_with("bad request body: "), "{}", r.body);
    // A variant text over its own limit, in a body under the body limit.
    let big = json!({"name": "big.toml", "toml": "#".repeat(300 * 1024)});
    let r = server.post("/api/validate", &big);
    assert_eq!(r.status, 413);
    assert!(r.error().contains("at most 262144"), "{}", r.body);
    // Too many moves.
    let moves: Vec<&str> = std::iter::repeat_n("e2e4", 2001).collect();
    let r = server.post(
        "/api/state",
        &json!({"game": {"variant": "chess", "moves": moves}}),
    );
    assert_eq!(r.status, 413);
    assert_eq!(r.error(), "2001 moves: a game may have at most 2000");
    // Not JSON; not declared JSON.
    let r = server.send(
        "POST",
        "/api/state",
        &[("Content-Type", "application/json")],
        b"{nope",
    );
    assert_eq!(r.status, 400);
    assert!(r.error().starts_with("bad request body: "));
    let r = server.send("POST", "/api/state", &[], b"{}");
    assert_eq!(r.status, 415);
    assert!(r.error().starts_with("bad request body: "));
    // Unknown paths and methods.
    let r = server.get("/api/nothing");
    assert_eq!(r.status, 404);
    assert_eq!(r.error(), "no such page or API endpoint: GET /api/nothing");
    let r = server.get("/api/state");
    assert_eq!(r.status, 405);
    assert_eq!(r.error(), "/api/state does not take GET");
}

#[test]
fn only_requests_to_localhost_from_its_own_page_are_answered() {
    let server = Server::start(&[]);
    let get = |headers: &str| {
        server.raw(
            format!("GET /api/variants HTTP/1.1\r\n{headers}Connection: close\r\n\r\n").as_bytes(),
        )
    };
    let r = get("Host: attacker.example:80\r\n");
    assert_eq!(r.status, 403);
    assert!(r.error().contains("localhost only"));
    let port = server.addr.port();
    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}")] {
        assert_eq!(get(&format!("Host: {host}\r\n")).status, 200);
        let same = format!("Host: {host}\r\nOrigin: http://{host}\r\n");
        assert_eq!(get(&same).status, 200);
        let other = format!("Host: {host}\r\nOrigin: http://attacker.example\r\n");
        let r = get(&other);
        assert_eq!(r.status, 403);
        assert!(r.error().contains("other sites"));
    }
}

#[test]
fn many_games_at_once_each_get_their_own_answer() {
    let server = Server::start(&[]);
    let games = [
        ("chess", vec!["e2e4", "e7e5"]),
        ("hectochess", vec!["e3e4"]),
        ("glinski", vec!["f5f6"]),
        ("heroes-hexagonal", vec![]),
        ("capablanca", vec!["e2e4"]),
    ];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..40)
            .map(|i| {
                let server = &server;
                let (id, moves) = &games[i % games.len()];
                scope.spawn(move || {
                    let r = server.post(
                        "/api/state",
                        &json!({"game": {"variant": id, "moves": moves}}),
                    );
                    assert_eq!(r.status, 200, "{}", r.body);
                    (i, r.json()["fen"].as_str().unwrap().to_string())
                })
            })
            .collect();
        for h in handles {
            let (i, fen) = h.join().unwrap();
            let (id, moves) = &games[i % games.len()];
            let rules = load_variant(&format!("{id}.toml"));
            let mut p = start(&rules);
            for m in moves {
                p.play(&rules, m).unwrap();
            }
            assert_eq!(fen, to_fen(&rules, &p), "{id}");
        }
    });
}

#[test]
fn validate_reports_warnings_of_a_text_that_compiles() {
    let server = Server::start(&[]);
    let toml = "extends = \"chess\"\n[variant]\nname = \"Walled\"\n[pieces.wall]\nletter = \"W\"\nbetza = \"\"\n";
    let r = server.post(
        "/api/validate",
        &json!({"name": "walled.toml", "toml": toml}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["ok"], true, "{v}");
    let warnings = v["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{v}");
    let w = &warnings[0];
    assert_eq!(w["severity"], "warning");
    assert_eq!(
        (w["line"].as_u64(), w["column"].as_u64()),
        (Some(6), Some(10))
    );
    assert!(
        w["message"].as_str().unwrap().contains("can never move"),
        "{w}"
    );
    // A file without any has an empty list.
    let plain = "extends = \"chess\"\n[variant]\nname = \"Plain\"\n";
    let v = server
        .post(
            "/api/validate",
            &json!({"name": "plain.toml", "toml": plain}),
        )
        .json();
    assert_eq!(v["warnings"], json!([]), "{v}");
}

#[test]
fn hands_and_drops_are_described() {
    let server = Server::start(&[]);
    let game = json!({"variant": "kyotoshogi", "fen": "1+nksP/1p3/5/5/+LSK+N1[L] w - 1 3"});
    let s = server.post("/api/state", &json!({ "game": game })).json();
    assert_eq!(s["has_hands"], true);
    assert_eq!(
        s["hands"],
        json!([{"color": "white", "kind": "lance", "count": 1}])
    );
    // Two drops on c3, both of the Lance held in hand: as itself, and turned over.
    let on_c3: Vec<&Value> = s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["to"] == "c3" && m["drop"] == "lance")
        .collect();
    assert_eq!(on_c3.len(), 2, "{on_c3:?}");
    assert!(on_c3
        .iter()
        .any(|m| m["text"] == "L@c3" && m["becomes"].is_null()));
    assert!(on_c3
        .iter()
        .any(|m| m["text"] == "+L@c3" && m["becomes"]["id"] == "lance-tokin"));
    assert!(on_c3
        .iter()
        .all(|m| m["kinds"].as_array().unwrap().contains(&json!("drop"))));
}
