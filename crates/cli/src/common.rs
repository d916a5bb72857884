//! What every command that runs the engine does the same way: Ctrl-C,
//! the `--metrics` endpoint, the summary and the JSON and HTML reports,
//! reaching `--agents`, `--check`, and the exit status of a run. The modes of
//! `barrage load` (one process, `--agents`, `--find-max`) share these and
//! never import each other; this module imports none of them.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use barrage_dist::controller::{AgentList, Controller};
use barrage_engine::check::{all_pass, Check, CheckResult, Figures};
use barrage_engine::{Curve, Field, LoadSpec, Model, RunReport, SpecError};

use crate::exit::{usage_error, EXIT_CHECK, EXIT_FAILED};

/// The stop flag for one run. A first Ctrl-C sets it, so the run ends with
/// its report (as wrk, ab, h2load and httperf do); a second one exits at
/// once with status 130.
pub fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    // Registered first, so it sees the flag before the second handler sets it.
    let _ = signal_hook::flag::register_conditional_shutdown(
        signal_hook::consts::SIGINT,
        130,
        stop.clone(),
    );
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, stop.clone());
    stop
}

/// Writes `report` as barrage.load/1 JSON (docs/json.md) to `path`, when
/// one was given; `-` is standard output. A failure is one line on standard
/// error and `false`, for the caller's exit status.
#[must_use]
pub fn write_json(report: &RunReport, path: Option<&Path>) -> bool {
    let Some(path) = path else {
        return true;
    };
    match write_json_to(report, path) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("barrage: error: writing JSON to {}: {e}", path.display());
            false
        }
    }
}

fn write_json_to(report: &RunReport, path: &Path) -> std::io::Result<()> {
    let text = report.to_json() + "\n";
    if path == Path::new("-") {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        return out.flush();
    }
    std::fs::write(path, text)
}

/// An engine error in a front-end's terms: `FLAG: message`, with the flag
/// that sets the field the engine names (`-H: header "X A": …`).
pub fn spec_error(e: &SpecError, flag: impl Fn(Field) -> Option<&'static str>) -> String {
    match flag(e.field) {
        Some(flag) => format!("{flag}: {e}"),
        None => e.to_string(),
    }
}

/// The open loop's rate over time from the load's start (the warm-up
/// holds the schedule's first rate), for what a live view or `--metrics`
/// shows as offered; none for other models.
pub fn offered_curve(spec: &LoadSpec) -> Option<Arc<Curve>> {
    match &spec.model {
        Model::Open { rate, .. } => {
            Some(Arc::new(Curve::new(rate, 1.0, spec.warmup.as_secs_f64())))
        }
        _ => None,
    }
}

/// The `--metrics` endpoint and the live numbers it serves, labelled with
/// the target URL and `labels` (`--metrics-label`).
pub type Metrics = (Arc<crate::metrics::Live>, crate::metrics::MetricsServer);

/// Starts the `--metrics` endpoint at `addr` (and says where, unless
/// `quiet`); a taken address is an error.
pub fn start_metrics(
    addr: std::net::SocketAddr,
    labels: &[(String, String)],
    quiet: bool,
    spec: &LoadSpec,
) -> Result<Metrics, String> {
    let live = Arc::new(crate::metrics::Live::new(offered_curve(spec)));
    let mut all = vec![("target".to_string(), spec.target.url.clone())];
    all.extend(labels.iter().cloned());
    let registry = crate::metrics::registry(Arc::clone(&live), all);
    let server = crate::metrics::MetricsServer::start(addr, registry)?;
    if !quiet {
        eprintln!("barrage: metrics at http://{}/metrics", server.addr());
    }
    Ok((live, server))
}

/// Publishes the run's final values, keeps serving them `linger`, then
/// ends the endpoint.
pub fn finish_metrics(metrics: Option<Metrics>, linger: std::time::Duration) {
    if let Some((live, server)) = metrics {
        live.finish();
        std::thread::sleep(linger);
        drop(server);
    }
}

/// A run's summary (on standard output, or standard error when the JSON
/// goes there; none when `quiet`), its JSON and its HTML page. A failure
/// is one line on standard error and `false`.
#[must_use]
pub fn write_outputs(
    report: &RunReport,
    quiet: bool,
    json: Option<&str>,
    html: Option<&Path>,
) -> bool {
    let text = crate::summary::render(report);
    match (quiet, json == Some("-")) {
        (true, _) => quiet_check_lines(&report.checks),
        (false, true) => eprint!("{text}"),
        (false, false) => print!("{text}"),
    }
    if !write_json(report, json.map(Path::new)) {
        return false;
    }
    if let Some(path) = html {
        if let Err(e) = std::fs::write(path, barrage_report::load_page::load_html(report)) {
            eprintln!("barrage: error: writing HTML to {}: {e}", path.display());
            return false;
        }
    }
    true
}

/// 1 when the run got no response at all and saw errors (e.g. every
/// connection refused); else 3 when it failed a `--check`.
pub fn exit_code(report: &RunReport) -> ExitCode {
    if report.totals.responses == 0 && report.totals.errors > 0 {
        ExitCode::from(EXIT_FAILED)
    } else if !all_pass(&report.checks) {
        ExitCode::from(EXIT_CHECK)
    } else {
        ExitCode::SUCCESS
    }
}

/// `--check` judged against the run's report and kept in it, for its
/// summary and JSON.
pub fn judge_checks(report: &mut RunReport, check: Option<&Check>) {
    if let Some(check) = check {
        report.checks = check.judge(&Figures::of_run(report));
    }
}

/// With `-q` no summary shows the checks: each that failed is a line on
/// standard error.
pub fn quiet_check_lines(checks: &[CheckResult]) {
    for c in checks.iter().filter(|c| !c.pass) {
        eprintln!("barrage: check {}", c.line());
    }
}

/// Reaches every agent `list` names (`--agents`, with the `--hosts`
/// inventory), saying on standard error what was installed where. Bad
/// flags exit 2; a host that cannot be reached or run exits 1.
pub fn connect_agents(agents: &AgentList) -> Result<Controller, ExitCode> {
    let ssh = agents.ssh().map_err(usage_error)?;
    let mut log = |line: &str| eprintln!("barrage: {line}");
    Controller::connect(&agents.hosts, &ssh, &mut log).map_err(|e| {
        eprintln!("barrage: error: {e}");
        ExitCode::from(EXIT_FAILED)
    })
}
