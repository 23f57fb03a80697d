//! Perft benchmarks from the start position of every shipped variant (one thread, bulk
//! counting). Criterion reports time per iteration; nodes/s = nodes / time, and the
//! throughput line shows it directly.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fairyrules::perft;
use fairyrules::{Position, Rules};
use std::path::Path;

fn bench_variant(c: &mut Criterion, file: &str, depth: u32) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("variants")
        .join(file);
    let rules = Rules::load(&path).expect("shipped variant loads");
    let mut pos = Position::start(&rules);
    let nodes = perft(&rules, &mut pos, depth);
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("{file} depth {depth}"), |b| {
        b.iter(|| perft(&rules, &mut pos, depth))
    });
    group.finish();
}

fn perft_benches(c: &mut Criterion) {
    bench_variant(c, "chess.toml", 5);
    bench_variant(c, "capablanca.toml", 4);
    bench_variant(c, "hectochess.toml", 4);
    bench_variant(c, "glinski.toml", 4);
    bench_variant(c, "hero-chess.toml", 4);
    bench_variant(c, "hero-chess-queen.toml", 4);
    bench_variant(c, "superhero-chess.toml", 4);
    bench_variant(c, "heroes-hexagonal.toml", 4);
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
