//! What a drawn point says about itself: its x and its exact value as
//! text, in the formats of the tables, carried by its marker (or bar) as
//! `data-x` (the x: `c=16`, `p99.9`, `second of the run 3`), `data-y` (the
//! value as a number in the chart's [`Unit`]) and `data-value` (the value
//! with its unit: `4.87 ms`, `22,784/s`), and as a `<title>` child
//! (`nginx, c=16: 4.87 ms`), the tooltip a browser shows without scripts.
//! report.html's script shows the same in its own tooltip.

use super::svg::escape;
use super::{Chart, Scale, Unit};
use crate::model;

impl Unit {
    /// `v` with its unit, as the tables write it.
    pub fn format(self, v: f64) -> String {
        match self {
            Unit::PerSecond => format!("{}/s", number(v)),
            Unit::Ms => model::fmt_latency_us(v * 1000.0),
            Unit::Us => model::fmt_latency_us(v),
            Unit::Cores => format!("{} cores", number(v)),
            Unit::MiB => model::fmt_bytes((v.max(0.0) * 1024.0 * 1024.0).round() as u64),
            Unit::Percent => format!("{v:.2}%"),
        }
    }
}

/// A value: `95,123`, `812`, `4.87`, `0.330` (three significant digits
/// below 1,000, whole and grouped above).
pub(super) fn value_label(v: f64) -> String {
    let a = v.abs();
    if a >= 999.5 {
        let sign = if v < 0.0 { "-" } else { "" };
        format!("{sign}{}", model::group_digits(a.round() as u64))
    } else if a == 0.0 {
        "0".into()
    } else {
        let d = (2.0 - a.log10().floor()).clamp(0.0, 6.0) as usize;
        format!("{v:.d$}")
    }
}

/// A number: whole ones as they are, digits grouped (`20`, `1,000`),
/// others as [`value_label`] writes them.
fn number(v: f64) -> String {
    if v.fract() == 0.0 && (0.0..1e15).contains(&v) {
        model::group_digits(v as u64)
    } else {
        value_label(v)
    }
}

/// A point's x as text: its level on a category axis (`c=16`), its
/// percentile on the nines axis (`p99.9`), else the axis' label and the
/// number (`second of the run 3`, `offered requests/s 1,000`).
pub fn x_text(chart: &Chart, x: f64) -> String {
    match chart.x_scale {
        Scale::Category => {
            let i = x.round();
            let label = (i >= 0.0)
                .then(|| chart.x_categories.get(i as usize))
                .flatten();
            label.cloned().unwrap_or_else(|| model::fmt_num(x))
        }
        Scale::Nines => format!("p{}", model::fmt_num(x)),
        Scale::Linear | Scale::Log10 if chart.x_label.is_empty() => number(x),
        Scale::Linear | Scale::Log10 => format!("{} {}", chart.x_label, number(x)),
    }
}

/// The attributes (each with a leading space, escaped) and the `<title>`
/// element of the point (x, y) of the series `name`.
pub(super) fn point_data(chart: &Chart, name: &str, (x, y): (f64, f64)) -> (String, String) {
    let x = x_text(chart, x);
    let value = chart.unit.format(y);
    let attrs = format!(
        " data-x=\"{}\" data-y=\"{}\" data-value=\"{}\"",
        escape(&x),
        model::fmt_num(y),
        escape(&value)
    );
    let title = if name.is_empty() {
        format!("{x}: {value}")
    } else {
        format!("{name}, {x}: {value}")
    };
    (attrs, format!("<title>{}</title>", escape(&title)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_grouped_or_have_three_digits() {
        let cases = [
            (95123.4, "95,123"),
            (999.6, "1,000"),
            (812.2, "812"),
            (4.8712, "4.87"),
            (0.33, "0.330"),
            (0.0, "0"),
        ];
        for (v, want) in cases {
            assert_eq!(value_label(v), want);
        }
    }

    #[test]
    fn units_format_as_the_tables_do() {
        assert_eq!(Unit::PerSecond.format(22784.4), "22,784/s");
        assert_eq!(Unit::PerSecond.format(4.871), "4.87/s");
        assert_eq!(Unit::PerSecond.format(20.0), "20/s");
        assert_eq!(Unit::PerSecond.format(0.5), "0.500/s");
        assert_eq!(Unit::Ms.format(4.871), "4.87 ms");
        assert_eq!(Unit::Ms.format(0.812), "812 µs");
        assert_eq!(Unit::Us.format(1_200_000.0), "1.20 s");
        assert_eq!(Unit::Cores.format(1.234), "1.23 cores");
        assert_eq!(Unit::MiB.format(23.5), "23.5 MiB");
        assert_eq!(Unit::Percent.format(1.254), "1.25%");
    }
}
