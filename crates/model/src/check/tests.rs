use super::*;
use crate::load::RunReport;
use crate::search::{Bound, Limits, Outcome, SearchReport, StepRecord, Verdict, SEARCH_SCHEMA};

#[test]
fn checks_parse_and_print_back() {
    let c: Check = "p99<=10ms, errors<=0.1%, rate>=9500/s".parse().unwrap();
    assert_eq!(
        c.thresholds,
        [
            Threshold::Objective(Objective::Latency {
                quantile: Quantile::P99,
                max_us: 10_000
            }),
            Threshold::Objective(Objective::Errors { max_share: 0.001 }),
            Threshold::Rate { min_per_s: 9500.0 },
        ]
    );
    assert_eq!(c.to_string(), "p99<=10ms,errors<=0.1%,rate>=9500");
    let c: Check = "p50<=250us,p90<=1s,p99.9<=2ms,max<=1500us,rate>=0.5"
        .parse()
        .unwrap();
    assert_eq!(
        c.to_string(),
        "p50<=250us,p90<=1s,p99.9<=2ms,max<=1500us,rate>=0.5"
    );
}

#[test]
fn a_bad_check_says_what_is_wrong_with_which_item() {
    for (bad, says) in [
        ("", "empty"),
        (" , ", "empty"),
        ("p99=10ms", "no \"<=\" or \">=\""),
        ("p42<=1ms", "unknown figure \"p42\""),
        ("latency<=1ms", "unknown figure"),
        ("p99<=fast", "not a duration"),
        ("p99<=0ms", "above zero"),
        ("errors<=3", "a share"),
        ("errors<=300%", "0% to 100%"),
        ("rate<=9500", "rate takes >="),
        ("p99>=1ms", "p99 takes <="),
        ("errors>=1%", "errors takes <="),
        ("rate>=fast", "not a rate"),
        ("rate>=-1", "not a rate"),
        ("p99<10ms", "inclusive"),
        ("rate>9500", "inclusive"),
    ] {
        let e = bad.parse::<Check>().unwrap_err();
        assert!(e.contains(says), "{bad:?}: {e}");
        assert!(!e.contains('\n'), "{bad:?}: one line: {e}");
    }
    // The item is named when it is one of several.
    let e = "p99<=10ms,rate<=5".parse::<Check>().unwrap_err();
    assert!(e.starts_with("\"rate<=5\""), "{e}");
}

#[test]
fn an_slo_reads_the_same_syntax_and_refuses_a_rate() {
    let s: Slo = "p99<=10ms,errors<=0.1%".parse().unwrap();
    let c: Check = "p99<=10ms,errors<=0.1%".parse().unwrap();
    let as_thresholds: Vec<Threshold> = s
        .objectives
        .iter()
        .map(|o| Threshold::Objective(*o))
        .collect();
    assert_eq!(as_thresholds, c.thresholds);
    assert_eq!(s.to_string(), "p99<=10ms,errors<=0.1%");
    let s: Slo = "p99.9<=1s, max<=250us, errors<=0%".parse().unwrap();
    assert_eq!(s.to_string(), "p99.9<=1s,max<=250us,errors<=0%");
    for (bad, says) in [
        ("", "empty"),
        ("p99=10ms", "no \"<=\""),
        ("errors<=3", "a share"),
    ] {
        let e = bad.parse::<Slo>().unwrap_err();
        assert!(e.contains(says), "{bad}: {e}");
    }
    let e = "p99<=10ms,rate>=9500".parse::<Slo>().unwrap_err();
    assert!(e.contains("--check 'rate>=9500'"), "{e}");
    // An SLO's own errors name what it takes, without the rate.
    let e = "p42<=1ms".parse::<Slo>().unwrap_err();
    assert!(e.contains("errors in %") && !e.contains("rate"), "{e}");
}

#[test]
fn a_check_is_judged_on_each_figure_and_fails_what_was_not_measured() {
    let figures = Figures {
        rate_per_s: Some(9731.2),
        error_share: Some(0.0005),
        latency_us: vec![(Quantile::P50, 800), (Quantile::P99, 5290)],
    };
    let c: Check = "p99<=10ms,errors<=0.1%,rate>=9500,p99<=1ms,rate>=100000000,p90<=1s"
        .parse()
        .unwrap();
    let judged = c.judge(&figures);
    let lines: Vec<String> = judged.iter().map(CheckResult::line).collect();
    assert_eq!(
        lines,
        [
            "pass  p99<=10ms (measured 5.29ms)",
            "pass  errors<=0.1% (measured 0.05%)",
            "pass  rate>=9500 (measured 9,731/s)",
            "FAIL  p99<=1ms (measured 5.29ms)",
            "FAIL  rate>=100000000 (measured 9,731/s)",
            "FAIL  p90<=1s (measured not measured)",
        ]
    );
    assert_eq!(judged[0].measured, Some(5290.0));
    assert_eq!(judged[0].unit, Unit::Us);
    assert_eq!(judged[1].unit, Unit::Percent);
    assert_eq!(judged[5].measured, None);
    assert!(!all_pass(&judged));
    assert!(all_pass(&judged[..3]));
    // A bound is inclusive.
    let at: Check = "p99<=5290us,rate>=9731.2".parse().unwrap();
    assert!(all_pass(&at.judge(&figures)));
}

#[test]
fn a_checks_record_reads_back_from_its_json() {
    let c: Check = "p99<=10ms,rate>=1".parse().unwrap();
    let text = serde_json::to_string(&c).unwrap();
    assert_eq!(text, "\"p99<=10ms,rate>=1\"");
    assert_eq!(serde_json::from_str::<Check>(&text).unwrap(), c);
    assert!(serde_json::from_str::<Check>("\"rate<=1\"").is_err());
    let r = CheckResult {
        check: "rate>=1".into(),
        measured: Some(12.5),
        unit: Unit::PerS,
        pass: true,
    };
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"check": "rate>=1", "measured": 12.5, "unit": "per_s", "pass": true})
    );
}

#[test]
fn figures_are_measured_text_a_reader_takes() {
    let text = |measured, unit| {
        CheckResult {
            check: String::new(),
            measured,
            unit,
            pass: true,
        }
        .measured_text()
    };
    assert_eq!(text(Some(850.0), Unit::Us), "850us");
    assert_eq!(text(Some(1_200_000.0), Unit::Us), "1.20s");
    assert_eq!(text(Some(0.0), Unit::Percent), "0%");
    assert_eq!(text(Some(0.0123), Unit::Percent), "0.0123%");
    assert_eq!(text(Some(12.5), Unit::Percent), "12.5%");
    assert_eq!(text(Some(100.0), Unit::Percent), "100%");
    assert_eq!(text(Some(1_234_567.4), Unit::PerS), "1,234,567/s");
    assert_eq!(text(Some(0.5), Unit::PerS), "0.5/s");
    assert_eq!(text(None, Unit::PerS), "not measured");
}

fn fixture() -> RunReport {
    let text = include_str!("../../../lab/tests/fixtures/barrage_open.json");
    RunReport::from_json(text).unwrap()
}

#[test]
fn a_runs_figures_are_its_rate_errors_and_latency_when_something_answered() {
    let mut r = fixture();
    r.totals.requests_sent = 1000;
    r.totals.responses = 990;
    r.totals.errors = 10;
    r.totals.responses_not_2xx_3xx = 5;
    r.totals.responses_per_s = 495.0;
    let f = Figures::of_run(&r);
    assert_eq!(f.rate_per_s, Some(495.0));
    assert_eq!(f.error_share, Some(0.015));
    assert_eq!(f.latency(Quantile::P99), Some(r.latency_us.p99));
    assert_eq!(f.latency(Quantile::P90), Some(r.latency_us.p90));
    // Connections refused before any request count as attempts.
    r.totals.requests_sent = 0;
    r.totals.responses = 0;
    let f = Figures::of_run(&r);
    assert_eq!(f.error_share, Some(1.5));
    assert!(f.latency_us.is_empty(), "no latency without responses");
}

#[test]
fn a_merged_report_keeps_no_parts_checks() {
    let mut part = fixture();
    let check: Check = "rate>=1".parse().unwrap();
    part.checks = check.judge(&Figures::of_run(&part));
    assert_eq!(part.checks.len(), 1);
    let other = part.clone();
    part.merge(&other);
    assert!(part.checks.is_empty(), "{:?}", part.checks);
}

#[test]
fn a_levels_figures_are_what_its_tool_gave() {
    let stats = crate::results::LevelStats {
        responses: 1000,
        responses_per_s: 100.0,
        errors: Some(0),
        non_2xx: Some(10),
        latency_p50_us: Some(1000.4),
        latency_p99_us: Some(5000.0),
        ..Default::default()
    };
    let f = Figures::of_level(&stats);
    assert_eq!(f.rate_per_s, Some(100.0));
    assert_eq!(f.error_share, Some(0.01));
    assert_eq!(f.latency_us, [(Quantile::P50, 1000), (Quantile::P99, 5000)]);
    // A tool that counts no errors gives no error share.
    let f = Figures::of_level(&crate::results::LevelStats {
        errors: None,
        non_2xx: None,
        ..stats
    });
    assert_eq!(f.error_share, None);
}

fn step(n: u32, offered: f64, pass: bool, confirm: bool, p99_us: u64) -> StepRecord {
    StepRecord {
        step: n,
        offered_per_s: offered,
        p50_us: p99_us / 4,
        p90_us: Some(p99_us / 2),
        p99_us,
        p99_9_us: p99_us * 2,
        max_us: p99_us * 3,
        errors: 2,
        requests_sent: 1000,
        confirm,
        verdict: Verdict {
            pass,
            ..Verdict::default()
        },
        ..StepRecord::default()
    }
}

fn search(steps: Vec<StepRecord>, outcome: Outcome) -> SearchReport {
    SearchReport {
        schema: SEARCH_SCHEMA.into(),
        barrage_version: "0".into(),
        url: "http://127.0.0.1:1/".into(),
        slo: "p99<=10ms".parse().unwrap(),
        limits: Limits::default(),
        step_duration_s: 2.0,
        step_warmup_s: 1.0,
        calls_per_session: None,
        steps,
        outcome,
        client_ceiling: None,
        tolerance: None,
        interrupted: false,
        elapsed_s: 10.0,
        checks: Vec::new(),
    }
}

#[test]
fn a_searchs_figures_are_its_capacity_and_its_confirmation() {
    let steps = vec![
        step(1, 100.0, true, false, 1000),
        step(2, 1000.0, false, false, 50_000),
        step(3, 500.0, true, false, 2000),
        step(4, 500.0, true, true, 3000),
        step(5, 700.0, true, false, 4000),
    ];
    let s = search(steps.clone(), Outcome::Capacity { rate: 500.0 });
    assert_eq!(s.answer_step().map(|a| a.step), Some(4));
    let f = Figures::of_search(&s);
    assert_eq!(f.rate_per_s, Some(500.0));
    assert_eq!(f.latency(Quantile::P99), Some(3000));
    assert_eq!(f.latency(Quantile::P90), Some(1500));
    assert_eq!(f.error_share, Some(0.002));
    let c: Check = "rate>=600,p99<=5ms".parse().unwrap();
    let judged = c.judge(&f);
    assert!(!judged[0].pass && judged[1].pass, "{judged:?}");
    // A lower bound is the answer too; no rate, no figures.
    let s = search(
        steps.clone(),
        Outcome::AtLeast {
            rate: 700.0,
            bound: Bound::Steps,
        },
    );
    assert_eq!(Figures::of_search(&s).rate_per_s, Some(700.0));
    let s = search(steps, Outcome::BelowMin { min_rate: 10.0 });
    assert_eq!(Figures::of_search(&s), Figures::default());
}
