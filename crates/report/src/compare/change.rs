//! What the test found for one row of one metric: the change of B from A
//! (the Hodges–Lehmann shift, in % of A's median, or in percentage points
//! for a metric that is a percentage), its confidence interval and the
//! Mann–Whitney p-value, or why there is none. The text, the Markdown, the
//! gates and the history all read this one value.

use barrage_model::table::Metric;

use super::rows::{Row, RowKey, Side};
use crate::stats;

/// Which input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    A,
    B,
}

impl Which {
    pub fn name(self) -> &'static str {
        match self {
            Which::A => "A",
            Which::B => "B",
        }
    }
}

/// The test of a row whose sides both have samples.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Test {
    /// The two-sided Mann–Whitney U p-value.
    pub p: f64,
    /// The shift of B from A: % of A's median, or percentage points for a
    /// percentage ([`Metric::is_percent`]); `None` when A's median is 0
    /// and the change is relative.
    pub change: Option<f64>,
    /// Its `1 − alpha` confidence interval, in the same unit; `None` when
    /// no interval of that confidence exists for so few samples.
    pub interval: Option<(f64, f64)>,
    /// `p < alpha`.
    pub significant: bool,
}

/// What the comparison of one row found.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// Only this side has the row.
    OnlyIn(Which),
    /// Both have the row, but this side has no samples (`None`: neither).
    NoSamples(Option<Which>),
    /// Both have samples, too few for `p < alpha` ever: the test is printed
    /// but cannot be significant.
    TooFew(Test),
    Tested(Test),
}

/// One row of one metric compared.
#[derive(Debug, Clone)]
pub struct Change {
    pub key: RowKey,
    pub metric: Metric,
    pub a: Option<Side>,
    pub b: Option<Side>,
    pub found: Found,
}

impl Change {
    /// The comparison of `row` at significance level `alpha`.
    pub fn of(row: Row, metric: Metric, alpha: f64) -> Change {
        let found = found(&row, metric, alpha);
        Change {
            key: row.key,
            metric,
            a: row.a,
            b: row.b,
            found,
        }
    }

    /// The test, significant or not (none without samples on both sides).
    pub fn test(&self) -> Option<&Test> {
        match &self.found {
            Found::Tested(t) | Found::TooFew(t) => Some(t),
            _ => None,
        }
    }

    /// A side's median.
    pub fn median(&self, which: Which) -> Option<f64> {
        let side = match which {
            Which::A => self.a.as_ref(),
            Which::B => self.b.as_ref(),
        };
        stats::median(&side?.samples)
    }

    /// The sample counts of A and B.
    pub fn counts(&self) -> (usize, usize) {
        let n = |s: &Option<Side>| s.as_ref().map_or(0, |s| s.samples.len());
        (n(&self.a), n(&self.b))
    }
}

fn found(row: &Row, metric: Metric, alpha: f64) -> Found {
    let (a, b) = match (&row.a, &row.b) {
        (Some(a), Some(b)) => (a, b),
        (Some(_), None) => return Found::OnlyIn(Which::A),
        (None, Some(_)) => return Found::OnlyIn(Which::B),
        (None, None) => unreachable!("a row comes from A or B"),
    };
    match (a.samples.is_empty(), b.samples.is_empty()) {
        (true, true) => return Found::NoSamples(None),
        (true, false) => return Found::NoSamples(Some(Which::A)),
        (false, true) => return Found::NoSamples(Some(Which::B)),
        (false, false) => {}
    }
    let test = test(&a.samples, &b.samples, metric, alpha);
    if stats::min_p_value(a.samples.len(), b.samples.len()) >= alpha {
        Found::TooFew(test)
    } else {
        Found::Tested(test)
    }
}

/// The test of two non-empty samples.
fn test(a: &[f64], b: &[f64], metric: Metric, alpha: f64) -> Test {
    let mw = stats::mann_whitney(a, b).expect("both sides have samples");
    let shift = stats::hodges_lehmann(a, b, alpha).expect("both sides have samples");
    let base = stats::median(a).unwrap_or(0.0);
    let unit = |d: f64| {
        if metric.is_percent() {
            Some(d)
        } else if base == 0.0 {
            None
        } else {
            Some(d / base * 100.0)
        }
    };
    let interval = shift
        .interval
        .and_then(|(lo, hi)| Some((unit(lo)?, unit(hi)?)));
    Test {
        p: mw.p,
        change: unit(shift.estimate),
        interval,
        significant: mw.p < alpha,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(a: &[f64], b: &[f64]) -> Row {
        let side = |s: &[f64]| {
            Some(Side {
                samples: s.to_vec(),
                client_bound: false,
            })
        };
        Row {
            key: RowKey::Load("x".into()),
            a: side(a),
            b: side(b),
        }
    }

    #[test]
    fn a_shift_in_percent_of_a() {
        let c = Change::of(
            row(&[100.0, 101.0, 102.0, 99.0], &[200.0, 201.0, 202.0, 199.0]),
            Metric::ResponsesPerS,
            0.05,
        );
        let Found::Tested(t) = c.found else {
            panic!("{c:?}")
        };
        assert!(t.significant && (t.p - 0.028_571).abs() < 1e-5);
        assert!((t.change.unwrap() - 99.502_487).abs() < 1e-4, "{t:?}");
    }

    #[test]
    fn errors_change_in_points() {
        let c = Change::of(
            row(&[0.0, 0.1, 0.0, 0.2, 0.1], &[2.0, 2.1, 2.2, 1.9, 2.0]),
            Metric::Errors,
            0.05,
        );
        let t = c.test().unwrap();
        assert!((t.change.unwrap() - 1.95).abs() < 0.1, "{t:?}");
    }

    #[test]
    fn too_few_and_missing() {
        let c = Change::of(row(&[1.0, 2.0, 3.0], &[7.0, 8.0, 9.0]), Metric::P99, 0.05);
        assert!(matches!(c.found, Found::TooFew(t) if !t.significant));
        let c = Change::of(row(&[1.0], &[]), Metric::P99, 0.05);
        assert_eq!(c.found, Found::NoSamples(Some(Which::B)));
        let mut r = row(&[1.0], &[2.0]);
        r.b = None;
        assert_eq!(
            Change::of(r, Metric::P99, 0.05).found,
            Found::OnlyIn(Which::A)
        );
    }
}
