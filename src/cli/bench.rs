//! `fairyrules bench`: perft speed of variants from their start positions, as a table.
//!
//! For each file the depth grows until one run takes at least the time budget; the row shows
//! that deepest run: depth, nodes, seconds and nodes per second (one thread unless asked).

use std::path::{Path, PathBuf};
use std::time::Instant;

use fairyrules::{perft_parallel, Position, Rules};

/// One measured row.
#[derive(Debug, Clone)]
pub struct BenchRow {
    /// Variant name.
    pub variant: String,
    /// Perft depth of the measured run.
    pub depth: u32,
    /// Leaf nodes.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl BenchRow {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }
}

/// The shipped variant files under `dir`, sorted.
pub fn variant_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Measure one variant: deepen until a run takes `budget` seconds (or `max_depth`).
pub fn bench_file(
    file: &Path,
    budget: f64,
    max_depth: u32,
    threads: usize,
) -> Result<BenchRow, String> {
    let rules = Rules::load(file).map_err(|f| f.render())?;
    let mut pos = Position::start(&rules);
    let mut row = BenchRow {
        variant: rules.name().to_string(),
        depth: 0,
        nodes: 1,
        seconds: 0.0,
    };
    for depth in 1..=max_depth {
        let start = Instant::now();
        let nodes = perft_parallel(&rules, &mut pos, depth, threads);
        let seconds = start.elapsed().as_secs_f64();
        row = BenchRow {
            variant: rules.name().to_string(),
            depth,
            nodes,
            seconds,
        };
        // The next depth costs roughly nodes(d)/nodes(d-1) times more; stop when this one
        // already filled the budget.
        if seconds >= budget {
            break;
        }
    }
    Ok(row)
}

/// Format rows as a text table.
pub fn table(rows: &[BenchRow]) -> String {
    let mut out = format!(
        "{:<30} {:>5} {:>12} {:>9} {:>12}\n",
        "variant", "depth", "nodes", "seconds", "Mnodes/s"
    );
    for r in rows {
        out.push_str(&format!(
            "{:<30} {:>5} {:>12} {:>9.3} {:>12.2}\n",
            r.variant,
            r.depth,
            r.nodes,
            r.seconds,
            r.nodes_per_second() / 1e6
        ));
    }
    out
}
