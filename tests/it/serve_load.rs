//! What requests to `fairyrules serve` cost, and how it behaves under 50 concurrent clients
//! on loopback. A measurement, not a check of speed: it asserts only that every request was
//! answered 200. `#[ignore]`d (it takes a few seconds of both cores):
//! `cargo test --release serve_load -- --ignored --nocapture`.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::serve::Server;

/// Milliseconds at a percentile of sorted durations.
fn pct(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

fn summary(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let mean = times.iter().sum::<Duration>().as_secs_f64() * 1000.0 / times.len() as f64;
    println!(
        "{name:<44} n={:<5} mean {mean:7.2} ms  p50 {:7.2}  p90 {:7.2}  p99 {:7.2}  max {:7.2}",
        times.len(),
        pct(&times, 0.5),
        pct(&times, 0.9),
        pct(&times, 0.99),
        pct(&times, 1.0)
    );
}

#[test]
#[ignore]
fn serve_load() {
    let server = Server::start(&[]);
    let text = std::fs::read_to_string(crate::common::variant_path("hectochess.toml")).unwrap();
    let piece = json!({"game": {"variant": "hectochess", "moves": ["e3e4", "e8e7"]}, "cell": "c2"});
    let state = json!({"game": {"variant": "hectochess", "moves": ["e3e4", "e8e7"]}});
    // A text the cache has not seen: what validating an edit costs.
    let fresh =
        |i: usize| json!({"name": "hectochess.toml", "toml": format!("{text}\n# edit {i}\n")});
    let timed = |path: &str, body: &serde_json::Value| {
        let t = Instant::now();
        let r = server.post(path, body);
        assert_eq!(r.status, 200, "{path}: {}", r.body);
        (t.elapsed(), r.json()["ms"].as_f64().unwrap_or(0.0))
    };

    // One request at a time: wall-clock on loopback, and the server's own compute time.
    let report = |name: &str, path: &str, body: &dyn Fn(usize) -> serde_json::Value| {
        let mut wall = Vec::new();
        let mut compute = 0.0;
        for i in 0..200 {
            let (t, ms) = timed(path, &body(i));
            wall.push(t);
            compute += ms;
        }
        summary(name, wall);
        println!("{:<44} server compute mean {:.3} ms", "", compute / 200.0);
    };
    println!("one at a time, Hectochess:");
    report("piece moves (/api/piece, Knight)", "/api/piece", &|_| {
        piece.clone()
    });
    report(
        "position + all moves + SVG (/api/state)",
        "/api/state",
        &|_| state.clone(),
    );
    report("validate, new text each time", "/api/validate", &fresh);
    report("validate, same text (cached)", "/api/validate", &|_| {
        fresh(0)
    });

    // 50 clients at once, each sending 20 requests of the three kinds, one connection each.
    let clients = 50;
    let per_client = 20;
    let start = Instant::now();
    let results: Vec<(usize, Duration, u16)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..clients)
            .map(|c| {
                let (server, piece, state, fresh) = (&server, &piece, &state, &fresh);
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for i in 0..per_client {
                        let kind = (c + i) % 3;
                        let t = Instant::now();
                        let r = match kind {
                            0 => server.post("/api/piece", piece),
                            1 => server.post("/api/state", state),
                            _ => server.post("/api/validate", &fresh(1000 + c * per_client + i)),
                        };
                        out.push((kind, t.elapsed(), r.status));
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let wall = start.elapsed();
    let errors = results.iter().filter(|r| r.2 != 200).count();
    println!(
        "\n{clients} concurrent clients x {per_client} requests: {} requests in {:.2} s \
         ({:.0} requests/s), {errors} not 200",
        results.len(),
        wall.as_secs_f64(),
        results.len() as f64 / wall.as_secs_f64()
    );
    for (kind, name) in ["piece moves", "state", "validate (new text)"]
        .iter()
        .enumerate()
    {
        summary(
            &format!("  {name}"),
            results
                .iter()
                .filter(|r| r.0 == kind)
                .map(|r| r.1)
                .collect(),
        );
    }
    summary("  all", results.iter().map(|r| r.1).collect());
    assert_eq!(errors, 0);
}
