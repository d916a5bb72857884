//! The page of one capacity search (`barrage load --find-max --html`),
//! from its [`SearchReport`]: the outcome, the step table the terminal
//! prints, and the achieved-vs-offered and p99-vs-offered charts with the
//! knee marked. Rendered as report.html is ([`html::render_page`]).

use barrage_model::search::{human_us, Outcome, SearchReport, StepRecord};

use crate::chart::{self, Chart};
use crate::html;
use crate::model;
use crate::tables::{Block, Span, Table, TableCell};

/// The page of one search.
pub fn search_html(report: &SearchReport) -> String {
    let title = format!("barrage --find-max: {}", report.url);
    let unit = unit(report);
    let mut charts = Vec::new();
    chart::search_charts(
        "search",
        &report.url,
        (unit, "latency"),
        &[("answer", report)],
        &mut charts,
    );
    let charts: Vec<(Chart, String)> = charts
        .into_iter()
        .map(|c| {
            let svg = chart::render_svg(&c);
            (c, svg)
        })
        .collect();
    html::render_page(&title, &blocks(report), &charts, false)
}

/// What the rates count.
fn unit(report: &SearchReport) -> &'static str {
    if report.calls_per_session.is_some() {
        "sessions/s"
    } else {
        "requests/s"
    }
}

fn cell(text: impl Into<String>) -> TableCell {
    TableCell {
        text: text.into(),
        ..Default::default()
    }
}

fn blocks(r: &SearchReport) -> Vec<Block> {
    let mut d = vec![Block::Heading {
        level: 1,
        id: "top".into(),
        text: format!("Capacity of {}", r.url),
    }];
    let answer = match r.outcome {
        Outcome::Capacity { .. } => format!("capacity {}", r.outcome),
        _ => r.outcome.to_string(),
    };
    let mut line = vec![
        Span::Strong(answer),
        Span::Text(format!(" ({}) within ", unit(r))),
        Span::Code(r.slo.to_string()),
        Span::Text(format!(
            ", {} steps in {:.0} s{}. Each step: {} s measured after {} s of warm-up, searched from {} to {} to {}%.",
            r.steps.len(),
            r.elapsed_s,
            if r.interrupted { ", interrupted" } else { "" },
            model::fmt_num(r.step_duration_s),
            model::fmt_num(r.step_warmup_s),
            model::fmt_rate(r.limits.min_rate),
            model::fmt_rate(r.limits.max_rate),
            model::fmt_num(r.limits.precision * 100.0)
        )),
    ];
    if let Some(calls) = r.calls_per_session {
        line.push(Span::Text(format!(" Sessions of {calls} calls.")));
    }
    d.push(Block::Para(line));
    let head = [
        "step",
        "offered/s",
        "achieved/s",
        "p50",
        "p99",
        "p99.9",
        "errors",
        "late",
        "own p99",
        "client CPU",
        "result",
    ];
    let rows = r.steps.iter().map(step_row).collect();
    d.push(Block::Heading {
        level: 2,
        id: "steps".into(),
        text: "Steps".into(),
    });
    d.push(Block::Table(Table {
        id: "t-steps".into(),
        head: head.iter().map(|h| h.to_string()).collect(),
        numeric: vec![
            true, true, true, true, true, true, true, true, true, true, false,
        ],
        rows,
    }));
    d.push(Block::Charts(None));
    d
}

/// One step's row of the steps table: its rates, latencies, errors, late
/// sends, client CPU and verdict (marked invalid when it failed).
fn step_row(s: &StepRecord) -> Vec<TableCell> {
    let result = match (s.verdict.pass, s.confirm) {
        (true, true) => "pass (confirmed)".to_string(),
        (true, false) => "pass".to_string(),
        (false, _) => format!("FAIL: {}", s.verdict.reasons.join("; ")),
    };
    let mut result = cell(result);
    result.invalid = !s.verdict.pass;
    result.client_bound = s.verdict.client_bound;
    if s.verdict.client_bound {
        result.text.push('*');
        let why: Vec<&str> = s
            .verdict
            .client_bound_reasons
            .iter()
            .map(|r| r.describe())
            .collect();
        result.note = Some(match why.is_empty() {
            true => "client-bound".into(),
            false => format!("client-bound: {}", why.join("; ")),
        });
    }
    vec![
        cell(s.step.to_string()),
        cell(model::fmt_rate(s.offered_per_s)),
        cell(model::fmt_rate(s.achieved_per_s)),
        cell(human_us(s.p50_us)),
        cell(human_us(s.p99_us)),
        cell(human_us(s.p99_9_us)),
        cell(model::group_digits(s.errors)),
        cell(model::group_digits(s.late)),
        cell(s.client_delay_p99_us.map_or("–".into(), human_us)),
        cell(
            s.client_cpu_share
                .map_or("–".into(), |c| format!("{:.0}%", c * 100.0)),
        ),
        result,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use barrage_model::search::{Limits, Slo, StepRecord, Verdict, SEARCH_SCHEMA};

    fn step(n: u32, offered: f64, achieved: f64, p99_us: u64, pass: bool) -> StepRecord {
        StepRecord {
            step: n,
            offered_per_s: offered,
            achieved_per_s: achieved,
            served_per_s: None,
            p50_us: p99_us / 4,
            p90_us: Some(p99_us / 2),
            p99_us,
            p99_9_us: p99_us * 2,
            max_us: p99_us * 3,
            errors: 0,
            requests_sent: (offered * 2.0) as u64,
            late: 0,
            client_cpu_share: Some(0.3),
            client_wait_share: None,
            client_delay_p99_us: Some(p99_us / 20),
            window_s: None,
            settled_s: None,
            repeat: false,
            confirm: false,
            verdict: Verdict {
                pass,
                reasons: if pass {
                    vec![]
                } else {
                    vec!["p99 too high".into()]
                },
                client_bound: false,
                client_bound_reasons: vec![],
                marginal: false,
            },
        }
    }

    #[test]
    fn the_page_has_the_steps_the_answer_and_both_charts_with_the_knee() {
        let mut confirm = step(4, 1000.0, 1000.0, 4000, true);
        confirm.confirm = true;
        let r = SearchReport {
            schema: SEARCH_SCHEMA.into(),
            barrage_version: "0".into(),
            url: "http://127.0.0.1:8080/hello".into(),
            slo: "p99<=10ms".parse::<Slo>().unwrap(),
            limits: Limits::default(),
            step_duration_s: 2.0,
            step_warmup_s: 0.5,
            calls_per_session: None,
            steps: vec![
                step(1, 100.0, 100.0, 2000, true),
                step(2, 1000.0, 1000.0, 4000, true),
                step(3, 10000.0, 1100.0, 900_000, false),
                confirm,
            ],
            outcome: Outcome::Capacity { rate: 1000.0 },
            tolerance: None,
            client_ceiling: None,
            interrupted: false,
            elapsed_s: 10.0,
            checks: Vec::new(),
        };
        let html = search_html(&r);
        assert!(html.contains("capacity 1000/s"), "{html}");
        assert!(html.contains("FAIL: p99 too high"));
        for id in ["search-offered", "search-p99"] {
            assert!(html.contains(id), "no chart {id}");
        }
        assert!(html.contains("data-series=\"answer capacity\""), "no knee");
        assert!(html.contains("data-series=\"objective\""), "no p99 bound");
        // Interactive: the script once, under the policy; the knee goes and
        // comes with its series; the steps' exact values on hover.
        assert_eq!(html.matches("<script>").count(), 1);
        assert!(html.contains(&format!("<script>{}</script>", html::SCRIPT)));
        assert!(html.contains(&html::csp()));
        assert_eq!(html.matches(" data-of=\"answer\"").count(), 2, "{html}");
        assert!(html.contains("<title>answer, offered requests/s 10,000: 1,100/s</title>"));
        assert!(html.contains("<title>answer, offered requests/s 10,000: 900.00 ms</title>"));
        // The client's own send delay p99 of each step.
        assert!(html.contains(">45ms<"), "{html}");
    }

    #[test]
    fn a_client_bound_step_is_marked_with_its_reason() {
        use barrage_model::client_bound::Reason;
        let mut s = step(3, 10000.0, 9000.0, 30_000, false);
        s.verdict.client_bound = true;
        s.verdict.client_bound_reasons = vec![Reason::SendDelay];
        let row = step_row(&s);
        let result = row.last().unwrap();
        assert!(
            result.client_bound && result.text.ends_with('*'),
            "{result:?}"
        );
        let note = result.note.as_deref().unwrap();
        assert!(note.contains("own send delay"), "{note}");
        assert_eq!(row[8].text, "1500us");
    }
}
