//! How runs are named and which run a change is measured from, on the
//! recorded tiny suite's results with chosen numbers.

use barrage_model::Results;

use super::*;

/// The tiny suite's results, started at `at`, labelled `label`, its
/// commit `commit`, with one run per rate (none: the level not measured).
fn input(at: &str, label: Option<&str>, commit: Option<&str>, rates: &[f64]) -> RunInput {
    let text = include_str!("../../tests/fixtures/compare-run/results.json");
    let mut r = Results::from_json(text).unwrap();
    r.started_at = at.into();
    r.label = label.map(String::from);
    r.environment.git_commit = commit.map(String::from);
    let template = r.runs[0].clone();
    r.runs = rates
        .iter()
        .enumerate()
        .map(|(i, rate)| {
            let mut x = template.clone();
            x.repeat = i as u32;
            x.stats.as_mut().unwrap().responses_per_s = *rate;
            x
        })
        .collect();
    RunInput {
        path: format!("results/{at}/results.json").into(),
        results: r,
    }
}

fn options(gates: &str) -> Options {
    Options {
        alpha: 0.05,
        gates: gates.parse().unwrap(),
        metrics: vec![Metric::ResponsesPerS],
        in_order: false,
    }
}

const BASE: [f64; 5] = [100.0, 101.0, 99.0, 102.0, 98.0];
const DROP: [f64; 5] = [80.0, 81.0, 79.0, 82.0, 78.0];

#[test]
fn runs_are_named_by_label_then_commit_then_directory() {
    let h = history(
        vec![
            input("2026-01-03", None, None, &BASE),
            input("2026-01-01", Some("v1"), Some("0123456789abcdef"), &BASE),
            input("2026-01-02", None, Some("0123456789abcdef-dirty"), &BASE),
            input("2026-01-04", Some("v1"), None, &BASE),
        ],
        &options("rate<-5%"),
    );
    let names: Vec<&str> = h.runs.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(names, ["v1", "0123456789ab-dirty", "2026-01-03", "v1 (2)"]);
    assert!(h.runs[0].labelled && !h.runs[1].labelled);
}

#[test]
fn a_change_is_measured_from_the_last_run_that_has_the_row() {
    let h = history(
        vec![
            input("2026-01-01", Some("a"), None, &BASE),
            input("2026-01-02", Some("b"), None, &[]),
            input("2026-01-03", Some("c"), None, &DROP),
        ],
        &options("rate<-5%"),
    );
    let row = &h.metrics[0].rows[0];
    assert!(row.points[1].is_none());
    assert!(row.steps[0].is_none() && row.steps[1].is_none());
    let step = row.steps[2].as_ref().unwrap();
    assert_eq!(step.from, 0);
    assert_eq!(step.flagged.map(|g| g.to_string()), Some("rate<-5%".into()));
    assert_eq!(h.flagged().len(), 1);
    assert_eq!(row.run_of(step), 2);
    // Five repeats: the median's interval is the least to the greatest.
    let p = row.points[2].as_ref().unwrap();
    let i = p.interval.unwrap();
    assert_eq!((p.median, i.lo, i.hi), (80.0, 78.0, 82.0));
    // A gate on rises does not flag a drop.
    let h = history(
        vec![
            input("2026-01-01", Some("a"), None, &BASE),
            input("2026-01-03", Some("c"), None, &DROP),
        ],
        &options("rate>+5%"),
    );
    assert!(h.flagged().is_empty());
}
