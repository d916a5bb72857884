//! The gates' syntax (a table of specs and what they give, or the error),
//! and the verdict on changes built by hand: past the limit and
//! significant fails; past it but not significant, or significant within
//! it, does not.

use super::*;
use crate::compare::{Changes, Row, RowKey, Side};

#[test]
fn specs_parse() {
    let ok = [
        ("rate<-5%", "rate<-5%"),
        (" p99 > +10% ", "p99>+10%"),
        ("rate<-5%,p99>+10%", "rate<-5%,p99>+10%"),
        ("p99.9>+2.5%, errors>+0.5%,", "p99.9>+2.5%,errors>+0.5%"),
        ("errors>0%", "errors>+0%"),
        (
            "capacity<-3%,cpu>+20%,p50>+1%,p90>+1%",
            "capacity<-3%,cpu>+20%,p50>+1%,p90>+1%",
        ),
    ];
    for (spec, shown) in ok {
        let gates: Gates = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert_eq!(gates.to_string(), shown, "{spec}");
    }
    let g: Gates = "rate<-5%,p99>+10%,rate<-1%".parse().unwrap();
    assert_eq!(g.metrics(), [Metric::ResponsesPerS, Metric::P99]);
    assert_eq!(g.0[0].limit, -5.0);
    assert_eq!(g.0[1].direction, Direction::Rise);
}

#[test]
fn bad_specs_say_what_is_wrong() {
    let bad = [
        ("", "no gate"),
        (" , ", "no gate"),
        ("rate-5%", "no < or >"),
        ("tput<-5%", "unknown figure \"tput\"; expected rate, p50"),
        ("p99>10ms", "the limit is a change in % of A's median"),
        ("rate<5%", "give the limit's sign: <-5% fails on a drop"),
        (
            "rate<+5%",
            "< fails on a drop and takes a negative limit (rate<-5%)",
        ),
        (
            "p99>-10%",
            "> on a rise and takes a positive one (p99>+10%)",
        ),
        ("p99<=-10%", "without ="),
        ("rate<-x%", "\"-x\" is not a number"),
        ("rate<-inf%", "is not a number"),
    ];
    for (spec, want) in bad {
        let e = spec.parse::<Gates>().unwrap_err();
        assert!(e.contains(want), "{spec}: {e}");
        assert!(!e.contains('\n'), "{spec}: one line: {e}");
    }
}

#[test]
fn past_is_strict() {
    let g: Gates = "rate<-5%,p99>+10%".parse().unwrap();
    assert!(g.0[0].past(-5.1) && !g.0[0].past(-5.0) && !g.0[0].past(3.0));
    assert!(g.0[1].past(10.5) && !g.0[1].past(10.0) && !g.0[1].past(-30.0));
}

fn side(v: &[f64]) -> Option<Side> {
    Some(Side {
        samples: v.to_vec(),
        client_bound: false,
    })
}

fn key(variant: &str) -> RowKey {
    RowKey::Level {
        variant: variant.into(),
        scenario: "hello".into(),
        driver: "barrage".into(),
        level: "c=4".into(),
    }
}

/// A comparison of rates: each row's A and B samples.
fn rates(rows: &[(&str, &[f64], &[f64])]) -> Comparison {
    let changes = rows
        .iter()
        .map(|(v, a, b)| {
            let row = Row {
                key: key(v),
                a: side(a),
                b: side(b),
            };
            Change::of(row, Metric::ResponsesPerS, 0.05)
        })
        .collect();
    Comparison {
        inputs: ["A: a".into(), "B: b".into()],
        warnings: Vec::new(),
        samples: "Samples: one per repeat.".into(),
        kind: SampleKind::Repeats,
        alpha: 0.05,
        suite: Some("s".into()),
        tables: vec![Changes {
            metric: Metric::ResponsesPerS,
            title: "responses/s".into(),
            changes,
        }],
    }
}

const A: [f64; 5] = [1000.0, 1010.0, 990.0, 1005.0, 995.0];

#[test]
fn the_verdict_needs_both_past_and_significant() {
    let cmp = rates(&[
        // -10%, all apart: significant and past -5%.
        ("dropped", &A, &[900.0, 905.0, 895.0, 910.0, 890.0]),
        // -3%, significant, within -5%.
        ("within", &A, &[970.0, 972.0, 968.0, 975.0, 966.0]),
        // About -8% by the estimate, but overlapping: not significant.
        ("noisy", &A, &[700.0, 1100.0, 920.0, 1020.0, 850.0]),
        // 3 vs 3: cannot be significant.
        ("few", &[1000.0, 1001.0, 1002.0], &[500.0, 501.0, 502.0]),
        ("gone", &A, &[]),
    ]);
    let gates: Gates = "rate<-5%".parse().unwrap();
    let v = judge(&gates, &cmp);
    let names = |hits: &[Hit<'_>]| -> Vec<String> {
        hits.iter()
            .map(|h| h.change.key.variant().to_string())
            .collect()
    };
    assert_eq!(names(&v.failed), ["dropped"]);
    assert_eq!(names(&v.not_significant), ["noisy"]);
    assert_eq!(names(&v.too_few_past), ["few"]);
    assert_eq!(v.tested, 3);
    assert_eq!(v.not_compared.len(), 1);
    assert!(v.fails());
    let text = text(&gates, &v, &cmp);
    assert!(
        text.contains("gates rate<-5% at alpha 0.05: FAILED, 1 significant change past its limit (3 rows tested)"),
        "{text}"
    );
    assert!(
        text.contains("FAIL dropped / hello / barrage / c=4: rate 1000 → 900, -10.0% (95% CI [")
            && text.contains("p=0.008): past rate<-5%"),
        "{text}"
    );
    assert!(
        text.contains("past rate<-5% but not significant: noisy /"),
        "{text}"
    );
    assert!(
        text.contains("cannot be tested: 1 row (too few repeats: 3 vs 3"),
        "{text}"
    );
    assert!(
        text.contains("not compared: gone / hello / barrage / c=4 (rate: no samples in B)"),
        "{text}"
    );

    // The same rows against a looser gate: nothing fails.
    let gates: Gates = "rate<-20%".parse().unwrap();
    let v = judge(&gates, &cmp);
    assert!(!v.fails() && v.not_significant.is_empty());
    assert!(headline(&gates, &v, 0.05)
        .ends_with("passed, no significant change past a limit (3 rows tested)"));
}

#[test]
fn a_gate_on_a_missing_metric_is_an_error() {
    let cmp = rates(&[("x", &A, &A)]);
    let gates: Gates = "rate<-5%,p90>+10%".parse().unwrap();
    let e = gates.check(&cmp).unwrap_err();
    assert!(
        e.starts_with("--fail-on p90>+10%: neither A nor B has p90"),
        "{e}"
    );
    assert!("rate<-1%".parse::<Gates>().unwrap().check(&cmp).is_ok());
}

#[test]
fn junit_is_well_formed_whatever_the_names() {
    let odd = "a<b & \"c\" 'd'\u{7}";
    let cmp = rates(&[
        (odd, &A, &[900.0, 905.0, 895.0, 910.0, 890.0]),
        ("few", &[1000.0, 1001.0, 1002.0], &[500.0, 501.0, 502.0]),
        ("fine", &A, &A),
    ]);
    let gates: Gates = "rate<-5%".parse().unwrap();
    let v = judge(&gates, &cmp);
    let xml = junit::junit(&gates, &v, &cmp);
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}:\n{xml}"));
    let suite = doc
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    let counts = ["tests", "failures", "skipped"].map(|a| suite.attribute(a));
    assert_eq!(counts, [Some("3"), Some("1"), Some("1")], "{xml}");
    let cases: Vec<_> = suite
        .children()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(
        cases[0].attribute("name"),
        Some("a<b & \"c\" 'd'\u{fffd} / hello / barrage / c=4")
    );
    let failure = cases[0]
        .children()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert!(
        failure
            .attribute("message")
            .is_some_and(|m| m.ends_with("past rate<-5%")),
        "{xml}"
    );
    let skipped = cases[1]
        .children()
        .find(|n| n.has_tag_name("skipped"))
        .and_then(|n| n.attribute("message"));
    assert_eq!(
        skipped,
        Some("rate: too few repeats: 3 vs 3 cannot reach p<0.05; rerun with repeats ≥ 4")
    );
    let props: Vec<_> = suite
        .descendants()
        .filter(|n| n.has_tag_name("property"))
        .filter_map(|n| Some((n.attribute("name")?, n.attribute("value")?)))
        .collect();
    assert!(props.contains(&("gates", "rate<-5%")), "{props:?}");
    assert!(
        cases[2].children().all(|n| !n.has_tag_name("failure")),
        "{xml}"
    );
}
