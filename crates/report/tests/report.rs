//! `barrage report` on real results (tests/fixtures, see its README):
//! report.md and report.csv against golden files, byte-identical reruns, and
//! the HTML's self-containedness and structure.
//!
//! `UPDATE_GOLDEN=1 cargo test -p barrage-report --test report` rewrites
//! tests/golden/ from the current output.

use std::path::{Path, PathBuf};

use barrage_report::chart::{self, Chart, Home};
use barrage_report::{html, model, tables, write_report};

pub(crate) fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// A fresh copy of a fixture's results directory (results.json only).
fn scratch(fixture: &str, test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("report-tests")
        .join(format!("{test}-{fixture}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        fixtures().join(fixture).join("results.json"),
        dir.join("results.json"),
    )
    .unwrap();
    dir
}

pub(crate) fn results(fixture: &str) -> barrage_model::Results {
    model::load_results(&fixtures().join(fixture)).unwrap()
}

/// Compares with tests/golden/NAME, or rewrites it under UPDATE_GOLDEN=1.
pub(crate) fn golden(name: &str, actual: &str) {
    let path = golden_dir().join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, actual).unwrap();
        eprintln!("rewrote {}", path.display());
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; create it with UPDATE_GOLDEN=1", path.display()));
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{} differs from the output at line {}:\n  golden: {:?}\n  actual: {:?}\n(rerun with UPDATE_GOLDEN=1 if the change is intended)",
            path.display(),
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line)
        );
    }
}

#[test]
fn golden_markdown_and_csv() {
    let r = results("complete");
    golden("report.md", &tables::markdown(&r));
    golden("report.csv", &tables::csv(&r));
    let r = results("interrupted");
    golden("interrupted.md", &tables::markdown(&r));
    golden("interrupted.csv", &tables::csv(&r));
}

/// Every file under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn reruns_give_identical_files() {
    // Twice into two directories (PNGs are slow to render in a debug build:
    // one fixture through write_report, the other through its functions).
    let a = scratch("complete", "rerun-a");
    let b = scratch("complete", "rerun-b");
    let written_a = write_report(&a).unwrap();
    let written_b = write_report(&b).unwrap();
    assert_eq!(
        written_a.last().unwrap().file_name().unwrap(),
        "report.html",
        "report.html is the last path"
    );
    let rel = |w: &[PathBuf], d: &Path| -> Vec<PathBuf> {
        w.iter()
            .map(|p| p.strip_prefix(d).unwrap().to_path_buf())
            .collect()
    };
    assert_eq!(rel(&written_a, &a), rel(&written_b, &b));
    let r = results("complete");
    let charts = chart::charts_for(&r);
    assert_eq!(written_a.len(), 3 + 2 * charts.len(), "{written_a:?}");
    for c in &charts {
        for ext in ["svg", "png"] {
            let p = a.join("charts").join(format!("{}.{ext}", c.id));
            assert!(written_a.contains(&p), "{} not written", p.display());
        }
    }
    let fa = files(&a);
    assert_eq!(fa, files(&b));
    let mut listed = rel(&written_a, &a);
    listed.push("results.json".into());
    listed.sort();
    assert_eq!(
        fa, listed,
        "files written but not listed, or listed but not written"
    );
    for f in &fa {
        assert_eq!(
            std::fs::read(a.join(f)).unwrap(),
            std::fs::read(b.join(f)).unwrap(),
            "{} differs between two runs",
            f.display()
        );
    }
    // The files are the functions' outputs.
    assert_eq!(
        std::fs::read_to_string(a.join("report.md")).unwrap(),
        tables::markdown(&r)
    );
    assert_eq!(
        std::fs::read_to_string(a.join("report.csv")).unwrap(),
        tables::csv(&r)
    );
    let svgs = |r: &barrage_model::Results| -> Vec<(Chart, String)> {
        chart::charts_for(r)
            .into_iter()
            .map(|c| {
                let svg = chart::render_svg(&c);
                (c, svg)
            })
            .collect()
    };
    assert_eq!(
        std::fs::read_to_string(a.join("report.html")).unwrap(),
        html::results_html(&r, &svgs(&r))
    );
    // The interrupted fixture, read twice.
    let one = results("interrupted");
    let two = model::load_results(&scratch("interrupted", "rerun")).unwrap();
    assert_eq!(tables::markdown(&one), tables::markdown(&two));
    assert_eq!(tables::csv(&one), tables::csv(&two));
    assert_eq!(
        html::results_html(&one, &svgs(&one)),
        html::results_html(&two, &svgs(&two))
    );
}

#[test]
fn bad_directories_are_one_line_errors() {
    let missing = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-such-results");
    let e = write_report(&missing).unwrap_err();
    assert!(e.contains("no-such-results") && !e.contains('\n'), "{e}");

    let empty = scratch("complete", "bad");
    std::fs::remove_file(empty.join("results.json")).unwrap();
    let e = write_report(&empty).unwrap_err();
    assert!(e.contains("results.json: cannot read"), "{e}");

    std::fs::write(
        empty.join("results.json"),
        "{\"schema\": \"barrage.load/1\"}",
    )
    .unwrap();
    let e = write_report(&empty).unwrap_err();
    assert!(
        e.contains("results.json: written by a barrage with schema \"barrage.load/1\""),
        "{e}"
    );
    assert!(!e.contains('\n'), "{e}");

    std::fs::write(
        empty.join("results.json"),
        "{\"schema\": \"barrage.run/1\", \"runs\": 3}",
    )
    .unwrap();
    let e = write_report(&empty).unwrap_err();
    assert!(
        e.contains("results.json: not a valid file of its schema: at `runs`: invalid type"),
        "{e}"
    );
    assert!(!e.contains('\n'), "{e}");
}

/// Fields of an RFC 4180 CSV (CRLF records, quoted fields).
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                c => field.push(c),
            }
            continue;
        }
        match c {
            '"' => {
                assert!(field.is_empty(), "a quote inside an unquoted field");
                quoted = true;
            }
            ',' => row.push(std::mem::take(&mut field)),
            '\r' => {
                assert_eq!(chars.next(), Some('\n'), "CR without LF");
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            '\n' => panic!("a bare LF outside quotes"),
            c => field.push(c),
        }
    }
    assert!(
        !quoted && field.is_empty() && row.is_empty(),
        "unterminated record"
    );
    rows
}

#[test]
fn csv_rows_and_absent_values() {
    let r = results("complete");
    let rows = parse_csv(&tables::csv(&r));
    assert_eq!(rows[0], tables::CSV_COLUMNS.to_vec());
    assert_eq!(rows.len(), 1 + r.runs.len());
    assert!(rows.iter().all(|x| x.len() == tables::CSV_COLUMNS.len()));
    let col = |name: &str| tables::CSV_COLUMNS.iter().position(|c| *c == name).unwrap();
    for row in &rows[1..] {
        assert_eq!(row[col("suite")], "report-fixture");
        // wrk prints no p99.9: empty, never 0. barrage gives it.
        match row[col("driver")].as_str() {
            "wrk" => assert_eq!(row[col("latency_p99_9_us")], "", "{row:?}"),
            "barrage" => assert_ne!(row[col("latency_p99_9_us")], "", "{row:?}"),
            d => panic!("driver {d}"),
        }
        assert_ne!(row[col("responses_per_s")], "");
        assert_eq!(row[col("error")], "");
    }

    let r = results("interrupted");
    let rows = parse_csv(&tables::csv(&r));
    assert_eq!(rows.len(), 1 + r.runs.len());
    let failed: Vec<&Vec<String>> = rows[1..]
        .iter()
        .filter(|x| !x[col("error")].is_empty())
        .collect();
    assert_eq!(failed.len(), 1);
    let f = failed[0];
    assert!(f[col("error")].contains("nginx died") && f[col("error")].contains('\n'));
    for c in [
        "responses",
        "responses_per_s",
        "errors",
        "latency_p99_us",
        "client_cpu_per_response_us",
    ] {
        assert_eq!(f[col(c)], "", "{c} of a level without numbers");
    }
    assert!(rows.iter().any(|x| x[col("errors")] == "12"
        && x[col("timeouts")] == "3"
        && x[col("non_2xx")] == "5"));
    assert!(rows.iter().any(|x| x[col("client_bound")] == "true"));
}

#[test]
fn partial_results_say_so() {
    let md = tables::markdown(&results("interrupted"));
    assert!(md.contains("PARTIAL: the run was interrupted"), "{md}");
    // The client-bound level and the invalid ones are marked.
    assert!(
        md.contains("| barrage-target THREADS=2 | 76,439 | 81,073* |"),
        "{md}"
    );
    assert!(md.contains("| 64,392*! |"), "{md}");
    assert!(md.contains("| 12 / 3 / 5*! |"), "{md}");
    assert!(md.contains("| nginx | 88,949* | failed |"), "{md}");
    // Servers not measured, with reasons; a warning, escaped for Markdown.
    assert!(md.contains("- **nginx** (repeat 1): failed"), "{md}");
    assert!(md.contains("- **h2o** (repeat 1): unavailable"), "{md}");
    assert!(md.contains("missing binary h2o"), "{md}");
    assert!(md.contains("\\<before\\>"), "{md}");

    let md = tables::markdown(&results("complete"));
    assert!(!md.contains("PARTIAL"));
    assert!(md.contains(": complete"));
    for needle in [
        "Linux 6.18.44",
        "AMD EPYC",
        "| cores | 2 |",
        "net.core.somaxconn | 4096",
        "nginx version: nginx/1.22.1",
        "| nginx | static-4k | 200 | HTTP/1.1 | content-length | 255 | 4096 |",
        "barrage-target broken** (repeat 2): failed",
    ] {
        assert!(md.contains(needle), "no {needle:?} in\n{md}");
    }
}

/// Values of `attr="..."` everywhere in the text.
fn attr_values<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let pat = format!(" {attr}=\"");
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(&pat) {
        let after = &rest[at + pat.len()..];
        let end = after.find('"').unwrap();
        out.push(&after[..end]);
        rest = &after[end..];
    }
    out
}

/// Asserts that a page fetches nothing, runs only barrage's script and
/// is well-formed XML.
pub(crate) fn check_self_contained(html: &str) {
    for attr in [
        "src",
        "href",
        "xlink:href",
        "action",
        "srcset",
        "poster",
        "data",
    ] {
        for v in attr_values(html, attr) {
            let v = v.to_ascii_lowercase();
            assert!(
                !v.contains("http:") && !v.contains("https:") && !v.starts_with("//"),
                "{attr}={v:?} refers outside the file"
            );
        }
    }
    for bad in [
        "<img",
        "<link",
        "@import",
        "url(http",
        "@font-face",
        "<iframe",
    ] {
        assert!(
            !html.to_ascii_lowercase().contains(bad),
            "{bad} in the HTML"
        );
    }
    // One script, barrage's own, on a page with charts; a policy that
    // lets nothing be fetched and no other script run.
    let charts = html.contains("<svg");
    assert_eq!(html.matches("<script").count(), usize::from(charts));
    if charts {
        assert!(html.contains(&format!("<script>{}</script>", html::SCRIPT)));
    }
    assert_eq!(html.matches("Content-Security-Policy").count(), 1);
    let csp = format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\" />",
        html::csp()
    );
    let head = &html[..html.find("</head>").unwrap()];
    assert!(
        head.find(&csp).unwrap() < head.find("<style>").unwrap(),
        "the policy comes first"
    );
    assert_eq!(html.matches("<html").count(), 1);
    assert_eq!(html.matches("</html>").count(), 1);
    assert!(html.starts_with("<!DOCTYPE html>\n"));
    assert_eq!(
        html.matches("<svg").count(),
        html.matches("</svg>").count(),
        "unbalanced <svg>"
    );
    assert!(html.contains("name=\"viewport\""));
    assert!(html.contains("@media print"));
    assert!(html.contains("max-width: 100%"));
    assert!(html.contains("overflow-x: auto"));
    // Well-formed as XML too: every element closed, no unknown entities.
    let xml = html.trim_start_matches("<!DOCTYPE html>\n");
    if let Err(e) = roxmltree::Document::parse(xml) {
        panic!("not well-formed: {e}");
    }
}

#[test]
fn html_is_self_contained_with_every_chart() {
    for fixture in ["complete", "interrupted"] {
        let r = results(fixture);
        let charts: Vec<(Chart, String)> = chart::charts_for(&r)
            .into_iter()
            .map(|c| {
                let svg = chart::render_svg(&c);
                (c, svg)
            })
            .collect();
        let html = html::results_html(&r, &charts);
        check_self_contained(&html);
        assert_eq!(html.matches("<figure").count(), charts.len());
        for (c, _) in &charts {
            assert!(
                html.contains(&format!("<figure id=\"{}\"", c.id)),
                "chart {} missing",
                c.id
            );
            // Each chart sits in its own scenario's section: after its
            // heading and before the next section's.
            let Some(Home::Group { scenario, driver }) = &c.home else {
                panic!("{}: no group", c.id);
            };
            let id = format!("{}-{}", model::slug(scenario), model::slug(driver));
            let section = html.find(&format!("<h2 id=\"sec-{id}\">")).unwrap();
            let at = html.find(&format!("<figure id=\"{}\"", c.id)).unwrap();
            let next = html[section + 1..].find("<h2 ").unwrap() + section + 1;
            assert!(section < at && at < next, "{} outside {id}", c.id);
        }
        // The same tables as report.md.
        let md = tables::markdown(&r);
        for g in model::groups(&r) {
            assert!(html.contains(&format!("id=\"t-rate-{}\"", g.id())));
            assert!(html.contains(&format!("id=\"t-p99-{}\"", g.id())));
            assert!(md.contains(&format!("## {} ({})", g.scenario, g.driver)));
        }
        assert!(html.contains("AMD EPYC"));
    }
    let html = html::results_html(&results("interrupted"), &[]);
    assert!(html.contains("class=\"alert\""));
    // Text from the results is escaped.
    assert!(html.contains("&lt;before&gt;"));
    assert!(!html.contains("<before>"));
    assert!(html.contains("&lt;see logs/nginx-r1.log&gt;"));
    assert!(html.contains("class=\"num bound\" title=\"client-bound\">81,073*</td>"));
    assert!(html.contains("class=\"num bound invalid\""));
}

/// The suite's `[[table]]`s open the report: a column per level ×
/// scenario, in HTML as in Markdown, before the scenarios' sections;
/// results without tables (written before they existed) have none.
#[test]
fn side_by_side_tables_come_first() {
    let r = results("complete");
    let md = tables::markdown(&r);
    let side = md.find("## Side by side").expect("no side-by-side section");
    let table = md.find("### hello and 4 KiB (barrage)").unwrap();
    let first_group = md.find("## hello (barrage)").unwrap();
    assert!(side < table && table < first_group, "{md}");
    assert!(md.contains("| server | c=4 4k | c=4 hello | c=16 4k | c=16 hello |"));
    // The same cells as the scenarios' own tables, marks included.
    assert!(md.contains("| barrage-target THREADS=1 | 82,716 | 83,558* | 80,417* | 90,584* |"));
    assert!(md.contains("| barrage-target THREADS=1 | 83,558* | 90,584* |"));
    let html = html::results_html(&r, &[]);
    check_self_contained(&html);
    let side = html.find("id=\"side-by-side\"").unwrap();
    let first_group = html.find("id=\"sec-hello-barrage\"").unwrap();
    for key in ["rate", "p99", "errors", "cpu"] {
        let at = html
            .find(&format!("<table id=\"t-{key}-side-by-side-1\">"))
            .unwrap_or_else(|| panic!("no {key} table"));
        assert!(side < at && at < first_group);
    }
    assert!(html.contains("<a href=\"#side-by-side\">Side by side</a>"));
    assert!(html.contains("<th scope=\"col\" class=\"num\">c=16 hello</th>"));

    let old = model::load_results(&fixtures().join("compare-run")).unwrap();
    assert!(old.suite.tables.is_empty());
    assert!(model::side_by_side(&old).is_empty());
    assert!(!tables::markdown(&old).contains("Side by side"));
}

/// Results of WebSocket scenarios: tables and charts count messages/s and
/// the round trip's p50, p99 and p99.9; errors without non-2xx.
#[test]
fn websocket_scenarios_are_in_messages_and_round_trips() {
    let mut r = results("complete");
    for s in &mut r.suite.scenarios {
        s.protocol = barrage_model::suite::Wire::WS;
        s.ws = Some(barrage_model::suite::WsScenario::echo());
    }
    let md = tables::markdown(&r);
    for heading in [
        "### Median messages/s",
        "### Median p50 round trip",
        "### Median p99 round trip",
        "### Median p99.9 round trip",
        "### Errors / timeouts (sums over repeats)",
        "### Median client CPU per message",
    ] {
        assert!(md.contains(heading), "no {heading:?} in\n{md}");
    }
    assert!(!md.contains("Median responses/s"), "{md}");
    assert!(md.contains(
        "WebSocket /hello over ws: echo of 64-byte text messages, 1 in flight per connection"
    ));
    let charts = chart::charts_for(&r);
    let labels: Vec<&str> = charts.iter().map(|c| c.y_label.as_str()).collect();
    assert!(labels.contains(&"messages/s"), "{labels:?}");
    assert!(labels.contains(&"p99.9 round trip (ms)"), "{labels:?}");
    assert!(!labels.iter().any(|l| l.contains("latency")), "{labels:?}");
}

/// Results of gRPC scenarios: tables, charts and the ranking count calls/s
/// (unit call) or messages/s (unit message) and their latency's p50, p99
/// and p99.9; the errors' heading names the failed calls.
#[test]
fn grpc_scenarios_are_in_calls_or_messages() {
    use barrage_model::load::GrpcUnit;
    use barrage_model::suite::{GrpcScenario, Wire};
    for (unit, per_s, time) in [
        (GrpcUnit::Call, "calls/s", "latency per call"),
        (GrpcUnit::Message, "messages/s", "latency per message"),
    ] {
        let mut r = results("complete");
        for s in &mut r.suite.scenarios {
            s.protocol = Wire::GRPCS;
            let mut g = GrpcScenario::echo("/repo/proto/bench.proto");
            g.unit = unit;
            s.grpc = Some(g);
        }
        let md = tables::markdown(&r);
        for heading in [
            format!("### Median {per_s}"),
            format!("### Median p50 {time}"),
            format!("### Median p99 {time}"),
            format!("### Median p99.9 {time}"),
            "### Errors (failed calls: grpc-status not OK, among them) / timeouts / non-2xx (sums over repeats)".into(),
        ] {
            assert!(md.contains(&heading), "no {heading:?} in\n{md}");
        }
        assert!(!md.contains("Median responses/s"), "{md}");
        let one = if unit == GrpcUnit::Call {
            "call"
        } else {
            "stream"
        };
        let line = format!(
            "gRPC over grpcs: barrage.bench.v1.Bench/Echo, 1 {one} in flight per connection"
        );
        assert!(md.contains(&line), "no {line:?} in\n{md}");
        assert!(md.contains(&format!("{per_s} for gRPC")), "{md}");
        let charts = chart::charts_for(&r);
        let labels: Vec<&str> = charts.iter().map(|c| c.y_label.as_str()).collect();
        assert!(labels.contains(&per_s), "{labels:?}");
        let p999 = format!("p99.9 {time} (ms)");
        assert!(labels.contains(&p999.as_str()), "{labels:?}");
    }
}

#[test]
fn servers_left_out_of_quick_are_named_with_the_command_that_runs_them() {
    let mut r = results("complete");
    assert!(!tables::markdown(&r).contains("Left out of --quick"));
    r.suite.quick.left_out = vec!["mina".into(), "mochiweb".into()];
    let md = tables::markdown(&r);
    let line = md
        .lines()
        .find(|l| l.contains("Left out of --quick"))
        .unwrap_or_else(|| panic!("no left-out line in\n{md}"));
    for part in [
        "mina, mochiweb",
        &format!("`barrage run {} --quick --only NAME`", r.suite_file),
        &format!("`barrage run {}` every server", r.suite_file),
    ] {
        assert!(line.contains(part), "{part:?} not in {line}");
    }
}
