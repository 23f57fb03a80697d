//! The statistics of a match: score with a 95% interval, the Elo difference it implies
//! with its interval, the likelihood of superiority, and a proportion's interval (for the
//! White/Black balance). Pure functions of the counts.

/// A score fraction in (0, 1) as an Elo difference (the logistic model).
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The 97.5% quantile of the standard normal distribution (95% two-sided intervals).
pub const Z95: f64 = 1.959_963_985;

/// Wins, draws and losses of one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points (a win 1, a draw ½).
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// The score fraction (0 without games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.0
        } else {
            self.points() / n as f64
        }
    }

    /// The standard error of the score fraction, from the games' own spread (wins 1, draws
    /// ½, losses 0).
    pub fn std_error(&self) -> f64 {
        let n = self.games() as f64;
        if n < 2.0 {
            return 0.5;
        }
        let s = self.score();
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        (var / n).sqrt()
    }

    /// The 95% interval of the score fraction: the normal approximation with the games'
    /// own spread, or, when every game had the same result (no spread to measure), the
    /// Wilson interval of the points as successes out of the games.
    pub fn score_interval(&self) -> (f64, f64) {
        let s = self.score();
        let n = self.games() as f64;
        let same = [self.wins, self.draws, self.losses]
            .iter()
            .any(|&k| k as f64 == n);
        if n > 0.0 && same {
            return wilson(s, n);
        }
        let m = Z95 * self.std_error();
        ((s - m).max(0.0), (s + m).min(1.0))
    }

    /// The Elo difference and its 95% interval (the interval of the score, converted).
    pub fn elo_interval(&self) -> (f64, f64, f64) {
        let (lo, hi) = self.score_interval();
        (elo(self.score()), elo(lo), elo(hi))
    }

    /// Likelihood of superiority: the probability that this side is the stronger, from wins
    /// and losses (draws carry no information), by the normal approximation.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        normal_cdf((self.wins as f64 - self.losses as f64) / decisive.sqrt())
    }
}

/// The Wilson 95% interval of a proportion `p` observed in `n` trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The standard normal distribution function (Abramowitz–Stegun 7.1.26 for erf; absolute
/// error below 1.5e-7).
pub fn normal_cdf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs() / std::f64::consts::SQRT_2);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-(x * x) / 2.0).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert!(elo(0.5).abs() < 1e-9);
        // 10:1 odds is 400 Elo.
        assert!((elo(10.0 / 11.0) - 400.0).abs() < 1e-9);
        assert!((elo(1.0 / 11.0) + 400.0).abs() < 1e-9);
        assert!((elo(0.75) - 190.848_501_887_865).abs() < 1e-6);
    }

    #[test]
    fn score_and_interval() {
        let r = Wdl {
            wins: 30,
            draws: 40,
            losses: 30,
        };
        assert_eq!(r.games(), 100);
        assert!((r.score() - 0.5).abs() < 1e-12);
        // Per-game variance: (30·0.25 + 40·0 + 30·0.25) / 100 = 0.15.
        let se = (0.15f64 / 100.0).sqrt();
        assert!((r.std_error() - se).abs() < 1e-12);
        let (lo, hi) = r.score_interval();
        assert!((hi - lo - 2.0 * Z95 * se).abs() < 1e-12);
        let (e, elo_lo, elo_hi) = r.elo_interval();
        assert!(e.abs() < 1e-9 && elo_lo < 0.0 && elo_hi > 0.0);
        assert!(
            (elo_lo + elo_hi).abs() < 1e-9,
            "symmetric around an even score"
        );
    }

    #[test]
    fn all_draws_have_no_spread() {
        let r = Wdl {
            wins: 0,
            draws: 10,
            losses: 0,
        };
        assert_eq!(r.std_error(), 0.0);
        assert_eq!(r.los(), 0.5);
        // No spread: the Wilson interval of 5 points out of 10.
        assert_eq!(r.score_interval(), wilson(0.5, 10.0));
    }

    #[test]
    fn a_clean_sweep_still_has_a_margin() {
        let r = Wdl {
            wins: 0,
            draws: 0,
            losses: 10,
        };
        let (lo, hi) = r.score_interval();
        assert_eq!(lo, 0.0);
        // Wilson upper bound for 0 of 10: z² / (n + z²) = 3.8415 / 13.8415.
        assert!((hi - Z95 * Z95 / (10.0 + Z95 * Z95)).abs() < 1e-12);
    }

    #[test]
    fn normal_cdf_values() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(Z95) - 0.975).abs() < 1e-6);
        assert!((normal_cdf(-1.0) - 0.158_655_25).abs() < 1e-6);
    }

    #[test]
    fn los_favours_the_side_with_more_wins() {
        let r = Wdl {
            wins: 20,
            draws: 10,
            losses: 10,
        };
        // (20 − 10) / √30 = 1.826 → 0.966.
        assert!((r.los() - normal_cdf(10.0 / 30f64.sqrt())).abs() < 1e-12);
        assert!(r.los() > 0.96 && r.los() < 0.97);
    }
}
