//! The result store: `results/SUITE-TIMESTAMP/` with `results.json`
//! (rewritten whole, atomically, after every measured level, so a run that is
//! interrupted keeps what it measured), `logs/` (each server start's output)
//! and `summary.md` (median responses/s and p99 by server and level; the
//! servers × workloads tables first, then the suite's side-by-side tables).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use barrage_model::results::{
    ClientUsage, ProbeRecord, Results, RunRecord, ServerRecord, StartStatus, SCHEMA,
};
use barrage_model::suite::Counted;
use barrage_model::table::{self, Cell, Grid, Metric};

/// The results directory and its files.
pub struct Store {
    pub dir: PathBuf,
    pub results: Results,
}

impl Store {
    /// Creates `root/SUITE-TIMESTAMP/` (and `logs/`) and writes the first results.json.
    pub fn create(
        root: &Path,
        suite_name: &str,
        stamp: &str,
        results: Results,
    ) -> Result<Store, String> {
        let dir = root.join(format!("{suite_name}-{stamp}"));
        std::fs::create_dir_all(dir.join("logs"))
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let store = Store { dir, results };
        store.write()?;
        Ok(store)
    }

    pub fn log_path(&self, name: &str) -> PathBuf {
        self.dir.join("logs").join(name)
    }

    /// Rewrites results.json: to a temporary file, then renamed over the old one.
    pub fn write(&self) -> Result<(), String> {
        let path = self.dir.join("results.json");
        let tmp = self.dir.join("results.json.tmp");
        let text = self.results.to_json();
        std::fs::write(&tmp, text + "\n")
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Writes summary.md from what is recorded so far.
    pub fn write_summary(&self) -> Result<(), String> {
        let path = self.dir.join("summary.md");
        std::fs::write(&path, summary(&self.results))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// The plain summary: per scenario and driver, tables of median
/// responses/s, p99 and client CPU per response by server variant and level
/// (the shared tabulation, [`barrage_model::table`], as report.md has it),
/// after the same for the suite's side-by-side tables (`[[table]]`), whose
/// columns are level × scenario.
pub fn summary(r: &Results) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {}\n", r.suite_file);
    let state = match (r.complete, r.interrupted) {
        (true, _) => "complete",
        (false, true) => "interrupted: partial results",
        (false, false) => "incomplete: partial results",
    };
    let _ = writeln!(
        s,
        "Started {}, {state}. {} on {} ({} cores). Medians over repeats; `*` marks a client-bound level (it measures the client), `!` a level with errors, timeouts, non-2xx responses or failed repeats.\n",
        r.started_at, r.environment.kernel, r.environment.cpu_model, r.environment.cores
    );
    for w in &r.warnings {
        let _ = writeln!(s, "- warning: {w}");
    }
    let left_out = &r.suite.quick.left_out;
    if !left_out.is_empty() {
        let _ = writeln!(
            s,
            "Left out of --quick (the suite's `[quick] servers`): {}. `barrage run {} --quick --only NAME` runs one of them, `barrage run {}` every server.\n",
            left_out.join(", "),
            r.suite_file,
            r.suite_file
        );
    }
    workloads(&mut s, r);
    ranking(&mut s, r);
    let sides = table::side_by_side(r);
    if !sides.is_empty() {
        let _ = writeln!(
            s,
            "\n## Side by side\n\nThe suite's tables of several scenarios (`[[table]]`): a column per level and scenario; the scenarios' own tables follow."
        );
    }
    for t in &sides {
        let heading = format!("### {} ({})", t.title, t.driver);
        let counted = r.suite.counted(t.scenarios.iter().map(String::as_str));
        write_tables(&mut s, &heading, &t.grid(), counted);
    }
    for group in table::groups(r) {
        let heading = format!("## {} ({})", group.scenario, group.driver);
        let counted = r.suite.counted([group.scenario.as_str()]);
        write_tables(&mut s, &heading, &group.grid(), counted);
    }
    capacities(&mut s, r);
    not_measured(&mut s, r);
    hosts(&mut s, r);
    header_bytes(&mut s, r);
    s
}

/// The capacity tables: a search scenario's variants ranked.
fn capacities(s: &mut String, r: &Results) {
    for (scenario, rows) in table::capacities(r) {
        let _ = writeln!(
            s,
            "\n## Capacity: {scenario}\n\nThe highest rate at which every step of the search met the objective; median over repeats (each repeat's answer after it).\n\n| rank | server | capacity | repeats |\n|--:|---|--:|---|"
        );
        for (i, row) in rows.iter().enumerate() {
            // As report.md: "≥" for a lower bound only; a capacity to a
            // tolerance wider than asked is a capacity, with its note.
            let lower = row.lower_bound();
            let bound = if lower { "≥ " } else { "" };
            let note = match row.bounded() {
                notes if !lower && !notes.is_empty() => format!(", {}", notes.join("; ")),
                _ => String::new(),
            };
            let capacity = row
                .median()
                .map_or("none".into(), |m| format!("{bound}{m:.0}/s{note}"));
            let rank = if row.median().is_some() {
                (i + 1).to_string()
            } else {
                "–".into()
            };
            let _ = writeln!(
                s,
                "| {rank} | {} | {capacity} | {} |",
                row.row,
                row.answers().join(", ")
            );
        }
    }
}

/// What was not measured: scenarios the probes found invalid, servers
/// that did not start.
fn not_measured(s: &mut String, r: &Results) {
    let skipped: Vec<&ProbeRecord> = r.probes.iter().filter(|p| p.invalid.is_some()).collect();
    if !skipped.is_empty() {
        let _ = writeln!(s, "\n## Skipped (invalid for the contract)\n");
        for p in skipped {
            let _ = writeln!(
                s,
                "- {} / {}: {}",
                table::row_name(&p.server, &p.variant),
                p.scenario,
                p.invalid.as_deref().unwrap_or("")
            );
        }
    }
    let failed = table::not_measured(r);
    if !failed.is_empty() {
        let _ = writeln!(s, "\n## Servers not measured\n");
        for f in failed {
            let _ = writeln!(
                s,
                "- {} (repeat {}): {}: {}",
                table::row_name(&f.server, &f.variant),
                f.repeat + 1,
                f.status.name(),
                f.reason.as_deref().unwrap_or("")
            );
        }
    }
}

/// The hosts of a run across hosts and each client host's share.
fn hosts(s: &mut String, r: &Results) {
    if !r.hosts.is_empty() {
        let _ = writeln!(
            s,
            "\n## Hosts\n\n| host | role | address | cores | kernel | CPU | clock offset |\n|---|---|---|---|---|---|--:|"
        );
        for row in table::host_rows(r) {
            let _ = writeln!(s, "| {} |", row.join(" | "));
        }
        let _ = writeln!(
            s,
            "\n## Per client host\n\nEach level's share of the load on every client host; `not mergeable` above marks percentiles a tool printed only as a summary on several hosts (each host's p99 is here).\n\n| server | scenario | driver | level | repeat | host | responses/s | p99 | client CPU per response | client-bound |\n|---|---|---|---|--:|---|--:|--:|--:|---|"
        );
        for row in table::client_host_rows(r) {
            let _ = writeln!(s, "| {} |", row.join(" | "));
        }
    }
}

/// Each server's header and body bytes, as the probes saw them.
fn header_bytes(s: &mut String, r: &Results) {
    let _ = writeln!(s, "\n## Header bytes by server (probes)\n");
    let _ = writeln!(
        s,
        "| server | scenario | status | header bytes | body bytes | deviations |\n|---|---|--:|--:|--:|---|"
    );
    for p in table::probes(r) {
        if let Some(res) = &p.result {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} |",
                table::row_name(&p.server, &p.variant),
                p.scenario,
                res.status,
                res.header_bytes,
                res.body_bytes,
                res.deviations.join("; ")
            );
        }
    }
}

/// The servers × workloads tables (a suite with workload scenarios), one
/// per level, as the report opens with them ([`table::workload_matrices`]),
/// each with its composite ranking.
fn workloads(s: &mut String, r: &Results) {
    let tables = table::workload_matrices(r);
    if tables.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "\n## Servers × workloads\n\nMedian responses/s over repeats (the repeats' lowest–highest in brackets), `not implemented` (the manifest does not declare the workload), `failed validation: CHECK` (not loaded on it; results.json has the request and the response), `–` not run; a database workload's figure has its queries per request beside it (`q/req`, from pg_stat_statements; `!` also marks a failed proof of work). Composite: each workload's median over the best server's, summed over the workloads every ranked server has a valid number for (docs/workloads.md)."
    );
    for t in &tables {
        let _ = writeln!(s, "\n### At {} ({})\n", t.level, t.driver);
        let names: Vec<&str> = t.columns.iter().map(|c| c.scenario.as_str()).collect();
        let _ = writeln!(s, "| server | {} |", names.join(" | "));
        let _ = writeln!(s, "|---|{}", "--:|".repeat(names.len()));
        for (row, cells) in &t.rows {
            let texts: Vec<String> = cells
                .iter()
                .zip(&t.columns)
                .map(|(cell, c)| workload_cell(cell, c.workload))
                .collect();
            let _ = writeln!(s, "| {row} | {} |", texts.join(" | "));
        }
        match t.composite() {
            Some(c) => {
                let places: Vec<String> = c
                    .ranked
                    .iter()
                    .enumerate()
                    .map(|(i, (row, score))| format!("{}. {row} {score:.3}", i + 1))
                    .collect();
                let _ = write!(
                    s,
                    "\nComposite over {} (at most {}): {}",
                    c.workloads.join(", "),
                    c.workloads.len(),
                    places.join(" · ")
                );
                let unranked: Vec<String> = c
                    .unranked
                    .iter()
                    .map(|(row, lacking)| format!("{row} (no {})", lacking.join(", ")))
                    .collect();
                if !unranked.is_empty() {
                    let _ = write!(s, "; not ranked: {}", unranked.join(", "));
                }
                let _ = writeln!(s);
            }
            None => {
                let _ = writeln!(
                    s,
                    "\nNo composite: fewer than two servers have valid numbers for every workload that has any."
                );
            }
        }
    }
}

/// One cell of a servers × workloads table.
fn workload_cell(cell: &table::MatrixCell<'_>, workload: barrage_model::Workload) -> String {
    let m = Metric::ResponsesPerS;
    match cell {
        table::MatrixCell::NotImplemented => "not implemented".into(),
        table::MatrixCell::FailedValidation(f) => format!("failed validation: {}", f.check),
        table::MatrixCell::NotRun => "–".into(),
        table::MatrixCell::Measured(c) => {
            let marks = table::workload_marks(c, workload);
            // A database workload's queries per request, beside its figure.
            let q = table::queries_per_request(c)
                .map(|q| format!(" ({q:.1} q/req)"))
                .unwrap_or_default();
            match (c.median(m), c.range(m)) {
                (Some(median), Some((lo, hi))) if lo < hi => {
                    format!("{median:.0}{q} ({lo:.0}–{hi:.0}){marks}")
                }
                (Some(median), _) => format!("{median:.0}{q}{marks}"),
                (None, _) => "failed".into(),
            }
        }
    }
}

/// Who came first: per scenario and driver, the server variants by median
/// responses/s at the highest level with numbers for every one (the report's
/// ranking, [`table::Group::ranking`]), one line each, with the repeats'
/// lowest and highest and the tables' marks.
fn ranking(s: &mut String, r: &Results) {
    let groups: Vec<_> = table::groups(r)
        .into_iter()
        .filter_map(|g| {
            let ranking = g.ranking(Metric::ResponsesPerS, false)?;
            Some((g, ranking))
        })
        .collect();
    if groups.is_empty() {
        return;
    }
    // WebSocket and gRPC scenarios rank by messages/s or calls/s: said
    // when there are any.
    let per_s = r.suite.ranked_per_s();
    let _ = writeln!(
        s,
        "\n## Ranking\n\nBy median {per_s} at the highest level with numbers for every server (the repeats' lowest–highest in brackets).\n"
    );
    for (g, ranking) in &groups {
        let m = Metric::ResponsesPerS;
        let places: Vec<String> = ranking
            .rows
            .iter()
            .enumerate()
            .map(|(i, (row, cell))| match (cell.median(m), cell.range(m)) {
                (Some(median), Some((lo, hi))) if lo < hi => format!(
                    "{}. {row} {median:.0}{} ({lo:.0}–{hi:.0})",
                    i + 1,
                    cell.marks()
                ),
                (Some(median), _) => format!("{}. {row} {median:.0}{}", i + 1, cell.marks()),
                (None, _) => format!("–. {row} none"),
            })
            .collect();
        let _ = writeln!(
            s,
            "- **{} ({})** at `{}`: {}",
            g.scenario,
            g.driver,
            ranking.level,
            places.join(" · ")
        );
    }
}

/// A table's medians of responses/s, p99 and client CPU per response, as
/// a markdown table each under `heading` (`## NAME (DRIVER)`); for
/// WebSocket, messages/s and the round trip's p50, p99 and p99.9; for
/// gRPC, calls/s or messages/s and their latency's p50, p99 and p99.9.
fn write_tables(s: &mut String, heading: &str, grid: &Grid, counted: Counted) {
    let Counted {
        per_s, time, one, ..
    } = counted;
    let mut tables = vec![(per_s.to_string(), Metric::ResponsesPerS)];
    if counted.every_percentile() {
        tables.push((format!("p50 {time}"), Metric::P50));
    }
    tables.push((format!("p99 {time}"), Metric::P99));
    if counted.every_percentile() {
        tables.push((format!("p99.9 {time}"), Metric::P999));
    }
    tables.push((format!("client CPU per {one}"), Metric::ClientCpu));
    for (title, metric) in tables {
        let _ = writeln!(s, "\n{heading}: median {title}\n");
        let _ = write!(s, "| server |");
        for c in &grid.columns {
            let _ = write!(s, " {c} |");
        }
        let _ = write!(s, "\n|---|");
        for _ in &grid.columns {
            let _ = write!(s, "--:|");
        }
        s.push('\n');
        for (row, cells) in &grid.rows {
            let _ = write!(s, "| {row} |");
            for cell in cells {
                let _ = write!(s, " {} |", cell_text(cell, metric));
            }
            s.push('\n');
        }
    }
}

fn cell_text(cell: &Cell, metric: Metric) -> String {
    let Some(m) = cell.median(metric) else {
        let percentile = matches!(metric, Metric::P50 | Metric::P99 | Metric::P999);
        return if cell.failed() {
            "failed"
        } else if percentile && cell.not_mergeable() {
            "not mergeable"
        } else {
            "–"
        }
        .into();
    };
    let text = match metric {
        Metric::P99 | Metric::P50 | Metric::P999 if m >= 1000.0 => format!("{:.2} ms", m / 1000.0),
        Metric::P99 | Metric::P50 | Metric::P999 => format!("{m:.0} µs"),
        Metric::ClientCpu => format!("{m:.2} µs"),
        Metric::ResponsesPerS | Metric::Capacity => format!("{m:.0}"),
    };
    text + cell.marks()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A results.json of barrage report's fixtures (crates/report/tests/fixtures).
    fn fixture(name: &str) -> Results {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../report/tests/fixtures")
            .join(name)
            .join("results.json");
        Results::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn the_summary_opens_with_the_side_by_side_tables() {
        let r = fixture("complete");
        let s = summary(&r);
        let side = s
            .find("\n## Side by side\n")
            .expect("no side-by-side section");
        let table = s
            .find("\n### hello and 4 KiB (barrage): median responses/s\n")
            .unwrap();
        let first_group = s
            .find("\n## hello (barrage): median responses/s\n")
            .unwrap();
        assert!(side < table && table < first_group, "{s}");
        for metric in ["p99 latency", "client CPU per response"] {
            let heading = format!("\n### hello and 4 KiB (barrage): median {metric}\n");
            assert!(s[..first_group].contains(&heading), "{heading}");
        }
        // Columns level × scenario in the table's order; the scenarios' own
        // tables have the same cells, marks included.
        assert!(s.contains(
            "| server | c=4 4k | c=4 hello | c=16 4k | c=16 hello |\n|---|--:|--:|--:|--:|\n| barrage-target THREADS=1 | 82716 | 83558* | 80417* | 90584* |\n"
        ));
        assert!(s.contains("| barrage-target THREADS=1 | 83558* | 90584* |\n"));
        // Results without tables: the summary as before.
        let old = fixture("compare-run");
        assert!(old.suite.tables.is_empty());
        assert!(!summary(&old).contains("Side by side"));
    }

    #[test]
    fn the_summary_opens_with_who_came_first() {
        let r = fixture("complete");
        let s = summary(&r);
        let ranking = s.find("\n## Ranking\n").expect("a ranking");
        assert!(ranking < s.find("\n## Side by side\n").unwrap(), "{s}");
        let line = s[ranking..]
            .lines()
            .find(|l| l.starts_with("- **hello (barrage)** at `c=16`: "))
            .unwrap_or_else(|| panic!("{s}"));
        // Best first, the client-bound mark kept, the repeats' spread.
        let places: Vec<&str> = line.split(": ").nth(1).unwrap().split(" · ").collect();
        assert!(places[0].starts_with("1. "), "{line}");
        assert!(places.iter().all(|p| !p.starts_with("–")), "{line}");
        let medians: Vec<f64> = places
            .iter()
            .map(|p| {
                // `N. NAME MEDIAN[marks] (LO–HI)`; names may have spaces.
                let head = p.split(" (").next().unwrap();
                let n = head.rsplit(' ').next().unwrap();
                n.trim_end_matches(['*', '!']).parse().unwrap()
            })
            .collect();
        assert!(medians.windows(2).all(|w| w[0] >= w[1]), "{line}");
        assert!(line.contains("90584*"), "{line}");
    }

    /// A workload suite's summary opens with the servers × workloads
    /// tables: medians with the repeats' spread, "not implemented",
    /// "failed validation: CHECK", and the composite.
    #[test]
    fn the_summary_opens_with_the_servers_by_workloads_tables() {
        use barrage_model::results::{ValidationFailure, ValidationOutcome, ValidationRecord};
        let mut r = fixture("complete");
        for sc in &mut r.suite.scenarios {
            sc.workload = Some(if sc.name == "hello" {
                barrage_model::Workload::Json
            } else {
                barrage_model::Workload::StaticSet
            });
        }
        r.runs
            .retain(|x| !(x.variant == "nginx" && x.scenario == "hello"));
        let record = |server: &str, workload: &str, outcome| ValidationRecord {
            server: server.into(),
            workload: barrage_model::Workload::from_name(workload).unwrap(),
            outcome,
        };
        r.validations = vec![
            record("nginx", "json", ValidationOutcome::NotImplemented),
            record(
                "barrage-target broken",
                "static",
                ValidationOutcome::Failed(ValidationFailure {
                    check: "static: /static/app.css".into(),
                    reason: "wrong type".into(),
                    request: String::new(),
                    response: String::new(),
                }),
            ),
        ];
        let s = summary(&r);
        let at = s.find("\n## Servers × workloads\n").expect("the section");
        assert!(at < s.find("\n## Ranking\n").unwrap(), "{s}");
        assert!(s.contains(
            "### At c=4 (barrage)\n\n| server | hello | static-4k |\n|---|--:|--:|\n| barrage-target THREADS=1 | 83558 (80168–86947)* | 82716 (73389–92043) |\n"
        ), "{s}");
        assert!(
            s.contains("| nginx | not implemented | 37436 (35117–39755) |\n"),
            "{s}"
        );
        assert!(
            s.contains(
                "| barrage-target broken | – | failed validation: static: /static/app.css |\n"
            ),
            "{s}"
        );
        assert!(s.contains("Composite over hello, static-4k (at most 2): 1. barrage-target THREADS=1 1.976 · 2. barrage-target THREADS=2 1.730; not ranked: nginx (no hello), barrage-target broken (no hello, static-4k)\n"), "{s}");
        // A suite without workloads: no such section.
        assert!(!summary(&fixture("complete")).contains("Servers × workloads"));
    }
}
