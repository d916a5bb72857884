//! `barrage compare`'s text: the header, the method, and one aligned table
//! per metric (docs/compare.md shows it and describes every column).

use std::fmt::Write as _;

use barrage_model::suite::Counted;
use barrage_model::table::{self, Metric};

use super::rows::whole_seconds;
use super::{Change, Comparison, Found, LoadInput, RunInput, SampleKind, Side, Test, Which};
use crate::stats;

/// The comparison as text, as `barrage compare` prints it.
pub(crate) fn render(cmp: &Comparison) -> String {
    let mut out = String::new();
    for line in cmp.inputs.iter().chain(&cmp.warnings) {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{}", cmp.samples);
    method(&mut out, cmp.alpha);
    for t in &cmp.tables {
        let _ = writeln!(out, "\n{}", t.title);
        table(&mut out, &t.changes, cmp.kind, cmp.alpha);
    }
    out
}

/// `A: results/x (suite tiny, 5 repeats, started …)`.
pub(super) fn run_header(which: &str, input: &RunInput) -> String {
    let r = &input.results;
    let repeats = r.runs.iter().map(|x| x.repeat + 1).max().unwrap_or(0);
    let mut extra = String::new();
    if let Some(label) = &r.label {
        let _ = write!(extra, ", label {label}");
    }
    if r.quick {
        extra.push_str(", --quick");
    }
    if !r.complete {
        extra.push_str(", incomplete");
    }
    format!(
        "{which}: {} (suite {}, {repeats} repeat{}, started {}{extra})",
        input.path.display(),
        table::suite_name(r),
        if repeats == 1 { "" } else { "s" },
        r.started_at
    )
}

/// `A: a.json (barrage load, URL [model]; 5 s measured, 5 whole seconds)`.
pub(super) fn load_header(which: &str, input: &LoadInput) -> String {
    let r = &input.report;
    format!(
        "{which}: {} (barrage load, {}; {} s measured, {} whole seconds)",
        input.path.display(),
        super::load_model(r),
        r.totals.elapsed_s,
        whole_seconds(r).count()
    )
}

fn method(out: &mut String, alpha: f64) {
    let _ = writeln!(
        out,
        "A, B: median ± the largest distance of a sample from it. change: the Hodges–Lehmann shift of B from A, as % of A's median, with its {} CI.",
        confidence_label(alpha)
    );
    let _ = writeln!(
        out,
        "p: Mann–Whitney U test, two-sided. \"~\": p ≥ {alpha}, no significant change. n: samples in A + in B.",
    );
}

/// `95%`, `99%`, `97.5%`: the intervals' confidence at `alpha`.
pub fn confidence_label(alpha: f64) -> String {
    let c = (1.0 - alpha) * 100.0;
    if (c - c.round()).abs() < 1e-9 {
        format!("{c:.0}%")
    } else {
        format!("{}%", (c * 10.0).round() / 10.0)
    }
}

/// A metric's table title, in the words of what was counted (WebSocket:
/// messages/s and the round trip).
pub(crate) fn title(metric: Metric, counted: Counted) -> String {
    match metric {
        Metric::ResponsesPerS => format!("{} (higher is better)", counted.per_s),
        Metric::P50 | Metric::P90 | Metric::P99 | Metric::P999 => {
            format!("{} {} (lower is better)", metric.name(), counted.time)
        }
        Metric::Errors => {
            "errors: failed requests, % of requests (lower is better; change in percentage points)"
                .into()
        }
        Metric::ClientCpu => format!("client CPU per {} (lower is better)", counted.one),
        Metric::Capacity => {
            "capacity: the highest rate within the objective (higher is better)".to_string()
        }
    }
}

/// A median as the tables write it: responses/s to the unit (one decimal
/// below 100), latencies in µs or ms, errors in %, CPU in µs.
pub fn format_value(metric: Metric, v: f64) -> String {
    match metric {
        Metric::ResponsesPerS | Metric::Capacity if v.abs() >= 100.0 => format!("{v:.0}"),
        Metric::ResponsesPerS | Metric::Capacity => format!("{v:.1}"),
        Metric::Errors => format!("{v:.2}%"),
        Metric::ClientCpu => format!("{v:.2} µs"),
        _ if v >= 1000.0 => format!("{:.2} ms", v / 1000.0),
        _ => format!("{v:.0} µs"),
    }
}

/// A change (or an end of its interval): `+9.7%` of A's median, `+1.20 pp`
/// for a percentage, `n/a` when A's median is 0.
pub fn format_change(metric: Metric, change: Option<f64>) -> String {
    match change {
        None => "n/a".into(),
        Some(c) if metric.is_percent() => format!("{c:+.2} pp"),
        Some(c) => format!("{c:+.1}%"),
    }
}

/// A p-value: `0.008`, `<0.001`.
pub(crate) fn format_p(p: f64) -> String {
    if p < 0.001 {
        "<0.001".to_string()
    } else {
        format!("{p:.3}")
    }
}

/// One side's cell: its median, `*` when client-bound, and its spread.
fn side_cell(s: &Side, metric: Metric) -> String {
    let Some(m) = stats::median(&s.samples) else {
        return "–".to_string();
    };
    let spread = stats::spread(&s.samples)
        .map(|sp| {
            let pct = sp * 100.0;
            if pct < 10.0 {
                format!(" ± {pct:.1}%")
            } else {
                format!(" ± {pct:.0}%")
            }
        })
        .unwrap_or_default();
    let star = if s.client_bound { "*" } else { "" };
    format!("{}{star}{spread}", format_value(metric, m))
}

/// The cells of one row after its key: A, B, change, CI, p, n, note.
pub(crate) fn cells(c: &Change, kind: SampleKind, alpha: f64) -> [String; 7] {
    let side = |s: &Option<Side>| s.as_ref().map_or(String::new(), |s| side_cell(s, c.metric));
    let (a, b) = (side(&c.a), side(&c.b));
    let (n, m) = c.counts();
    let dash = || "–".to_string();
    let nm = format!("{n}+{m}");
    let empty = String::new;
    match &c.found {
        Found::OnlyIn(w) => {
            let note = format!("only in {}", w.name());
            [a, b, empty(), empty(), empty(), empty(), note]
        }
        Found::NoSamples(w) => {
            let which = w.map_or("A or B", Which::name);
            let note = format!("no samples in {which} (failed levels?)");
            [a, b, dash(), dash(), dash(), nm, note]
        }
        Found::TooFew(t) => {
            let note = too_few_note(kind, n, m, alpha);
            [a, b, dash(), dash(), format_p(t.p), nm, note]
        }
        Found::Tested(t) => {
            let (change, ci) = tested_cells(c.metric, t);
            [a, b, change, ci, format_p(t.p), nm, String::new()]
        }
    }
}

/// A tested row's change (`~` when not significant) and interval.
fn tested_cells(metric: Metric, t: &Test) -> (String, String) {
    let ci = match t.interval {
        Some((lo, hi)) => format!(
            "[{}, {}]",
            format_change(metric, Some(lo)),
            format_change(metric, Some(hi))
        ),
        None => "–".to_string(),
    };
    let change = if t.significant {
        format_change(metric, t.change)
    } else {
        "~".to_string()
    };
    (change, ci)
}

/// Why `n` against `m` samples cannot reach p < `alpha`, and what to do.
pub(crate) fn too_few_note(kind: SampleKind, n: usize, m: usize, alpha: f64) -> String {
    let need = stats::samples_needed(alpha);
    match kind {
        SampleKind::Repeats => format!(
            "too few repeats: {n} vs {m} cannot reach p<{alpha}; rerun with repeats ≥ {need}"
        ),
        SampleKind::Seconds => format!(
            "too few samples: {n} vs {m} seconds cannot reach p<{alpha}; run longer (-d ≥ {need}s)"
        ),
    }
}

fn table(out: &mut String, changes: &[Change], kind: SampleKind, alpha: f64) {
    if changes.is_empty() {
        let _ = writeln!(out, "  (no rows)");
        return;
    }
    let head = [
        String::new(),
        "A".into(),
        "B".into(),
        "change".into(),
        format!("{} CI", confidence_label(alpha)),
        "p".into(),
        "n".into(),
        String::new(),
    ];
    let mut lines: Vec<[String; 8]> = vec![head];
    for c in changes {
        let [a, b, change, ci, p, n, note] = cells(c, kind, alpha);
        lines.push([c.key.to_string(), a, b, change, ci, p, n, note]);
    }
    let width = |i: usize| {
        lines
            .iter()
            .map(|l| l[i].chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..8).map(width).collect();
    for l in &lines {
        let mut s = String::new();
        for (i, c) in l.iter().enumerate() {
            let pad = " ".repeat(widths[i].saturating_sub(c.chars().count()));
            match i {
                0 => {
                    s.push_str(c);
                    s.push_str(&pad);
                }
                7 => {
                    s.push_str("  ");
                    s.push_str(c);
                }
                _ => {
                    s.push_str("  ");
                    s.push_str(&pad);
                    s.push_str(c);
                }
            }
        }
        let _ = writeln!(out, "{}", s.trim_end());
    }
    if changes
        .iter()
        .flat_map(|c| [&c.a, &c.b])
        .flatten()
        .any(|s| s.client_bound)
    {
        let _ = writeln!(
            out,
            "* client-bound in some repeats: those numbers measure the load generator, not the server"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn confidence_labels() {
        assert_eq!(confidence_label(0.05), "95%");
        assert_eq!(confidence_label(0.01), "99%");
        assert_eq!(confidence_label(0.025), "97.5%");
    }

    #[test]
    fn formats() {
        assert_eq!(format_value(Metric::ResponsesPerS, 30261.4), "30261");
        assert_eq!(format_value(Metric::ResponsesPerS, 12.34), "12.3");
        assert_eq!(format_value(Metric::P99, 2301.0), "2.30 ms");
        assert_eq!(format_value(Metric::P90, 975.0), "975 µs");
        assert_eq!(format_value(Metric::Errors, 1.234), "1.23%");
        assert_eq!(format_change(Metric::P99, Some(9.74)), "+9.7%");
        assert_eq!(format_change(Metric::Errors, Some(1.2)), "+1.20 pp");
        assert_eq!(format_change(Metric::ResponsesPerS, None), "n/a");
        assert_eq!(format_p(0.0004), "<0.001");
        assert_eq!(format_p(0.0081), "0.008");
    }
}
