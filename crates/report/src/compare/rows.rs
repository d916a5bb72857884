//! The rows a comparison (and a history) tests: each a key (server
//! variant / scenario / driver / level, a capacity search, or a `barrage
//! load` run) with one side's samples of one metric, taken from the shared
//! tabulation ([`table`]) or from a load report's seconds.

use std::fmt;
use std::fmt::Write as _;

use barrage_model::load::{ModelKind, Second};
use barrage_model::results::Results;
use barrage_model::table::{self, Metric};
use barrage_model::RunReport;

/// What a row is of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowKey {
    /// One level of a scenario, run by one driver on one server variant.
    Level {
        variant: String,
        scenario: String,
        driver: String,
        /// The level's label (`c=100`, `2000/s`).
        level: String,
    },
    /// One server variant's capacity search of a scenario.
    Capacity { variant: String, scenario: String },
    /// A `barrage load` run, named by its URL and load model ([`load_model`]).
    Load(String),
}

impl RowKey {
    /// The server variant (a load run's name for a `barrage load` file).
    pub fn variant(&self) -> &str {
        match self {
            RowKey::Level { variant, .. } | RowKey::Capacity { variant, .. } => variant,
            RowKey::Load(name) => name,
        }
    }

    /// The key without its server variant: `hello / wrk / c=100`, `hello /
    /// capacity`; empty for a load run.
    pub fn place(&self) -> String {
        match self {
            RowKey::Level {
                scenario,
                driver,
                level,
                ..
            } => format!("{scenario} / {driver} / {level}"),
            RowKey::Capacity { scenario, .. } => format!("{scenario} / capacity"),
            RowKey::Load(_) => String::new(),
        }
    }
}

/// `variant / scenario / driver / level`, `variant / scenario / capacity`,
/// or the load run's name.
impl fmt::Display for RowKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowKey::Load(name) => f.write_str(name),
            _ => write!(f, "{} / {}", self.variant(), self.place()),
        }
    }
}

/// One side of a row: its samples, and whether any came from a
/// client-bound level.
#[derive(Debug, Clone, Default)]
pub struct Side {
    pub samples: Vec<f64>,
    pub client_bound: bool,
}

/// A row of one metric: its key and what each side has (`None`: the side
/// has no such row).
#[derive(Debug, Clone)]
pub struct Row {
    pub key: RowKey,
    pub a: Option<Side>,
    pub b: Option<Side>,
}

/// The URL and the load model: `http://…/hello [HTTP/1.1, closed c=10]`,
/// `… [h2, open 2000/s c=10 m=4]`, …
pub fn load_model(r: &RunReport) -> String {
    let s = &r.spec;
    let mut text = match s.model {
        ModelKind::Open => format!("open {}/s c={}", s.rate_per_s.unwrap_or(0.0), s.connections),
        ModelKind::Sessions => format!(
            "sessions {}/s x{}",
            s.conn_rate_per_s.unwrap_or(0.0),
            s.calls_per_session.unwrap_or(0)
        ),
        ModelKind::Closed => format!("closed c={}", s.connections),
    };
    if let Some(m) = s.streams.filter(|&m| m > 1) {
        let _ = write!(text, " m={m}");
    }
    if let Some(p) = s.pipeline.filter(|&p| p > 1) {
        let _ = write!(text, " pipeline={p}");
    }
    format!("{} [{}, {text}]", r.target.url, s.wire.label())
}

/// The seconds that lie wholly inside the measured phase: the entry
/// after the last one holds only the answers that came in after the end.
pub(crate) fn whole_seconds(r: &RunReport) -> impl Iterator<Item = &Second> {
    let end = r.totals.elapsed_s + 1e-6;
    r.series.iter().filter(move |s| (s.t_s + 1) as f64 <= end)
}

/// A run's per-second samples of `metric`: responses in each whole second
/// (= responses/s of that second), that second's p50 or p99 (µs; seconds
/// with responses), or its errors as % of its responses and errors. Other
/// metrics are not kept per second: none.
pub fn seconds(r: &RunReport, metric: Metric) -> Vec<f64> {
    let answered = |s: &&Second| s.responses > 0;
    let whole = whole_seconds(r);
    match metric {
        Metric::ResponsesPerS => whole.map(|s| s.responses as f64).collect(),
        Metric::P50 => whole.filter(answered).map(|s| s.p50_us as f64).collect(),
        Metric::P99 => whole.filter(answered).map(|s| s.p99_us as f64).collect(),
        Metric::Errors => whole
            .filter(|s| s.responses + s.errors > 0)
            .map(|s| s.errors as f64 * 100.0 / (s.responses + s.errors) as f64)
            .collect(),
        _ => Vec::new(),
    }
}

/// The row of two `barrage load` reports for `metric`, under A's name.
pub(crate) fn load_row(a: &RunReport, b: &RunReport, metric: Metric) -> Row {
    let side = |samples| {
        Some(Side {
            samples,
            client_bound: false,
        })
    };
    Row {
        key: RowKey::Load(load_model(a)),
        a: side(seconds(a, metric)),
        b: side(seconds(b, metric)),
    }
}

/// The cells of `r` for `metric` in the tabulation's order, variant by
/// variant: each level's repeats (a capacity search's answers for
/// [`Metric::Capacity`]).
pub(crate) fn keyed_cells(r: &Results, metric: Metric) -> Vec<(RowKey, Side)> {
    let mut cells: Vec<(RowKey, Side)> = Vec::new();
    if metric == Metric::Capacity {
        // Searches: one row per variant and search scenario.
        for (scenario, rows) in table::capacities(r) {
            for row in rows {
                let side = Side {
                    samples: row.rates(),
                    client_bound: row.client_bound(),
                };
                let variant = row.row.clone();
                let scenario = scenario.clone();
                cells.push((RowKey::Capacity { variant, scenario }, side));
            }
        }
    }
    for g in table::groups(r)
        .iter()
        .filter(|_| metric != Metric::Capacity)
    {
        for row in &g.rows {
            for (li, label) in &g.levels {
                let cell = g.cell(row, *li);
                let samples: Vec<f64> = cell.runs.iter().filter_map(|x| metric.of(x)).collect();
                let side = Side {
                    client_bound: cell
                        .runs
                        .iter()
                        .any(|x| x.client_bound && metric.of(x).is_some()),
                    samples,
                };
                let key = RowKey::Level {
                    variant: row.clone(),
                    scenario: g.scenario.clone(),
                    driver: g.driver.clone(),
                    level: label.clone(),
                };
                cells.push((key, side));
            }
        }
    }
    let variants = table::variants(r);
    cells.sort_by_key(|(key, _)| variants.iter().position(|v| v == key.variant()));
    cells
}

/// The rows of one metric for two results files: A's in its order, then
/// what only B has; rows of a metric neither side recorded (p99 of a
/// driver that gives none) are left out, but for responses/s.
pub(crate) fn run_rows(a: &Results, b: &Results, metric: Metric) -> Vec<Row> {
    let (ca, cb) = (keyed_cells(a, metric), keyed_cells(b, metric));
    let find = |cells: &[(RowKey, Side)], key: &RowKey| {
        cells.iter().find(|c| &c.0 == key).map(|c| c.1.clone())
    };
    let mut keys: Vec<&RowKey> = ca.iter().map(|c| &c.0).collect();
    for (k, _) in &cb {
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys.into_iter()
        .map(|k| Row {
            key: k.clone(),
            a: find(&ca, k),
            b: find(&cb, k),
        })
        .filter(|r| {
            r.a.as_ref().is_some_and(|s| !s.samples.is_empty())
                || r.b.as_ref().is_some_and(|s| !s.samples.is_empty())
                || metric == Metric::ResponsesPerS
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_as_before() {
        let level = RowKey::Level {
            variant: "nginx".into(),
            scenario: "hello".into(),
            driver: "wrk".into(),
            level: "c=100".into(),
        };
        assert_eq!(level.to_string(), "nginx / hello / wrk / c=100");
        assert_eq!(level.place(), "hello / wrk / c=100");
        let cap = RowKey::Capacity {
            variant: "nginx".into(),
            scenario: "hello-capacity".into(),
        };
        assert_eq!(cap.to_string(), "nginx / hello-capacity / capacity");
        assert_eq!(RowKey::Load("u [h1]".into()).to_string(), "u [h1]");
    }
}
