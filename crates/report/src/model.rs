//! Reading a results directory, and the views of its runs every report
//! shares: which tables there are (scenario × driver), their rows (server
//! variants) and columns (load levels) in a stable order, and the cells
//! (the repeats of one level) with their medians and marks.
//!
//! Nothing here depends on when or where the report is made: the same
//! results give the same views.

use std::path::Path;

use barrage_lab::store::{ProbeRecord, Results, RunRecord, ServerRecord, SCHEMA};

/// Reads `DIR/results.json`. The error is one line naming the file.
pub fn load_results(dir: &Path) -> Result<Results, String> {
    let path = dir.join("results.json");
    if !dir.is_dir() {
        return Err(format!(
            "{}: not a directory; expected a results directory of `barrage run` (results/SUITE-TIMESTAMP)",
            dir.display()
        ));
    }
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    parse_results(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parses the text of a results.json (schema `barrage.run/1`).
pub fn parse_results(text: &str) -> Result<Results, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    match value.get("schema").and_then(|s| s.as_str()) {
        Some(SCHEMA) => {}
        Some(other) => {
            return Err(format!(
                "schema {other:?} is not one this barrage reads; expected {SCHEMA:?}"
            ))
        }
        None => {
            return Err(format!(
            "no \"schema\" field; expected the results.json of `barrage run` (schema {SCHEMA:?})"
        ))
        }
    }
    serde_json::from_value(value)
        .map_err(|e| format!("not a {SCHEMA} results file: {}", one_line(&e.to_string())))
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the reports call a server variant: its label, or the server's name
/// when the variant has no label of its own.
pub fn row_name(server: &str, variant: &str) -> String {
    if variant.is_empty() {
        server.to_string()
    } else {
        variant.to_string()
    }
}

/// The suite's name: `suite.name`, else the suite file's stem.
pub fn suite_name(r: &Results) -> String {
    if let Some(name) = r.suite.get("name").and_then(|n| n.as_str()) {
        if !name.is_empty() {
            return name.to_string();
        }
    }
    Path::new(&r.suite_file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| r.suite_file.clone())
}

/// The suite's description, when it has one.
pub fn suite_description(r: &Results) -> Option<String> {
    r.suite
        .get("description")
        .and_then(|d| d.as_str())
        .filter(|d| !d.is_empty())
        .map(str::to_string)
}

/// Repeats the suite asked for (`suite.repeats`), when recorded.
pub fn planned_repeats(r: &Results) -> Option<u64> {
    r.suite.get("repeats").and_then(|x| x.as_u64())
}

/// A duration of the suite as serde wrote it (`{"secs": 1, "nanos": 0}`), in seconds.
pub fn suite_duration_s(r: &Results, key: &str) -> Option<f64> {
    let d = r.suite.get(key)?;
    let secs = d.get("secs")?.as_u64()?;
    let nanos = d.get("nanos").and_then(|n| n.as_u64()).unwrap_or(0);
    Some(secs as f64 + nanos as f64 / 1e9)
}

/// A scenario's request in one line (`GET /hello over h1`), from the suite.
pub fn scenario_line(r: &Results, scenario: &str) -> Option<String> {
    let list = r.suite.get("scenarios")?.as_array()?;
    let s = list
        .iter()
        .find(|s| s.get("name").and_then(|n| n.as_str()) == Some(scenario))?;
    let text = |k: &str| s.get(k).and_then(|x| x.as_str()).unwrap_or("");
    let mut line = format!(
        "{} {} over {}",
        text("method"),
        text("path"),
        text("protocol")
    );
    let protocol = text("protocol");
    let streams = s.get("streams").and_then(|x| x.as_u64()).unwrap_or(1);
    if (protocol == "h2" || protocol == "h2c") && streams > 1 {
        line.push_str(&format!(", {streams} streams per connection"));
    }
    if s.get("keepalive").and_then(|x| x.as_bool()) == Some(false) {
        line.push_str(", a connection per request");
    }
    if s.get("http10").and_then(|x| x.as_bool()) == Some(true) {
        line.push_str(", HTTP/1.0");
    }
    Some(line)
}

/// Labels of the suite's server variants, in the file's order.
fn suite_variants(r: &Results) -> Vec<String> {
    let mut out = Vec::new();
    for server in r
        .suite
        .get("servers")
        .and_then(|s| s.as_array())
        .into_iter()
        .flatten()
    {
        for v in server
            .get("variants")
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
        {
            if let Some(label) = v.get("label").and_then(|l| l.as_str()) {
                push_new(&mut out, label.to_string());
            }
        }
    }
    out
}

fn suite_scenarios(r: &Results) -> Vec<String> {
    let mut out = Vec::new();
    for s in r
        .suite
        .get("scenarios")
        .and_then(|s| s.as_array())
        .into_iter()
        .flatten()
    {
        if let Some(name) = s.get("name").and_then(|n| n.as_str()) {
            push_new(&mut out, name.to_string());
        }
    }
    out
}

fn suite_drivers(r: &Results) -> Vec<String> {
    let mut out = Vec::new();
    for d in r
        .suite
        .get("drivers")
        .and_then(|s| s.as_array())
        .into_iter()
        .flatten()
    {
        if let Some(name) = d.as_str() {
            push_new(&mut out, name.to_string());
        }
    }
    if out.is_empty() {
        if let Some(d) = r.suite.get("driver").and_then(|d| d.as_str()) {
            out.push(d.to_string());
        }
    }
    out
}

fn push_new(v: &mut Vec<String>, s: String) {
    if !v.contains(&s) {
        v.push(s);
    }
}

/// `known` first (in its order, those that occur), then the others in the
/// order they occur.
fn ordered(known: Vec<String>, occurring: impl IntoIterator<Item = String>) -> Vec<String> {
    let occurring: Vec<String> = {
        let mut v = Vec::new();
        for s in occurring {
            push_new(&mut v, s);
        }
        v
    };
    let mut out: Vec<String> = known
        .into_iter()
        .filter(|k| occurring.contains(k))
        .collect();
    for s in occurring {
        push_new(&mut out, s);
    }
    out
}

/// Every server variant the results name (runs, starts, probes), in the
/// suite's order.
pub fn variants(r: &Results) -> Vec<String> {
    let occurring = r
        .servers
        .iter()
        .map(|s| row_name(&s.server, &s.variant))
        .chain(r.probes.iter().map(|p| row_name(&p.server, &p.variant)))
        .chain(r.runs.iter().map(|x| row_name(&x.server, &x.variant)));
    ordered(suite_variants(r), occurring)
}

/// One table of the report: the runs of one scenario with one driver.
#[derive(Debug, Clone)]
pub struct Group<'a> {
    pub scenario: String,
    pub driver: String,
    /// Columns: (level index, label such as `c=100`), by index.
    pub levels: Vec<(usize, String)>,
    /// Rows: server variants, in the suite's order.
    pub rows: Vec<String>,
    pub runs: Vec<&'a RunRecord>,
}

impl<'a> Group<'a> {
    /// The repeats of one row at one level, by repeat.
    pub fn cell(&self, row: &str, level_index: usize) -> Cell<'a> {
        let mut runs: Vec<&'a RunRecord> = self
            .runs
            .iter()
            .copied()
            .filter(|x| row_name(&x.server, &x.variant) == row && x.level_index == level_index)
            .collect();
        runs.sort_by_key(|x| x.repeat);
        Cell { runs }
    }

    /// An id for HTML anchors: lowercase letters, digits and '-' (the
    /// prefix of the group's chart ids in chart.rs).
    pub fn id(&self) -> String {
        format!("{}-{}", slug(&self.scenario), slug(&self.driver))
    }
}

/// Lowercase letters, digits and single '-' from any text.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push('x');
    }
    out
}

/// The report's tables: scenario (in the suite's order) × driver (in the
/// suite's order), each with the levels and server variants it measured.
pub fn groups(r: &Results) -> Vec<Group<'_>> {
    let scenarios = ordered(
        suite_scenarios(r),
        r.runs.iter().map(|x| x.scenario.clone()),
    );
    let drivers = ordered(suite_drivers(r), r.runs.iter().map(|x| x.driver.clone()));
    let variants = variants(r);
    let mut out = Vec::new();
    for scenario in &scenarios {
        for driver in &drivers {
            let runs: Vec<&RunRecord> = r
                .runs
                .iter()
                .filter(|x| &x.scenario == scenario && &x.driver == driver)
                .collect();
            if runs.is_empty() {
                continue;
            }
            let mut levels: Vec<(usize, String)> = Vec::new();
            for x in &runs {
                if !levels.iter().any(|l| l.0 == x.level_index) {
                    levels.push((x.level_index, x.level.to_string()));
                }
            }
            levels.sort();
            let rows = variants
                .iter()
                .filter(|v| runs.iter().any(|x| &row_name(&x.server, &x.variant) == *v))
                .cloned()
                .collect();
            out.push(Group {
                scenario: scenario.clone(),
                driver: driver.clone(),
                levels,
                rows,
                runs,
            });
        }
    }
    out
}

/// A number of a level's statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    ResponsesPerS,
    P50,
    P99,
    P999,
    /// The load generator's CPU per response, µs.
    ClientCpu,
}

impl Metric {
    pub fn of(self, x: &RunRecord) -> Option<f64> {
        let st = x.stats.as_ref();
        match self {
            Metric::ResponsesPerS => st.map(|s| s.responses_per_s),
            Metric::P50 => st.and_then(|s| s.latency_p50_us),
            Metric::P99 => st.and_then(|s| s.latency_p99_us),
            Metric::P999 => st.and_then(|s| s.latency_p99_9_us),
            Metric::ClientCpu => st.and(x.client.cpu_per_response_us),
        }
    }
}

/// The repeats of one server variant at one level (one scenario, one driver).
#[derive(Debug, Clone)]
pub struct Cell<'a> {
    pub runs: Vec<&'a RunRecord>,
}

impl Cell<'_> {
    /// Nothing was run.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// The median of a metric over the repeats that have it.
    pub fn median(&self, m: Metric) -> Option<f64> {
        let v: Vec<f64> = self
            .runs
            .iter()
            .filter_map(|x| m.of(x))
            .filter(|v| v.is_finite())
            .collect();
        median(&v)
    }

    /// Some repeat used 90% or more of the client's cores.
    pub fn client_bound(&self) -> bool {
        self.runs.iter().any(|x| x.client_bound)
    }

    /// Every repeat failed (no statistics at all).
    pub fn failed(&self) -> bool {
        !self.runs.is_empty() && self.runs.iter().all(|x| x.stats.is_none())
    }

    /// Why the level's numbers are not to be trusted as a server's
    /// throughput: errors, timeouts or non-2xx responses in some repeat, or
    /// a repeat without statistics. Empty when valid.
    pub fn invalid_reasons(&self) -> Vec<String> {
        let mut out = Vec::new();
        let errors = self.sum(|s| s.errors);
        let timeouts = self.sum(|s| s.timeouts);
        let non_2xx = self.sum(|s| s.non_2xx);
        if errors.unwrap_or(0) > 0 {
            out.push(format!("{} errors", errors.unwrap_or(0)));
        }
        if timeouts.unwrap_or(0) > 0 {
            out.push(format!("{} timeouts", timeouts.unwrap_or(0)));
        }
        if non_2xx.unwrap_or(0) > 0 {
            out.push(format!("{} non-2xx responses", non_2xx.unwrap_or(0)));
        }
        let failed = self.runs.iter().filter(|x| x.stats.is_none()).count();
        if failed > 0 {
            out.push(format!(
                "{failed} of {} repeats without numbers",
                self.runs.len()
            ));
        }
        out
    }

    pub fn invalid(&self) -> bool {
        !self.invalid_reasons().is_empty()
    }

    /// A count summed over the repeats that give it; `None` when none does.
    pub fn sum(&self, f: impl Fn(&barrage_lab::driver::LevelStats) -> Option<u64>) -> Option<u64> {
        let v: Vec<u64> = self
            .runs
            .iter()
            .filter_map(|x| x.stats.as_ref())
            .filter_map(f)
            .collect();
        if v.is_empty() {
            None
        } else {
            Some(v.iter().sum())
        }
    }
}

/// The median (the mean of the middle two for an even count): the lab's,
/// so reports and `summary.md` agree.
pub use barrage_lab::store::median;

/// The first probe of each (server variant, scenario), in the order of
/// [`variants`] and the suite's scenarios; an invalid probe of any repeat
/// wins over a valid one.
pub fn probes(r: &Results) -> Vec<&ProbeRecord> {
    let variants = variants(r);
    let scenarios = ordered(
        suite_scenarios(r),
        r.probes.iter().map(|p| p.scenario.clone()),
    );
    let mut out = Vec::new();
    for v in &variants {
        for s in &scenarios {
            let mut these: Vec<&ProbeRecord> = r
                .probes
                .iter()
                .filter(|p| &row_name(&p.server, &p.variant) == v && &p.scenario == s)
                .collect();
            these.sort_by_key(|p| (p.invalid.is_none(), p.repeat));
            if let Some(p) = these.first() {
                out.push(*p);
            }
        }
    }
    out
}

/// Server starts that were not `ok`, in variant order, then by repeat.
pub fn not_measured(r: &Results) -> Vec<&ServerRecord> {
    let variants = variants(r);
    let mut out: Vec<&ServerRecord> = r.servers.iter().filter(|s| s.status != "ok").collect();
    out.sort_by_key(|s| {
        (
            variants
                .iter()
                .position(|v| *v == row_name(&s.server, &s.variant)),
            s.repeat,
        )
    });
    out
}

/// Runs with an error (no statistics, or the tool's complaint), in table order.
pub fn failed_runs(r: &Results) -> Vec<&RunRecord> {
    let mut out = Vec::new();
    for g in groups(r) {
        for row in &g.rows {
            for (li, _) in &g.levels {
                for x in g.cell(row, *li).runs {
                    if x.error.is_some() {
                        out.push(x);
                    }
                }
            }
        }
    }
    out
}

/// The runs in report order: scenario, driver, server variant, level, repeat.
pub fn ordered_runs(r: &Results) -> Vec<&RunRecord> {
    let mut out = Vec::new();
    for g in groups(r) {
        for row in &g.rows {
            for (li, _) in &g.levels {
                out.extend(g.cell(row, *li).runs);
            }
        }
    }
    out
}

/// Whether the run measured everything it planned, in words.
pub fn state(r: &Results) -> &'static str {
    match (r.complete, r.interrupted) {
        (true, _) => "complete",
        (false, true) => "PARTIAL: the run was interrupted",
        (false, false) => "PARTIAL: the run did not finish",
    }
}

/// `1234567` → `1,234,567`.
pub fn group_digits(n: u64) -> String {
    let digits: Vec<char> = n.to_string().chars().collect();
    let groups: Vec<String> = digits
        .rchunks(3)
        .rev()
        .map(|g| g.iter().collect())
        .collect();
    groups.join(",")
}

/// Responses per second as the tables show them: whole, digits grouped.
pub fn fmt_rate(v: f64) -> String {
    // Rounded as `{:.0}` rounds (as summary.md shows it), then grouped.
    let whole = format!("{:.0}", v.max(0.0));
    whole.parse::<u64>().map(group_digits).unwrap_or(whole)
}

/// A latency in µs: `812 µs`, `4.87 ms`, `1.20 s`.
pub fn fmt_latency_us(us: f64) -> String {
    if us >= 1_000_000.0 {
        format!("{:.2} s", us / 1_000_000.0)
    } else if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}

/// Bytes in binary units: `23.5 GiB`.
pub fn fmt_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1024.0 && u < UNITS.len() - 1 {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} B")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

/// A float for data files: at most 6 decimals, no trailing zeros, no
/// exponent (`10159.75`, `0.1`, `46`).
pub fn fmt_num(v: f64) -> String {
    if !v.is_finite() {
        return String::new();
    }
    let s = format!("{v:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }

    #[test]
    fn formats() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1,000");
        assert_eq!(group_digits(1234567), "1,234,567");
        assert_eq!(fmt_rate(22784.4), "22,784");
        assert_eq!(fmt_latency_us(46.0), "46 µs");
        assert_eq!(fmt_latency_us(4870.0), "4.87 ms");
        assert_eq!(fmt_latency_us(1_200_000.0), "1.20 s");
        assert_eq!(fmt_bytes(512), "512 B");
        assert_eq!(fmt_bytes(25276063744), "23.5 GiB");
        assert_eq!(fmt_num(46.0), "46");
        assert_eq!(fmt_num(10159.75), "10159.75");
        assert_eq!(fmt_num(0.01 + 0.09), "0.1");
        assert_eq!(fmt_num(10.11527514231499), "10.115275");
        assert_eq!(fmt_num(-0.0000001), "0");
        assert_eq!(fmt_num(f64::NAN), "");
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("static-4k barrage"), "static-4k-barrage");
        assert_eq!(slug("  A/B__c "), "a-b-c");
        assert_eq!(slug("//"), "x");
    }

    #[test]
    fn bad_results() {
        assert!(parse_results("{")
            .unwrap_err()
            .starts_with("not valid JSON"));
        assert!(parse_results("{}").unwrap_err().contains("no \"schema\""));
        assert!(parse_results(r#"{"schema":"barrage.load/1"}"#)
            .unwrap_err()
            .contains("barrage.load/1"));
        let e = parse_results(r#"{"schema":"barrage.run/1"}"#).unwrap_err();
        assert!(
            e.starts_with("not a barrage.run/1 results file: missing field"),
            "{e}"
        );
    }
}
