//! The efficiency sections: for each scenario with `efficiency`, the
//! servers ranked by their CPU per response at one fixed rate every server
//! holds (docs/suites.md, "Efficiency at a fixed rate"), with the latency
//! and the memory beside it. Builds blocks only.

use barrage_model::results::Results;
use barrage_model::table::efficiencies;

use super::{code, heading, text, Block, Table, TableCell};
use crate::{model, stats};

pub(super) fn efficiency_blocks(r: &Results, d: &mut Vec<Block>) {
    for (scenario, rate, rows) in efficiencies(r) {
        let id = format!("efficiency-{}", model::slug(&scenario));
        d.push(heading(
            2,
            format!("sec-{id}"),
            format!("Efficiency at {}/s: {scenario}", model::fmt_rate(rate)),
        ));
        let mut line = Vec::new();
        if let Some(sc) = r.suite.scenarios.iter().find(|s| s.name == scenario) {
            line.push(code(model::scenario_line(sc)));
            line.push(text(". "));
        }
        line.push(text(format!(
            "An open loop at {}/s, timed from the intended send, on a machine whose client holds that rate (its ceiling, measured in this sitting, is checked). Ranked by the server's CPU per response (user and system of its process tree over the measured window), lowest first; the interval is the median's over repeats. A repeat at the client's ceiling, or short of the rate, ranks nothing (notes).",
            model::fmt_rate(rate)
        )));
        d.push(Block::Para(line));
        let ms = |us: Option<f64>| us.map_or("–".into(), |u| format!("{:.2} ms", u / 1e3));
        let rows_out = rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let cpu = row.cpu_per_response_us();
                let median = row.median();
                let interval = match stats::median_interval(&cpu, 0.05) {
                    Some(iv) => format!(
                        "{:.1}–{:.1} µs ({:.0}%)",
                        iv.lo,
                        iv.hi,
                        iv.confidence * 100.0
                    ),
                    None => "–".into(),
                };
                let rss = row.median_of(|x| Some(x.server_usage.max_rss_bytes as f64));
                let excluded = row.excluded();
                let mut cell =
                    TableCell::plain(median.map_or("–".into(), |m| format!("{m:.1} µs")));
                cell.missing = median.is_none();
                vec![
                    TableCell::plain(if median.is_some() {
                        (i + 1).to_string()
                    } else {
                        "–".into()
                    }),
                    TableCell::plain(&row.row),
                    cell,
                    TableCell::plain(interval),
                    TableCell::plain(ms(row.median_of(|x| x.stats.as_ref()?.latency_p99_us))),
                    TableCell::plain(ms(row.median_of(|x| x.stats.as_ref()?.latency_p99_9_us))),
                    TableCell::plain(rss.map_or("–".into(), |b| model::fmt_bytes(b as u64))),
                    TableCell::plain(format!("{}/{}", cpu.len(), row.runs.len())),
                    TableCell::plain(excluded.join("; ")),
                ]
            })
            .collect();
        d.push(Block::Table(Table {
            id: format!("t-{id}"),
            head: [
                "rank",
                "server",
                "server CPU per response",
                "interval",
                "p99",
                "p99.9",
                "peak RSS",
                "repeats ranked",
                "notes",
            ]
            .iter()
            .map(|h| h.to_string())
            .collect(),
            numeric: vec![true, false, true, true, true, true, true, true, false],
            rows: rows_out,
        }));
    }
}
