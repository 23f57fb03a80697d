//! Trains a learned evaluation ([`fairyrules::engine::net`]) on labelled positions: `.labels`
//! files of `POSITION ; CENTIPAWNS` lines (the score for White), as
//! `scripts/label_positions.py` writes them (`--depth N` for a search's scores):
//!
//! ```sh
//! cargo run --release --example train_net -- variants/chess.toml chess.labels [more.labels] \
//!     [--hidden 64] [--epochs 20] [--lr 0.001] [--batch 256] [--mode residual|full] \
//!     [--out chess.net] [--seed S] [--max-cp CP] [--hold-out-last] [--keep-scale] [--no-tempo]
//!     [--start NET] [--hold-out HELD.labels]
//! ```
//!
//! The labelling engine's centipawns are first converted to ours by the factor that best
//! fits the hand-crafted evaluation to them (unless `--keep-scale`); positions beyond
//! `--max-cp` by their label or by the hand-crafted evaluation are left out. The error is
//! the mean squared difference between winning chances, `1 / (1 + e^(−cp/400))`, of the
//! label and of the prediction. Every tenth position is held out, or with
//! `--hold-out-last` the last tenth: positions of games not trained on when the files are
//! in game order (every tenth position shares its games with the training positions and
//! rewards a net that learns those games), or with `--hold-out FILE` (which overrides
//! `--hold-out-last`) the positions of that file and none of the others: to measure on
//! games of another source. After each epoch the held-out error is printed
//! beside the hand-crafted evaluation's on the same positions, with the mean size of the
//! net's part of the score, and the net with the lowest held-out error is written to `--out`
//! (default `net.txt`), for `fairyrules match --engine1 "fairyrules net=FILE"`.
//! `--start NET` starts from a net file instead of seeded weights (to train it further, or
//! with `--epochs 0` to measure its held-out error on these positions).
//! A `residual` net (the default) learns what the hand-crafted evaluation misses and is
//! added to it; a `full` net is the whole evaluation. Adam on mini-batches shared out among
//! the machine's cores; the weights start from a seeded generator, so a run is repeatable.

use fairyrules::engine::eval::Evaluator;
use fairyrules::engine::net::{Net, NetMode, LOGIT_SCALE};
use fairyrules::{Color, Rules};

/// One labelled position: its active inputs per perspective (side to move's first), the
/// target winning chance and the logit the net's output is added to.
struct Sample {
    start: usize,
    split: usize,
    end: usize,
    target: f32,
    offset: f32,
}

struct Data {
    inputs: Vec<u32>,
    samples: Vec<Sample>,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A small seeded generator (xorshift) for the start weights and the shuffles.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn uniform(&mut self, half_width: f32) -> f32 {
        ((self.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * half_width
    }
}

/// Gradients of one batch (or one thread's share of it).
struct Grads {
    bias1: Vec<f32>,
    weights1: Vec<f32>,
    weights2: Vec<f32>,
    bias2: f32,
    loss: f64,
    /// Scratch: the error's gradient at one perspective's hidden sums.
    d_sum: Vec<f32>,
}

impl Grads {
    fn new(net: &Net) -> Grads {
        Grads {
            bias1: vec![0.0; net.bias1.len()],
            weights1: vec![0.0; net.weights1.len()],
            weights2: vec![0.0; net.weights2.len()],
            bias2: 0.0,
            loss: 0.0,
            d_sum: vec![0.0; net.hidden],
        }
    }
}

/// The net's output logit for a sample, and the hidden sums (side to move's, other's).
fn forward(net: &Net, data: &Data, s: &Sample, sums: &mut [Vec<f32>; 2]) -> f32 {
    let h = net.hidden;
    for (sum, range) in sums.iter_mut().zip([s.start..s.split, s.split..s.end]) {
        sum.copy_from_slice(&net.bias1);
        for &input in &data.inputs[range] {
            let row = &net.weights1[input as usize * h..(input as usize + 1) * h];
            for (a, w) in sum.iter_mut().zip(row) {
                *a += w;
            }
        }
    }
    let mut out = net.bias2 + s.offset;
    for (sum, w2) in sums.iter().zip(net.weights2.chunks(h)) {
        for (a, w) in sum.iter().zip(w2) {
            out += a.clamp(0.0, 1.0) * w;
        }
    }
    out
}

/// Adds one sample's gradients of the squared error of winning chances.
fn backward(net: &Net, data: &Data, s: &Sample, g: &mut Grads, sums: &mut [Vec<f32>; 2]) {
    let h = net.hidden;
    let out = forward(net, data, s, sums);
    let p = sigmoid(out);
    let diff = p - s.target;
    g.loss += f64::from(diff * diff);
    let d_out = 2.0 * diff * p * (1.0 - p);
    g.bias2 += d_out;
    let mut d_sum = std::mem::take(&mut g.d_sum);
    for (side, range) in [s.start..s.split, s.split..s.end].into_iter().enumerate() {
        let w2 = &net.weights2[side * h..(side + 1) * h];
        for i in 0..h {
            let a = sums[side][i];
            g.weights2[side * h + i] += d_out * a.clamp(0.0, 1.0);
            d_sum[i] = if a > 0.0 && a < 1.0 {
                d_out * w2[i]
            } else {
                0.0
            };
            g.bias1[i] += d_sum[i];
        }
        for &input in &data.inputs[range] {
            let row = &mut g.weights1[input as usize * h..(input as usize + 1) * h];
            for (r, d) in row.iter_mut().zip(&d_sum) {
                *r += d;
            }
        }
    }
    g.d_sum = d_sum;
}

/// Adam's moments of every weight, in the net's order.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn step(&mut self, params: &mut [&mut [f32]], grads: &[&[f32]], lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let mut k = 0;
        for (p, g) in params.iter_mut().zip(grads) {
            for (x, &d) in p.iter_mut().zip(g.iter()) {
                let m = &mut self.m[k];
                let v = &mut self.v[k];
                *m = B1 * *m + (1.0 - B1) * d;
                *v = B2 * *v + (1.0 - B2) * d * d;
                *x -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
                k += 1;
            }
        }
    }
}

/// The mean squared error over these samples, and the mean size of the net's own part of
/// the score (without the hand-crafted evaluation it corrects), in centipawns.
fn error(net: &Net, data: &Data, samples: &[usize]) -> (f64, f64) {
    let mut sums = [vec![0f32; net.hidden], vec![0f32; net.hidden]];
    let (mut total, mut size) = (0.0, 0.0);
    for &i in samples {
        let s = &data.samples[i];
        let out = forward(net, data, s, &mut sums);
        let d = sigmoid(out) - s.target;
        total += f64::from(d * d);
        size += f64::from((out - s.offset).abs() * LOGIT_SCALE);
    }
    let n = samples.len().max(1) as f64;
    (total / n, size / n)
}

/// Makes the net score a position and the same position with the other side to move as
/// opposites (the other side's units weigh the negative of the side to move's, no output
/// bias): it then has no bonus for having the move. Search scores of quiet positions favour
/// the side to move by about half a pawn on average, and a net that learns that as a
/// tempo bonus misleads the search (null moves, futility) — the hand-crafted evaluation
/// keeps its own small one.
fn without_tempo(net: &mut Net) {
    let h = net.hidden;
    for i in 0..h {
        let w = (net.weights2[i] - net.weights2[h + i]) / 2.0;
        net.weights2[i] = w;
        net.weights2[h + i] = -w;
    }
    net.bias2 = 0.0;
}

fn option<T: std::str::FromStr>(args: &mut Vec<String>, name: &str, default: T) -> T {
    match args.iter().position(|a| a == name) {
        Some(i) => {
            let value = args.get(i + 1).and_then(|v| v.parse().ok());
            args.drain(i..(i + 2).min(args.len()));
            value.unwrap_or_else(|| {
                eprintln!("{name} needs a value");
                std::process::exit(2)
            })
        }
        None => default,
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let hidden: usize = option(&mut args, "--hidden", 64);
    let epochs: usize = option(&mut args, "--epochs", 20);
    let lr: f32 = option(&mut args, "--lr", 0.001);
    let batch: usize = option(&mut args, "--batch", 256);
    let seed: u64 = option(&mut args, "--seed", 1);
    let out: String = option(&mut args, "--out", "net.txt".to_string());
    let start: String = option(&mut args, "--start", String::new());
    let hold_out_file: String = option(&mut args, "--hold-out", String::new());
    let max_cp: f32 = option(&mut args, "--max-cp", f32::INFINITY);
    let no_tempo = args.iter().any(|a| a == "--no-tempo");
    args.retain(|a| a != "--no-tempo");
    let hold_out_last = args.iter().any(|a| a == "--hold-out-last");
    args.retain(|a| a != "--hold-out-last");
    let keep_scale = args.iter().any(|a| a == "--keep-scale");
    args.retain(|a| a != "--keep-scale");
    let mode = match option(&mut args, "--mode", "residual".to_string()).as_str() {
        "full" => NetMode::Full,
        "residual" => NetMode::Residual,
        m => {
            eprintln!("--mode must be full or residual, not {m}");
            std::process::exit(2)
        }
    };
    if args.len() < 2 {
        eprintln!("usage: train_net VARIANT.toml POSITIONS.labels [...] [--hidden H] [--epochs E] [--lr R] [--batch B] [--mode residual|full] [--out FILE] [--seed S] [--keep-scale] [--max-cp CP] [--hold-out-last] [--no-tempo] [--start NET] [--hold-out HELD.labels]");
        std::process::exit(2);
    }
    let rules = Rules::load(&args[0]).unwrap_or_else(|e| {
        eprintln!("{}: {e}", args[0]);
        std::process::exit(2)
    });
    let mut net = Net::zeros(rules.kinds().len(), rules.cells(), hidden, mode);
    if !start.is_empty() {
        // Start from a net file (its size and mode, not --hidden's and --mode's).
        let text = std::fs::read_to_string(&start).unwrap_or_else(|e| {
            eprintln!("{start}: {e}");
            std::process::exit(2)
        });
        net = Net::parse(&text)
            .and_then(|n| n.fits(rules.kinds().len(), rules.cells()).map(|()| n))
            .unwrap_or_else(|e| {
                eprintln!("{start}: {e}");
                std::process::exit(2)
            });
    }
    let mut evaluator = Evaluator::new(&rules, None);
    let mut data = Data {
        inputs: Vec::new(),
        samples: Vec::new(),
    };
    let mut skipped = 0usize;
    // (position, label for the side to move, hand-crafted evaluation — both in centipawns —,
    // whether it comes from the --hold-out file).
    let mut rows = Vec::new();
    let mut files: Vec<(&String, bool)> = args[1..].iter().map(|f| (f, false)).collect();
    if !hold_out_file.is_empty() {
        files.push((&hold_out_file, true));
    }
    for (file, held) in files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(2)
        });
        for line in text.lines() {
            let parsed = line.rsplit_once(';').and_then(|(fen, cp)| {
                let pos = fairyrules::parse_fen(&rules, fen.trim()).ok()?;
                Some((pos, cp.trim().parse::<f32>().ok()?))
            });
            let Some((pos, white_cp)) = parsed else {
                skipped += 1;
                continue;
            };
            let label = if pos.side_to_move() == Color::White {
                white_cp
            } else {
                -white_cp
            };
            let hce = evaluator.evaluate(&rules, &pos) as f32;
            rows.push((pos, label, hce, held));
        }
    }
    // The labelling engine's centipawns need not be ours: the factor k that best fits
    // σ(k·ours) to σ(label) (golden-section search) converts them (label / k), unless
    // --keep-scale; the net then learns what the hand-crafted evaluation misses beyond its scale.
    let scale_error = |k: f32| -> f64 {
        rows.iter()
            .map(|(_, label, hce, _)| {
                let d = sigmoid(k * hce / LOGIT_SCALE) - sigmoid(label / LOGIT_SCALE);
                f64::from(d * d)
            })
            .sum::<f64>()
            / rows.len().max(1) as f64
    };
    let (mut lo, mut hi) = (0.2f32, 5.0f32);
    for _ in 0..40 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if scale_error(a) < scale_error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    let label_scale = if keep_scale { 1.0 } else { 1.0 / k };
    eprintln!(
        "the hand-crafted evaluation fits the labels best times {k:.3} (error {:.6}, {:.6} unscaled); labels scaled by {label_scale:.3}",
        scale_error(k),
        scale_error(1.0)
    );
    let before = rows.len();
    rows.retain(|(_, label, hce, _)| (label * label_scale).abs() <= max_cp && hce.abs() <= max_cp);
    if rows.len() < before {
        eprintln!(
            "{} positions left out: beyond {max_cp} cp (--max-cp) by the label or by the hand-crafted evaluation",
            before - rows.len()
        );
    }
    let mut hce_error = Vec::new();
    let from_hold_out_file: Vec<bool> = rows.iter().map(|r| r.3).collect();
    for (pos, label, hce, _) in &rows {
        let side = pos.side_to_move();
        let target = sigmoid(label * label_scale / LOGIT_SCALE);
        let start = data.inputs.len();
        net.for_each_input(&rules, pos, side, |i| data.inputs.push(i as u32));
        let split = data.inputs.len();
        net.for_each_input(&rules, pos, side.flip(), |i| data.inputs.push(i as u32));
        hce_error.push(sigmoid(hce / LOGIT_SCALE) - target);
        data.samples.push(Sample {
            start,
            split,
            end: data.inputs.len(),
            target,
            offset: if mode == NetMode::Residual {
                hce / LOGIT_SCALE
            } else {
                0.0
            },
        });
    }
    drop(rows);
    let n = data.samples.len();
    // Every tenth position is held out, or with --hold-out-last the last tenth (positions of
    // other games than those trained on, when the files are in game order).
    let held_out = |i: usize| {
        if !hold_out_file.is_empty() {
            from_hold_out_file[i]
        } else if hold_out_last {
            i >= n - n / 10
        } else {
            i % 10 == 9
        }
    };
    let held: Vec<usize> = (0..n).filter(|&i| held_out(i)).collect();
    if held.is_empty() {
        eprintln!("no position is held out (a --hold-out file without a usable line, or too few positions)");
        std::process::exit(2);
    }
    let mut train: Vec<usize> = (0..n).filter(|&i| !held_out(i)).collect();
    let hce_held = held
        .iter()
        .map(|&i| f64::from(hce_error[i] * hce_error[i]))
        .sum::<f64>()
        / held.len().max(1) as f64;
    eprintln!(
        "{n} positions ({skipped} lines skipped), {} to train on, {} held out; the hand-crafted evaluation's held-out error {hce_held:.6}",
        train.len(),
        held.len()
    );
    let mut rng = Rng(seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    if start.is_empty() {
        for w in net.weights1.iter_mut() {
            *w = rng.uniform(0.1);
        }
        net.bias1.iter_mut().for_each(|b| *b = 0.5);
        net.weights2.iter_mut().for_each(|w| *w = rng.uniform(0.01));
    }
    if no_tempo {
        without_tempo(&mut net);
    }
    let size = net.bias1.len() + net.weights1.len() + net.weights2.len() + 1;
    let mut adam = Adam {
        m: vec![0.0; size],
        v: vec![0.0; size],
        t: 0,
    };
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let mut best = (error(&net, &data, &held).0, net.clone());
    eprintln!("epoch 0: held-out error {:.6}", best.0);
    for epoch in 1..=epochs {
        for i in (1..train.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            train.swap(i, j);
        }
        let rate = if epoch * 4 > epochs * 3 { lr * 0.3 } else { lr };
        let mut loss = 0.0;
        for chunk in train.chunks(batch) {
            let share = chunk.len().div_ceil(threads).max(1);
            let parts: Vec<Grads> = std::thread::scope(|scope| {
                let handles: Vec<_> = chunk
                    .chunks(share)
                    .map(|part| {
                        let (net, data) = (&net, &data);
                        scope.spawn(move || {
                            let mut g = Grads::new(net);
                            let mut sums = [vec![0f32; net.hidden], vec![0f32; net.hidden]];
                            for &i in part {
                                backward(net, data, &data.samples[i], &mut g, &mut sums);
                            }
                            g
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let mut g = Grads::new(&net);
            for p in &parts {
                loss += p.loss;
                g.bias2 += p.bias2;
                for (a, b) in g.bias1.iter_mut().zip(&p.bias1) {
                    *a += b;
                }
                for (a, b) in g.weights1.iter_mut().zip(&p.weights1) {
                    *a += b;
                }
                for (a, b) in g.weights2.iter_mut().zip(&p.weights2) {
                    *a += b;
                }
            }
            let scale = 1.0 / chunk.len() as f32;
            g.bias1.iter_mut().for_each(|x| *x *= scale);
            g.weights1.iter_mut().for_each(|x| *x *= scale);
            g.weights2.iter_mut().for_each(|x| *x *= scale);
            let bias2 = [g.bias2 * scale];
            let mut b2 = [net.bias2];
            adam.step(
                &mut [
                    &mut net.bias1,
                    &mut net.weights1,
                    &mut net.weights2,
                    &mut b2,
                ],
                &[&g.bias1, &g.weights1, &g.weights2, &bias2],
                rate,
            );
            net.bias2 = b2[0];
            if no_tempo {
                without_tempo(&mut net);
            }
        }
        let (held_error, size) = error(&net, &data, &held);
        eprintln!(
            "epoch {epoch}: training error {:.6}, held-out error {held_error:.6} (hand-crafted {hce_held:.6}), the net's part {size:.1} cp on average",
            loss / train.len().max(1) as f64
        );
        if held_error < best.0 {
            best = (held_error, net.clone());
        }
    }
    std::fs::write(&out, best.1.to_text()).unwrap_or_else(|e| {
        eprintln!("{out}: {e}");
        std::process::exit(2)
    });
    eprintln!(
        "wrote {out}: held-out error {:.6} (hand-crafted {hce_held:.6})",
        best.0
    );
}
