//! A chart's axes: how a [`Scale`] places values, each axis' range, its
//! labelled ticks and minor grid lines, and the tick labels' text. Knows
//! nothing of SVG: the forms turn an [`Axis`] into pixels.

use super::Scale;

/// Nines ticks go no further than 99.99999%.
pub(super) const MAX_NINES: f64 = 7.0;

/// A value's position on a scale's axis, when it can be drawn there.
pub(super) fn transform(scale: Scale, v: f64) -> Option<f64> {
    if !v.is_finite() {
        return None;
    }
    match scale {
        Scale::Linear | Scale::Category => Some(v),
        Scale::Log10 => (v > 0.0).then(|| v.log10()),
        Scale::Nines => (0.0..100.0)
            .contains(&v)
            .then(|| -(1.0 - v / 100.0).log10()),
    }
}

/// One axis: its range (in transformed units) and its labelled ticks.
pub(super) struct Axis {
    pub(super) lo: f64,
    pub(super) hi: f64,
    pub(super) ticks: Vec<(f64, String)>,
    /// Unlabelled grid lines (2 to 9 times each decade of a log axis).
    pub(super) minor: Vec<f64>,
}

impl Axis {
    /// The axis of `values` (transformed) on `scale`; a category axis is
    /// labelled with `categories`.
    pub(super) fn new(scale: Scale, values: &[f64], categories: &[String]) -> Axis {
        let (min, max) = values
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
                (a.min(*v), b.max(*v))
            });
        match scale {
            Scale::Category => Axis::category(max, categories),
            Scale::Log10 => Axis::log10(min, max),
            Scale::Nines => Axis::nines(max),
            Scale::Linear => Axis::linear(min, max, values),
        }
    }

    /// A slot per category, up to the largest value.
    fn category(max: f64, categories: &[String]) -> Axis {
        // Points past the labels widen the axis (up to a bound).
        let n = categories.len().max(if max.is_finite() {
            max.round().clamp(0.0, 999.0) as usize + 1
        } else {
            1
        });
        let ticks = (0..n)
            .map(|i| {
                (
                    i as f64,
                    categories.get(i).cloned().unwrap_or_else(|| i.to_string()),
                )
            })
            .collect();
        Axis {
            lo: -0.5,
            hi: n as f64 - 0.5,
            ticks,
            minor: Vec::new(),
        }
    }

    /// Whole decades around the values; 2 and 5 labelled on a single
    /// decade, minor lines on up to four, every other decade on many.
    fn log10(min: f64, max: f64) -> Axis {
        let mut lo = min.floor();
        let mut hi = max.ceil();
        if !lo.is_finite() {
            (lo, hi) = (0.0, 1.0);
        }
        if hi <= lo {
            hi = lo + 1.0;
        }
        let decades = (hi - lo) as i64;
        let every = if decades > 8 { 2 } else { 1 };
        let mut ticks: Vec<(f64, String)> = Vec::new();
        let mut minor = Vec::new();
        for k in 0..=decades {
            let e = lo as i64 + k;
            if k % every == 0 {
                ticks.push((e as f64, log_label(1, e)));
            }
            if k == decades {
                break;
            }
            for m in 2..=9 {
                let t = e as f64 + (m as f64).log10();
                if decades == 1 && (m == 2 || m == 5) {
                    ticks.push((t, log_label(m, e)));
                } else if decades <= 4 {
                    minor.push(t);
                }
            }
        }
        ticks.sort_by(|a, b| a.0.total_cmp(&b.0));
        Axis {
            lo,
            hi,
            ticks,
            minor,
        }
    }

    /// From 0% up to the nines of the largest value (at most [`MAX_NINES`]).
    fn nines(max: f64) -> Axis {
        let top = if max.is_finite() {
            (max - 1e-9).ceil()
        } else {
            1.0
        };
        let top = top.clamp(1.0, MAX_NINES);
        let ticks = (0..=top as i64)
            .map(|k| (k as f64, nines_label(k)))
            .collect();
        Axis {
            lo: 0.0,
            hi: top,
            ticks,
            minor: Vec::new(),
        }
    }

    /// About five steps of 1, 2 or 5 times a power of ten, from 0 when
    /// nothing is negative; whole steps for whole values.
    fn linear(min: f64, max: f64, values: &[f64]) -> Axis {
        let (mut min, mut max) = if min.is_finite() {
            (min, max)
        } else {
            (0.0, 1.0)
        };
        if min >= 0.0 {
            min = 0.0;
        }
        if max <= min {
            max = if min == 0.0 { 1.0 } else { min + min.abs() };
        }
        let mut step = nice_step((max - min) / 5.0);
        // Whole numbers (seconds) get whole ticks.
        if step < 1.0 && values.iter().all(|v| v.fract() == 0.0) {
            step = 1.0;
        }
        let lo = (min / step).floor() * step;
        let hi = (max / step - 1e-9).ceil() * step;
        let count = ((hi - lo) / step).round() as i64;
        let ticks = (0..=count)
            .map(|i| {
                let v = lo + i as f64 * step;
                let v = if v.abs() < step * 1e-9 { 0.0 } else { v };
                (v, linear_label(v, step, lo.abs().max(hi.abs())))
            })
            .collect();
        Axis {
            lo,
            hi,
            ticks,
            minor: Vec::new(),
        }
    }

    /// Where `t` (transformed) falls, from 0 at `lo` to 1 at `hi`.
    pub(super) fn frac(&self, t: f64) -> f64 {
        (t - self.lo) / (self.hi - self.lo)
    }
}

/// 1, 2 or 5 times a power of ten, near `raw`.
fn nice_step(raw: f64) -> f64 {
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let f = if norm < 1.5 {
        1.0
    } else if norm < 3.0 {
        2.0
    } else if norm < 7.0 {
        5.0
    } else {
        10.0
    };
    f * mag
}

fn decimals(step: f64) -> usize {
    if step >= 1.0 {
        0
    } else {
        ((-step.log10()).ceil().max(0.0) as usize).min(9)
    }
}

/// A linear tick: 40k, 1.5M, 0.25 (as precise as the step), in the unit
/// the axis' largest value `top` calls for.
fn linear_label(v: f64, step: f64, top: f64) -> String {
    let (div, suffix) = if top >= 1e6 && step >= 1e5 {
        (1e6, "M")
    } else if top >= 1e4 && step >= 1e3 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    if v == 0.0 {
        return "0".into();
    }
    let d = decimals(step / div + 1e-12);
    format!("{:.*}{suffix}", d, v / div)
}

/// m × 10^e (m from 1 to 9): 1, 20, 500, 1k, 2M, ... or 0.1, 0.05, ...
fn log_label(m: i64, e: i64) -> String {
    match e {
        e if e < 0 => format!("{:.*}", (-e) as usize, m as f64 * 10f64.powi(e as i32)),
        0..=2 => format!("{}", m * 10i64.pow(e as u32)),
        3..=5 => format!("{}k", m * 10i64.pow(e as u32 - 3)),
        6..=8 => format!("{}M", m * 10i64.pow(e as u32 - 6)),
        _ => format!("{m}e{e}"),
    }
}

/// The nines tick k: 0%, 90%, 99%, 99.9%, ...
fn nines_label(k: i64) -> String {
    if k == 0 {
        return "0%".into();
    }
    let d = (k - 2).max(0) as usize;
    format!("{:.*}%", d, 100.0 - 10f64.powi(2 - k as i32))
}
