//! The learned evaluation ([`fairyrules::engine::net`]): colour symmetry by construction, a
//! zero correction changing nothing, a full net replacing the hand-crafted evaluation, and
//! nets for another board refused rather than misread.

use std::sync::Arc;

use crate::common::{fresh_dir, load_variant, random_move, run, variant_arg, Rng};
use fairyrules::engine::eval::Evaluator;
use fairyrules::engine::net::{IntegerNet, Net, NetAccumulator, NetMode, LOGIT_SCALE};
use fairyrules::engine::{Engine, Features, Limits};
use fairyrules::{parse_fen, Rules};

/// A net of `hidden` units with varied, repeatable weights.
fn varied_net(rules: &Rules, hidden: usize, mode: NetMode) -> Net {
    let mut net = Net::zeros(rules.kinds().len(), rules.cells(), hidden, mode);
    for (i, w) in net.weights1.iter_mut().enumerate() {
        *w = ((i * 7919 % 1000) as f32 / 1000.0 - 0.5) * 0.4;
    }
    for (i, b) in net.bias1.iter_mut().enumerate() {
        *b = 0.3 + (i % 5) as f32 * 0.1;
    }
    for (i, w) in net.weights2.iter_mut().enumerate() {
        *w = ((i * 104_729 % 997) as f32 / 997.0 - 0.5) * 2.0;
    }
    net.bias2 = 0.05;
    net
}

/// The chess position seen from the other side: ranks reversed, colours swapped.
fn colour_mirror(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    format!("{} {side} - - 0 1", board.join("/"))
}

#[test]
fn a_net_scores_a_position_and_its_colour_mirror_alike() {
    let rules = load_variant("chess.toml");
    let net = varied_net(&rules, 16, NetMode::Full);
    for fen in [
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 4 4",
        "8/5pk1/6p1/3R4/1r6/6P1/5PK1/8 b - - 0 40",
        "4k3/8/8/3Q4/8/8/8/4K3 w - - 0 1",
    ] {
        let pos = parse_fen(&rules, fen).unwrap();
        let mirrored = parse_fen(&rules, &colour_mirror(fen)).unwrap();
        let (a, b) = (net.evaluate(&rules, &pos), net.evaluate(&rules, &mirrored));
        assert_eq!(a, b, "{fen}");
        assert_ne!(a, 0, "the varied net scores {fen}");
    }
}

/// The score as `examples/train_net.rs` computes it: the inputs of each perspective
/// ([`Net::for_each_input`]) summed into the hidden units.
fn score_from_inputs(net: &Net, rules: &Rules, pos: &fairyrules::Position) -> i32 {
    let side = pos.side_to_move();
    let mut out = net.bias2;
    for (viewer, weights) in [side, side.flip()]
        .into_iter()
        .zip(net.weights2.chunks(net.hidden))
    {
        let mut sums = net.bias1.clone();
        net.for_each_input(rules, pos, viewer, |input| {
            for (s, w) in sums
                .iter_mut()
                .zip(&net.weights1[input * net.hidden..(input + 1) * net.hidden])
            {
                *s += w;
            }
        });
        for (s, w) in sums.iter().zip(weights) {
            out += s.clamp(0.0, 1.0) * w;
        }
    }
    (out * LOGIT_SCALE).round() as i32
}

#[test]
fn the_engine_scores_a_net_as_its_trainer_reads_the_inputs() {
    for (variant, fen) in [
        (
            "chess.toml",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b - - 4 4",
        ),
        ("chess.toml", "8/5pk1/6p1/3R4/1r6/6P1/5PK1/8 w - - 0 40"),
        ("capablanca.toml", ""),
        ("heroes-hexagonal.toml", ""),
    ] {
        let rules = load_variant(variant);
        let fen = if fen.is_empty() {
            rules.start_fen()
        } else {
            fen
        };
        let pos = parse_fen(&rules, fen).unwrap();
        let net = varied_net(&rules, 12, NetMode::Full);
        let expected = score_from_inputs(&net, &rules, &pos);
        assert!(
            (net.evaluate(&rules, &pos) - expected).abs() <= 1,
            "{variant} {fen}"
        );
    }
}

/// The engine keeps the net's sums up to date from one evaluated position to the next
/// (only the cells whose pieces changed); that must give exactly the sums computed from
/// scratch, down a game and back up it (as a search goes), whatever a move does to the
/// board: castling, promotion, en passant, drops from hand, explosions, a Hero's borrowed
/// moves, a hexagonal board — and whatever the number of hidden units (the sums are
/// brought up to date 64, 8 or 1 at a time).
#[test]
fn the_net_kept_up_to_date_move_by_move_scores_as_from_scratch() {
    for (variant, hidden) in [
        ("chess.toml", 64),
        ("chess.toml", 69),
        ("crazyhouse.toml", 24),
        ("atomic.toml", 24),
        ("shogi.toml", 128),
        ("hero-chess.toml", 24),
        ("heroes-hexagonal.toml", 24),
    ] {
        let rules = load_variant(variant);
        let net = IntegerNet::new(&varied_net(&rules, hidden, NetMode::Full), &rules);
        let mut kept = NetAccumulator::default();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut pos = parse_fen(&rules, rules.start_fen()).unwrap();
        let mut check = |pos: &fairyrules::Position, what: &str| {
            let fresh = net.evaluate(pos, &mut NetAccumulator::default());
            let kept = net.evaluate(pos, &mut kept);
            assert_eq!(kept, fresh, "{variant}, {hidden} units: {what}");
        };
        for game in 0..6 {
            let mut made = 0;
            for ply in 0..80 {
                check(&pos, &format!("game {game} ply {ply}"));
                if !random_move(&rules, &mut pos, &mut rng) {
                    break;
                }
                made += 1;
            }
            // Back up part of the way, as a search returns from a line.
            for back in 0..made / 2 {
                pos.unmake(&rules);
                check(&pos, &format!("game {game}, {back} moves back"));
            }
        }
    }
}

/// A hand-made file may hold any finite numbers: weights near `f32::MAX` are clamped to
/// [`fairyrules::engine::net::MAX_WEIGHT`] in the engine's integers (no overflow, no panic)
/// and the score stays within the evaluation's bounds.
#[test]
fn a_net_with_huge_weights_scores_within_bounds() {
    let rules = load_variant("chess.toml");
    let mut net = varied_net(&rules, 8, NetMode::Full);
    for w in net.weights1.iter_mut().chain(&mut net.bias1) {
        *w = if *w > 0.0 { 3.0e38 } else { -3.0e38 };
    }
    net.weights2.iter_mut().for_each(|w| *w *= 1.0e30);
    let net = Arc::new(net);
    let mut evaluator = Evaluator::new(&rules, None);
    evaluator.set_net(&rules, Some(net.clone()));
    let mut pos = parse_fen(&rules, rules.start_fen()).unwrap();
    let mut rng = Rng(7);
    for _ in 0..40 {
        let score = evaluator.evaluate(&rules, &pos);
        assert!(score.abs() <= 20_000, "{score}");
        assert_eq!(score, net.evaluate(&rules, &pos));
        if !random_move(&rules, &mut pos, &mut rng) {
            break;
        }
    }
}

#[test]
fn a_net_scores_positions_on_a_hexagonal_board() {
    let rules = load_variant("heroes-hexagonal.toml");
    let net = varied_net(&rules, 8, NetMode::Residual);
    let pos = parse_fen(&rules, rules.start_fen()).unwrap();
    let mut evaluator = Evaluator::new(&rules, None);
    let before = evaluator.evaluate(&rules, &pos);
    evaluator.set_net(&rules, Some(Arc::new(net.clone())));
    assert_eq!(
        evaluator.evaluate(&rules, &pos),
        before + net.evaluate(&rules, &pos)
    );
}

#[test]
fn a_zero_residual_net_leaves_the_search_unchanged() {
    let rules = load_variant("chess.toml");
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let search = |net: Option<Net>| {
        let mut engine = Engine::new(4);
        if net.is_none() {
            // The hand-crafted evaluation alone, whatever net the file names.
            engine.set_features(Features::parse("-net").unwrap());
        }
        engine.set_net(net.map(Arc::new));
        let mut pos = parse_fen(&rules, fen).unwrap();
        let r = engine.search(&rules, &mut pos, &Limits::depth(6));
        (r.best, r.score, r.nodes)
    };
    let zero = Net::zeros(rules.kinds().len(), rules.cells(), 8, NetMode::Residual);
    assert_eq!(search(Some(zero)), search(None));
    let varied = varied_net(&rules, 8, NetMode::Residual);
    assert_ne!(
        search(Some(varied)),
        search(None),
        "a net that scores changes the search"
    );
}

#[test]
fn a_full_net_replaces_the_hand_crafted_evaluation() {
    let rules = load_variant("chess.toml");
    let mut net = Net::zeros(rules.kinds().len(), rules.cells(), 4, NetMode::Full);
    net.bias2 = 0.5;
    let mut evaluator = Evaluator::new(&rules, None);
    evaluator.set_net(&rules, Some(Arc::new(net)));
    for fen in [
        rules.start_fen().to_string(),
        "4k3/8/8/3Q4/8/8/8/4K3 b - - 0 1".to_string(),
    ] {
        let pos = parse_fen(&rules, &fen).unwrap();
        assert_eq!(
            evaluator.evaluate(&rules, &pos),
            (0.5 * LOGIT_SCALE) as i32,
            "{fen}"
        );
    }
}

#[test]
fn a_net_for_another_board_is_not_used_and_match_refuses_it() {
    let chess = load_variant("chess.toml");
    let capablanca = load_variant("capablanca.toml");
    let mut net = Net::zeros(chess.kinds().len(), chess.cells(), 4, NetMode::Full);
    net.bias2 = 1.0;
    assert!(net.check(&capablanca).unwrap_err().contains("80 cells"));
    let pos = parse_fen(&capablanca, capablanca.start_fen()).unwrap();
    let mut evaluator = Evaluator::new(&capablanca, None);
    let before = evaluator.evaluate(&capablanca, &pos);
    evaluator.set_net(&capablanca, Some(Arc::new(net.clone())));
    assert_eq!(evaluator.evaluate(&capablanca, &pos), before);

    let out = match_with_net("capablanca.toml", &net.to_text(), 1);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("trained for 6 kinds on 64 cells"), "{err}");

    let truncated = "fairyrules-net 1 kinds 6 cells 64 hidden 4 mode full\n1 2";
    let out = match_with_net("chess.toml", truncated, 1);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ends before its last weight"), "{err}");
}

#[test]
fn match_plays_with_a_net() {
    let rules = load_variant("chess.toml");
    let net = varied_net(&rules, 8, NetMode::Residual);
    let out = match_with_net("chess.toml", &net.to_text(), 2);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("net="), "the report names the engine: {text}");
}

/// A two-game `match` of a shipped variant at a fixed depth, the first engine using the
/// net file `net_text` (written to a fresh folder); no game file is written.
fn match_with_net(variant: &str, net_text: &str, depth: u32) -> std::process::Output {
    let file = fresh_dir("net").join("test.net");
    std::fs::write(&file, net_text).unwrap();
    let spec = format!("fairyrules net={}", file.display());
    let depth = depth.to_string();
    let variant = variant_arg(variant);
    let args = [
        "match",
        "--quiet",
        &variant,
        "--games",
        "2",
        "--depth",
        &depth,
        "--pgn",
        "-",
        "--engine1",
        &spec,
    ];
    run(&args)
}
