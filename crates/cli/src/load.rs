//! `barrage load`: picks the mode the flags ask for (a capacity search,
//! the plan split over agents, or one run in this process) and runs the
//! last one itself. The flags and their spec are [`crate::load_args`]'s,
//! the outputs every mode shares [`crate::common`]'s; the other modes are
//! [`crate::find_max`] and [`crate::agents`], which import neither this
//! module nor each other.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use barrage_engine::search::client_bound::ClientBoundReport;
use barrage_engine::search::{ClientMeter, Tee};
use barrage_engine::LoadSpec;

use crate::common::{self, spec_error};
use crate::exit::{usage_error, EXIT_FAILED};
pub(crate) use crate::load_args::{checked_spec, flag, parse_start_at, LoadArgs};
use crate::observer::CliObserver;
use crate::script::Loaded;
use crate::summary;

pub fn main(args: LoadArgs) -> ExitCode {
    if args.find_max {
        return crate::find_max::main(&args);
    }
    let mut spec = match checked_spec(&args) {
        Ok(spec) => spec,
        Err(msg) => return usage_error(msg),
    };
    crate::load_args::io_uring_or_epoll(&mut spec);
    let script = match &args.script {
        Some(path) => {
            match Loaded::load(
                path,
                args.script_args.clone(),
                &mut spec,
                args.json.as_deref() == Some("-"),
            ) {
                Ok(s) => Some(s),
                Err(e) => return usage_error(format!("--script: {e}")),
            }
        }
        None => None,
    };
    if let Err(e) = spec.validate() {
        return usage_error(format!("--script: {}", e.message));
    }
    if script.as_ref().is_some_and(|s| s.runs_later()) && args.agents.is_some() {
        return usage_error(
            "--script: a script with hooks (setup, init, request, response, delay, done) runs in one barrage process; \
             --agents takes a script that only sets the request (wrk.method, wrk.path, wrk.headers, wrk.body)"
                .to_string(),
        );
    }
    if args.agents.is_some() {
        return crate::agents::load(&args, &spec);
    }
    if let Some(part) = args.part {
        if args.check.is_some() {
            return usage_error(
                "--check with --part: one part measures a share of the plan, not the plan; check the merged run (barrage merge --check, or --agents)",
            );
        }
        if spec.max_parts() < u64::from(part.of) {
            return usage_error(format!(
                "--part {}/{}: the plan has only {} connections, sessions or requests to share; use fewer parts or more -c",
                part.index, part.of, spec.max_parts()
            ));
        }
        spec = spec.split(part.of).swap_remove(part.index as usize);
    }
    if let Some(at) = args.start_at {
        wait_until(at);
    }
    run_here(&args, &spec, script)
}

/// One run in this process: the live view or progress line, `--metrics`,
/// `--hdr-log`, the script's hooks, then the outputs.
fn run_here(args: &LoadArgs, spec: &LoadSpec, mut script: Option<Loaded>) -> ExitCode {
    let json_to_stdout = args.json.as_deref() == Some("-");
    let terminal = std::io::stdout().is_terminal() && !json_to_stdout && !args.quiet;
    let stop = common::stop_on_ctrl_c();
    // Before the view takes the terminal (it says where the metrics are).
    let metrics = match &args.metrics {
        Some(addr) => match common::start_metrics(*addr, &args.metrics_labels, args.quiet, spec) {
            Ok(pair) => Some(pair),
            Err(e) => return usage_error(e),
        },
        None => None,
    };
    let view = match crate::live::wanted(terminal, args.no_tui).then(|| {
        let plan = crate::live::Plan::of(
            spec,
            summary::plan_line(&barrage_engine::spec_summary(spec)),
        );
        crate::live::LiveView::start(plan, Arc::clone(&stop))
    }) {
        Some(Ok(view)) => Some(view),
        // A terminal that cannot be driven: the progress line.
        Some(Err(_)) | None => None,
    };
    let progress = terminal && view.is_none();
    let mut observer = match CliObserver::new(progress, args.hdr_log.as_deref()) {
        Ok(o) => o,
        Err(e) => return usage_error(e),
    };
    if let Some(view) = view {
        observer.show(view);
    }
    if let Some((live, _)) = &metrics {
        observer.publish(Arc::clone(live));
    }
    observer.machine_lines(args.progress_lines);
    let listen_before = on_this_host(spec).then(barrage_lab::monitor::listen_queue);
    let mut meter = ClientMeter::start();
    let run = crate::script::run(
        script.as_mut(),
        spec,
        &mut Tee(&mut observer, &mut meter),
        stop,
    );
    let mut report = match run {
        Ok(r) => r,
        Err(e) => return usage_error(spec_error(&e, flag)),
    };
    // Whether this run measured its client (docs/load.md, "When is a run
    // client-bound?"): this process's CPU and wait, and its send delays.
    report.client_bound = Some(ClientBoundReport::judge(&report, meter.load(spec.threads)));
    common::judge_checks(&mut report, args.check.as_ref());
    let overflowed = listen_before.flatten().and_then(|before| {
        let during = barrage_lab::monitor::listen_queue()?.since(&before);
        let what = format!("this run ({} connections)", spec.peak_connections());
        barrage_lab::monitor::listen_overflow_warning(&during, &what)
    });
    if let Err(e) = observer.finish() {
        eprintln!("barrage: error: {e}");
    }
    common::finish_metrics(metrics, args.metrics_linger);
    if !common::write_outputs(
        &report,
        args.quiet,
        args.json.as_deref(),
        args.html.as_deref(),
    ) {
        return ExitCode::from(EXIT_FAILED);
    }
    if let Some(line) = overflowed {
        eprintln!("barrage: warning: {line}");
    }
    if !crate::script::after(script.as_ref(), &report) {
        return ExitCode::from(EXIT_FAILED);
    }
    common::exit_code(&report)
}

/// The target is an address of this machine, whose listen-queue counters
/// barrage can read (`/proc/net/netstat`).
fn on_this_host(spec: &LoadSpec) -> bool {
    let ip = spec.target.addr.ip();
    ip.is_loopback() || std::net::UdpSocket::bind((ip, 0)).is_ok()
}

/// Sleeps until the wall clock reads `at` (at once if it is past).
fn wait_until(at: std::time::SystemTime) {
    while let Ok(left) = at.duration_since(std::time::SystemTime::now()) {
        if left.is_zero() {
            break;
        }
        std::thread::sleep(left.min(Duration::from_millis(50)));
    }
}
