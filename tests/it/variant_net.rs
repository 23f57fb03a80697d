//! A variant file's learned evaluation (`[engine] net = "FILE"`): read from the file's folder
//! (or, for a text not read from a file, from the shipped nets), checked to fit the rules,
//! not inherited by a file that `extends` it, played with by the engine unless `-net`, and
//! every problem with it located at the key.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::common::{fresh_dir, run};
use fairyrules::engine::net::{Net, NetMode};
use fairyrules::engine::{Engine, Features, Limits};
use fairyrules::{parse_fen, Rules};

/// A chess net of 4 units with varied, repeatable weights.
fn small_chess_net(mode: NetMode) -> Net {
    let mut net = Net::zeros(6, 64, 4, mode);
    for (i, w) in net.weights1.iter_mut().enumerate() {
        *w = ((i * 7919 % 1000) as f32 / 1000.0 - 0.5) * 0.4;
    }
    for (i, w) in net.weights2.iter_mut().enumerate() {
        *w = ((i * 104_729 % 997) as f32 / 997.0 - 0.5) * 2.0;
    }
    net.bias1 = vec![0.3, 0.4, 0.5, 0.6];
    net.bias2 = 0.05;
    net
}

/// Write `files` (name, text) into a fresh folder; returns the folder.
fn write_files(files: &[(&str, &str)]) -> PathBuf {
    let dir = fresh_dir("variant-net");
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

/// A chess file (extending the shipped one) that names `net` in `[engine]`.
fn chess_naming(net: &str) -> String {
    format!("extends = \"chess\"\n[variant]\nname = \"Mine\"\n[engine]\nnet = \"{net}\"\n")
}

/// A fresh folder holding `mine.toml` (chess naming `mine.net`), `mine.net` with
/// `net_text`, and the files `more`.
fn mine_with_net(net_text: &str, more: &[(&str, &str)]) -> PathBuf {
    let mine = chess_naming("mine.net");
    let mut files = vec![("mine.toml", mine.as_str()), ("mine.net", net_text)];
    files.extend_from_slice(more);
    write_files(&files)
}

/// Load `mine.toml` in `dir`, expecting errors; returns them rendered.
fn load_error(dir: &Path) -> String {
    match Rules::load(dir.join("mine.toml")) {
        Ok(_) => panic!("mine.toml loaded"),
        Err(e) => e.render(),
    }
}

#[test]
fn a_variant_file_names_its_learned_evaluation() {
    let net = small_chess_net(NetMode::Residual);
    let dir = mine_with_net(&net.to_text(), &[]);
    let rules = Rules::load(dir.join("mine.toml")).unwrap();
    assert_eq!(rules.net().map(|n| &**n), Some(&net));
    let no_net =
        Rules::load(write_files(&[("plain.toml", "extends = \"chess\"\n")]).join("plain.toml"))
            .unwrap();
    assert!(no_net.net().is_none(), "no [engine] table, no net");
}

#[test]
fn the_net_path_is_read_from_the_variant_files_folder() {
    let net = small_chess_net(NetMode::Full);
    let dir = fresh_dir("variant-net");
    std::fs::create_dir_all(dir.join("nets")).unwrap();
    std::fs::write(dir.join("nets/mine.net"), net.to_text()).unwrap();
    std::fs::write(dir.join("mine.toml"), chess_naming("nets/mine.net")).unwrap();
    // Loaded from another working folder: the path starts at the file's folder.
    let rules = Rules::load(dir.join("mine.toml")).unwrap();
    assert_eq!(rules.net().map(|n| &**n), Some(&net));
}

#[test]
fn a_file_that_extends_one_with_a_net_does_not_inherit_it() {
    let net = small_chess_net(NetMode::Residual);
    let dir = mine_with_net(
        &net.to_text(),
        &[(
            "child.toml",
            "extends = \"mine.toml\"\n[variant]\nname = \"Child\"\n",
        )],
    );
    assert!(Rules::load(dir.join("mine.toml")).unwrap().net().is_some());
    let child = Rules::load(dir.join("child.toml")).unwrap();
    assert!(
        child.net().is_none(),
        "a net fits one file's rules: the child has none"
    );
}

#[test]
fn the_engine_plays_with_the_files_net_unless_told_not_to() {
    let net = small_chess_net(NetMode::Residual);
    let dir = mine_with_net(
        &net.to_text(),
        &[(
            "plain.toml",
            "extends = \"chess\"\n[variant]\nname = \"Mine\"\n",
        )],
    );
    let with_net = Rules::load(dir.join("mine.toml")).unwrap();
    let without = Rules::load(dir.join("plain.toml")).unwrap();
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let search = |rules: &Rules, features: &str, given: Option<Net>| {
        let mut engine = Engine::new(4);
        engine.set_features(Features::parse(features).unwrap());
        engine.set_net(given.map(Arc::new));
        let mut pos = parse_fen(rules, fen).unwrap();
        let r = engine.search(rules, &mut pos, &Limits::depth(5));
        (r.best, r.score, r.nodes)
    };
    let plain = search(&without, "", None);
    assert_ne!(search(&with_net, "", None), plain, "the file's net scores");
    assert_eq!(
        search(&with_net, "-net", None),
        plain,
        "-net: hand-crafted alone"
    );
    // A net given to the engine takes the file's one's place.
    assert_eq!(
        search(&with_net, "", Some(net.clone())),
        search(&without, "", Some(net.clone()))
    );
    let engine = Engine::new(1);
    assert_eq!(engine.net_for(&with_net).map(|n| (*n).clone()), Some(net));
    assert!(engine.net_for(&without).is_none());
}

#[test]
fn a_missing_net_file_is_an_error_at_its_key() {
    let dir = write_files(&[("mine.toml", &chess_naming("absent.net"))]);
    let error = load_error(&dir);
    assert!(error.contains("mine.toml:5:8"), "{error}");
    assert!(error.contains("no net file `absent.net`"), "{error}");
    assert!(error.contains("variant file's folder"), "{error}");
}

#[test]
fn a_file_that_is_not_a_net_is_an_error_at_its_key() {
    let dir = mine_with_net(
        "fairyrules-net 1 kinds 6 cells 64 hidden 4 mode residual\n1 2 x\n",
        &[],
    );
    let error = load_error(&dir);
    assert!(error.contains("mine.toml:5:8"), "{error}");
    assert!(error.contains("is not a net file"), "{error}");
}

#[test]
fn a_net_for_another_board_is_an_error_at_its_key() {
    let other = Net::zeros(7, 90, 4, NetMode::Residual);
    let dir = mine_with_net(&other.to_text(), &[]);
    let error = load_error(&dir);
    assert!(error.contains("mine.toml:5:8"), "{error}");
    assert!(error.contains("does not fit this variant"), "{error}");
    assert!(error.contains("7 kinds on 90 cells"), "{error}");
}

#[test]
fn an_unknown_engine_key_is_an_error_naming_the_valid_one() {
    let text = "extends = \"chess\"\n[variant]\nname = \"Mine\"\n[engine]\nnett = \"x.net\"\n";
    let dir = write_files(&[("mine.toml", text)]);
    let error = load_error(&dir);
    assert!(error.contains("mine.toml:5:1"), "{error}");
    assert!(error.contains("unknown key `nett` in [engine]"), "{error}");
    assert!(error.contains("`net`"), "{error}");
}

#[test]
fn a_net_problem_is_reported_with_the_files_other_problems() {
    let text = format!(
        "{}[pieces.pawn]\nbetza = \"Kx\"\n",
        chess_naming("absent.net")
    );
    let dir = write_files(&[("mine.toml", &text)]);
    let error = load_error(&dir);
    assert!(error.contains("no net file `absent.net`"), "{error}");
    assert!(
        error.contains("mine.toml:7:"),
        "the Betza error too: {error}"
    );
}

#[test]
fn a_text_not_read_from_a_file_names_only_shipped_nets() {
    let error = Rules::from_text("buffer.toml", &chess_naming("mine.net")).unwrap_err();
    let rendered = error.render();
    assert!(rendered.contains("no net file `mine.net`"), "{rendered}");
    assert!(
        rendered.contains("a text not read from a file can name only a shipped net"),
        "{rendered}"
    );
}

#[test]
fn validate_names_the_net_problem() {
    let dir = write_files(&[("mine.toml", &chess_naming("absent.net"))]);
    let path = dir.join("mine.toml");
    let out = run(&["validate", path.to_str().unwrap()]);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("no net file `absent.net`"), "{text}");
    assert!(text.contains(":5:8"), "{text}");
}

#[test]
fn the_shipped_chess_net_is_read_from_the_folder_and_from_the_binary() {
    let on_disk = crate::common::load_variant("chess.toml");
    let embedded = Rules::shipped("chess").unwrap().unwrap();
    let net = on_disk.net().expect("chess.toml names nets/chess.net");
    assert_eq!(Some(net), embedded.net());
    assert!(net.check(&on_disk).is_ok());
    // The web page's editor compiles the file's text without reading files.
    let text = std::fs::read_to_string(crate::common::variant_path("chess.toml")).unwrap();
    let edited = Rules::from_text("chess.toml", &text).unwrap();
    assert_eq!(Some(net), edited.net());
    // Chess960 extends chess and names no net of its own.
    assert!(crate::common::load_variant("chess960.toml").net().is_none());
}

#[test]
fn every_shipped_net_fits_the_shipped_file_that_names_it() {
    // Each shipped file naming a net: the net fits its rules and is the same read from the
    // folder, from the binary and from the file's text; each net in variants/nets/ is named.
    let dir = crate::common::variants_dir();
    let mut named: Vec<Arc<Net>> = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let rules = Rules::load(&path).unwrap();
        let Some(net) = rules.net() else { continue };
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        assert!(net.check(&rules).is_ok(), "{stem}'s net does not fit it");
        let embedded = Rules::shipped(&stem).unwrap().unwrap();
        assert_eq!(Some(net), embedded.net(), "{stem} from the binary");
        let text = std::fs::read_to_string(&path).unwrap();
        let edited = Rules::from_text(&format!("{stem}.toml"), &text).unwrap();
        assert_eq!(Some(net), edited.net(), "{stem} from its text");
        named.push(net.clone());
    }
    let mut shipped = 0;
    for entry in std::fs::read_dir(dir.join("nets")).unwrap() {
        let path = entry.unwrap().path();
        let net = Net::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert!(
            named.iter().any(|n| **n == net),
            "{} is named by no shipped variant",
            path.display()
        );
        shipped += 1;
    }
    assert!(
        shipped >= 1 && named.len() >= shipped,
        "{shipped} nets, {} named",
        named.len()
    );
}

#[test]
fn a_shipped_net_is_parsed_once_and_shared_by_every_load() {
    // The web page's editor compiles its text again at each edit: the half-megabyte chess
    // net must not be parsed each time.
    let text = std::fs::read_to_string(crate::common::variant_path("chess.toml")).unwrap();
    let first = Rules::from_text("chess.toml", &text).unwrap();
    let again = Rules::from_text("edited.toml", &text).unwrap();
    let shipped = Rules::shipped("chess").unwrap().unwrap();
    let net = first.net().expect("chess names a shipped net");
    assert!(std::sync::Arc::ptr_eq(net, again.net().unwrap()));
    assert!(std::sync::Arc::ptr_eq(net, shipped.net().unwrap()));
    // A net file beside a variant file is read at each load (its author may change it).
    let dir = mine_with_net(&small_chess_net(NetMode::Residual).to_text(), &[]);
    let path = dir.join("mine.toml");
    let (a, b) = (Rules::load(&path).unwrap(), Rules::load(&path).unwrap());
    assert_eq!(a.net(), b.net());
    assert!(!std::sync::Arc::ptr_eq(a.net().unwrap(), b.net().unwrap()));
}

#[test]
fn a_nets_debug_text_is_its_header_not_its_weights() {
    let rules = crate::common::load_variant("chess.toml");
    let text = format!("{:?}", rules.net().unwrap());
    assert!(
        text.contains("kinds: 6") && text.contains("hidden: 64"),
        "{text}"
    );
    assert!(text.len() < 200, "{} characters", text.len());
}
