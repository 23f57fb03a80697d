//! A learned evaluation's weights and their file format: what a variant file's
//! `[engine] net` names, read with the variant ([`crate::rules::Rules::net`]). The engine runs
//! them ([`crate::engine::net`], whose docs describe the inputs and the layers).
//!
//! **File**: text — a header line `fairyrules-net 1 kinds K cells N hidden H mode M`, then
//! the numbers (whitespace-separated): the `H` hidden biases, the `2·K·N` input rows of `H`
//! weights each (the viewer's pieces first, kind by kind, cell by cell), the `2·H` output
//! weights (side to move's units first) and the output bias.

/// Most hidden units a net file may have (a bound on what a file can make the engine hold).
pub const MAX_HIDDEN: usize = 512;

/// Whether the net replaces the hand-crafted evaluation or corrects it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NetMode {
    /// The net's score is the evaluation.
    Full,
    /// The net's score is added to the hand-crafted evaluation.
    Residual,
}

impl NetMode {
    /// The word the net file uses for the mode.
    pub fn name(self) -> &'static str {
        match self {
            NetMode::Full => "full",
            NetMode::Residual => "residual",
        }
    }
}

/// A trained network (see the module docs), in `f32`.
#[derive(Clone, PartialEq)]
pub struct Net {
    /// Piece kinds of the variant it was trained for.
    pub kinds: usize,
    /// Cells of that variant's board.
    pub cells: usize,
    /// Hidden units.
    pub hidden: usize,
    /// Full evaluation or correction.
    pub mode: NetMode,
    /// Hidden biases (`hidden`).
    pub bias1: Vec<f32>,
    /// Input weights, one row of `hidden` per input (`inputs() × hidden`).
    pub weights1: Vec<f32>,
    /// Output weights: the side to move's units, then the other side's (`2 × hidden`).
    pub weights2: Vec<f32>,
    /// Output bias.
    pub bias2: f32,
}

/// The header's numbers only: a net holds tens of thousands of weights, and [`Rules`]'s
/// debug text holds the net its file names.
///
/// [`Rules`]: crate::rules::Rules
impl std::fmt::Debug for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Net")
            .field("kinds", &self.kinds)
            .field("cells", &self.cells)
            .field("hidden", &self.hidden)
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

impl Net {
    /// A net of zeros (its score is 0 everywhere), the start of training.
    pub fn zeros(kinds: usize, cells: usize, hidden: usize, mode: NetMode) -> Net {
        Net {
            kinds,
            cells,
            hidden,
            mode,
            bias1: vec![0.0; hidden],
            weights1: vec![0.0; 2 * kinds * cells * hidden],
            weights2: vec![0.0; 2 * hidden],
            bias2: 0.0,
        }
    }

    /// Number of inputs of one perspective.
    pub fn inputs(&self) -> usize {
        2 * self.kinds * self.cells
    }

    /// Whether the net fits a variant of `kinds` piece kinds on `cells` cells, with the
    /// reason when not.
    pub fn fits(&self, kinds: usize, cells: usize) -> Result<(), String> {
        if self.kinds != kinds || self.cells != cells {
            return Err(format!(
                "the net was trained for {} kinds on {} cells; this variant has {kinds} kinds on {cells} cells",
                self.kinds, self.cells
            ));
        }
        Ok(())
    }

    /// Read a net file's text (see the module docs).
    pub fn parse(text: &str) -> Result<Net, String> {
        let mut words = text.split_whitespace();
        let mut expect = |word: &str| match words.next() {
            Some(w) if w == word => Ok(()),
            Some(w) => Err(format!("expected `{word}`, found `{w}`")),
            None => Err(format!("expected `{word}`, found the end of the file")),
        };
        expect("fairyrules-net")?;
        expect("1")?;
        let mut words = text.split_whitespace().skip(2);
        let mut field = |name: &str| -> Result<String, String> {
            match (words.next(), words.next()) {
                (Some(n), Some(v)) if n == name => Ok(v.to_string()),
                (Some(n), _) => Err(format!("expected `{name}`, found `{n}`")),
                _ => Err(format!("expected `{name}`, found the end of the file")),
            }
        };
        let count = |name: &str, v: String| -> Result<usize, String> {
            v.parse::<usize>()
                .map_err(|_| format!("`{name}` must be a whole number, found `{v}`"))
        };
        let kinds = count("kinds", field("kinds")?)?;
        let cells = count("cells", field("cells")?)?;
        let hidden = count("hidden", field("hidden")?)?;
        let mode = match field("mode")?.as_str() {
            "full" => NetMode::Full,
            "residual" => NetMode::Residual,
            m => return Err(format!("`mode` must be `full` or `residual`, found `{m}`")),
        };
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!(
                "`hidden` must be 1 to {MAX_HIDDEN}, found {hidden}"
            ));
        }
        if kinds == 0 || cells == 0 || kinds.saturating_mul(cells) > 1 << 16 {
            return Err(format!("no board has {kinds} kinds on {cells} cells"));
        }
        let mut numbers = words.map(|w| {
            w.parse::<f32>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("expected a finite number, found `{w}`"))
        });
        let mut take = |n: usize| -> Result<Vec<f32>, String> {
            // Grown as the numbers come: a header that claims more than the file holds
            // costs no memory.
            let mut v = Vec::with_capacity(n.min(1 << 16));
            for _ in 0..n {
                v.push(
                    numbers
                        .next()
                        .ok_or("the file ends before its last weight")??,
                );
            }
            Ok(v)
        };
        let bias1 = take(hidden)?;
        let weights1 = take(2 * kinds * cells * hidden)?;
        let weights2 = take(2 * hidden)?;
        let bias2 = take(1)?[0];
        if let Some(extra) = numbers.next() {
            return Err(format!("unexpected text after the last weight: {extra:?}"));
        }
        Ok(Net {
            kinds,
            cells,
            hidden,
            mode,
            bias1,
            weights1,
            weights2,
            bias2,
        })
    }

    /// The net file's text (read back by [`Net::parse`]).
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut s = format!(
            "fairyrules-net 1 kinds {} cells {} hidden {} mode {}\n",
            self.kinds,
            self.cells,
            self.hidden,
            self.mode.name()
        );
        let mut line = |values: &[f32]| {
            for (i, v) in values.iter().enumerate() {
                let _ = write!(s, "{}{v}", if i == 0 { "" } else { " " });
            }
            s.push('\n');
        };
        line(&self.bias1);
        for row in self.weights1.chunks(self.hidden) {
            line(row);
        }
        line(&self.weights2);
        line(&[self.bias2]);
        s
    }
}
