//! The openings of `fairyrules match`: random lines judged balanced by a short search
//! ([`Openings::new`]), or the lines of a file ([`Openings::from_file`]: a game file a match
//! wrote, or one opening a line) so that two matches play exactly the same openings.

use std::path::Path;

use fairyrules::engine::{Engine, Limits};
use fairyrules::{legal_moves, outcome, parse_move, Move, Outcome, Position, Rules};

/// A small deterministic random generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The match's openings: random ones ([`Openings::new`]), chosen one after another as the
/// games need them, or a file's ([`Openings::from_file`]), all read before the first game.
pub struct Openings {
    chosen: Vec<Vec<Move>>,
    /// Where more come from (none for a file's: its openings are played again in turn).
    random: Option<RandomLines>,
}

/// Lines of `plies` random legal moves, each judged roughly balanced (within 0.8 pawns) by
/// a short search, tried up to 200 times each. The first game of an opening waits for it
/// (and for those before it), not for all of them; the order of choice is fixed, so a seed
/// gives the same openings whatever the concurrency.
struct RandomLines {
    plies: usize,
    rng: Rng,
    /// Judges each candidate line.
    engine: Engine,
}

impl Openings {
    /// Random openings of `plies` moves from `seed`.
    pub fn new(plies: usize, seed: u64) -> Openings {
        Openings {
            chosen: Vec::new(),
            random: Some(RandomLines {
                plies,
                rng: Rng(seed),
                engine: Engine::new(4),
            }),
        }
    }

    /// Opening `index`, choosing it (and those before it) first if need be; a file's
    /// openings are taken again from the first once all have been played.
    pub fn get(&mut self, rules: &Rules, index: usize) -> Vec<Move> {
        while self.chosen.len() <= index {
            let Some(random) = self.random.as_mut() else {
                return self.chosen[index % self.chosen.len()].clone();
            };
            let line = random.choose(rules, &self.chosen);
            self.chosen.push(line);
        }
        self.chosen[index].clone()
    }
}

impl RandomLines {
    /// The next opening: the first balanced line not in `chosen`, else the 200th tried.
    fn choose(&mut self, rules: &Rules, chosen: &[Vec<Move>]) -> Vec<Move> {
        let mut line = Vec::new();
        for attempt in 0..200 {
            let mut pos = Position::start(rules);
            line.clear();
            for _ in 0..self.plies {
                if outcome(rules, &mut pos) != Outcome::Ongoing {
                    break;
                }
                let moves = legal_moves(rules, &mut pos);
                let mv = moves[self.rng.below(moves.len())];
                pos.make(rules, mv);
                line.push(mv);
            }
            if outcome(rules, &mut pos) != Outcome::Ongoing {
                continue;
            }
            let r = self.engine.search(rules, &mut pos, &Limits::nodes(20_000));
            let balanced = r.score.abs() <= 80;
            if (balanced && !chosen.contains(&line)) || attempt == 199 {
                return line;
            }
        }
        // Every try ended the game within the opening's plies: no opening.
        Vec::new()
    }
}

impl Openings {
    /// The openings of `path`, in order, each once: the `[Opening "…"]` tags of a game file
    /// written by `match` when it has any, else one opening a line as moves separated by
    /// spaces (blank lines and lines beginning with `#` skipped). Each move must be legal
    /// where it is played, and no opening may end the game.
    pub fn from_file(rules: &Rules, path: &Path) -> Result<Openings, String> {
        let shown = path.display();
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("error: cannot read {shown}: {e}"))?;
        const TAG: &str = "[Opening \"";
        let tagged = text.lines().any(|l| l.trim_start().starts_with(TAG));
        let mut chosen: Vec<Vec<Move>> = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            let moves = if tagged {
                match line.strip_prefix(TAG).and_then(|l| l.strip_suffix("\"]")) {
                    Some(moves) => moves,
                    None => continue,
                }
            } else if line.is_empty() || line.starts_with('#') {
                continue;
            } else {
                line
            };
            let at = |what: String| format!("error: {shown}:{}: {what}", number + 1);
            let mut pos = Position::start(rules);
            let mut opening = Vec::new();
            for (ply, text) in moves.split_whitespace().enumerate() {
                if outcome(rules, &mut pos) != Outcome::Ongoing {
                    return Err(at(format!(
                        "the game is over before move {} `{text}`",
                        ply + 1
                    )));
                }
                let mv = parse_move(rules, &mut pos, text)
                    .map_err(|e| at(format!("move {} `{text}`: {e}", ply + 1)))?;
                pos.make(rules, mv);
                opening.push(mv);
            }
            if outcome(rules, &mut pos) != Outcome::Ongoing {
                return Err(at("the opening ends the game".into()));
            }
            if !chosen.contains(&opening) {
                chosen.push(opening);
            }
        }
        if chosen.is_empty() {
            return Err(format!("error: {shown}: no openings"));
        }
        Ok(Openings {
            chosen,
            random: None,
        })
    }

    /// How many openings are chosen so far (all of them for a file's).
    pub fn len(&self) -> usize {
        self.chosen.len()
    }
}
