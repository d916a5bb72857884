//! The summary's lines for a rate that follows a schedule of stages: a
//! table of what each stage got, in the load page's words.

use std::fmt::Write;

use barrage_engine::{RunReport, StageReport};
use barrage_report::load_page::{arrivals, stage_span_s, stage_target};
use barrage_report::model::fmt_num;

use super::{fmt_us, group};

/// The rate in the plan's words, as the load page has them.
pub(super) use barrage_report::load_page::rate_words as words;

/// The table of stages: what each asked for and got, its latency and errors.
pub(super) fn table(s: &mut String, r: &RunReport) {
    if r.stages.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "  Stages      {} by the second they were due; a second counts in the stage it begins in",
        arrivals(r)
    );
    let _ = writeln!(
        s,
        "    {:>5}  {:<16} {:>13} {:>11} {:>11} {:>11} {:>9} {:>9} {:>8}",
        "stage",
        "target/s",
        "seconds",
        "scheduled",
        "offered/s",
        "achieved/s",
        "p50",
        "p99",
        "errors"
    );
    for (i, st) in r.stages.iter().enumerate() {
        let _ = writeln!(s, "    {:>5}  {}", i + 1, row(st));
    }
}

/// One stage's row, after its number.
fn row(st: &StageReport) -> String {
    let (start, end) = stage_span_s(st);
    let span = format!("{}–{}s", fmt_num(start), fmt_num(end));
    let (p50, p99) = match st.responses {
        0 => ("-".to_string(), "-".to_string()),
        _ => (fmt_us(st.p50_us as f64), fmt_us(st.p99_us as f64)),
    };
    let per_s = |v: f64| match st.measured_s > 0.0 {
        true => format!("{v:.1}"),
        false => "-".to_string(),
    };
    format!(
        "{:<16} {span:>13} {:>11} {:>11} {:>11} {p50:>9} {p99:>9} {:>8}",
        stage_target(&st.stage),
        group(st.scheduled.round() as u64),
        per_s(st.offered_per_s),
        per_s(st.responses_per_s),
        group(st.errors)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stage_row_reads_as_the_schedule() {
        let st = StageReport {
            stage: barrage_engine::Stage::ramp(1000.0, 20000.0, std::time::Duration::from_secs(60)),
            start_s: 10.0,
            measured_s: 60.0,
            scheduled: 630_000.0,
            offered: 629_990,
            offered_per_s: 10_499.8,
            responses: 629_000,
            responses_per_s: 10_483.3,
            errors: 3,
            p50_us: 120,
            p99_us: 2500,
            max_us: 9000,
        };
        let row = row(&st);
        assert!(row.starts_with("1,000 → 20,000"), "{row}");
        for part in ["10–70s", "630,000", "10499.8", "10483.3", "120µs", "2.50ms"] {
            assert!(row.contains(part), "{part}: {row}");
        }
    }
}
