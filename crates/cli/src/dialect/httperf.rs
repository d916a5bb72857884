//! The httperf dialect: httperf 0.9.0's command line, run as barrage
//! sessions (`barrage load --conn-rate R --calls K --num-conns N`) and
//! printed in httperf's layout.
//!
//! `--rate R` new connections per second, `--num-conns N` in all, each
//! making `--num-calls K` requests one after another; the URL is built from
//! `--server`, `--port` and `--uri` (https with `--ssl`). What each flag
//! becomes, and where the numbers differ from httperf's, is in
//! docs/dialects.md.

mod args;
mod output;
mod plan;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use output::{ReplyRate, Stats};

use crate::exit::{usage_error, EXIT_FAILED};

pub fn main(args: Vec<OsString>) -> ExitCode {
    let version = || {
        format!(
            "httperf: httperf-0.9.0 dialect of barrage {}",
            env!("CARGO_PKG_VERSION")
        )
    };
    let o = match super::run_options(args::parse(&args), || args::USAGE, version) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let spec = match plan::build(&o) {
        Ok(spec) => spec,
        Err(msg) => return usage_error(msg),
    };
    if let Err(e) = spec.validate() {
        return usage_error(format!("httperf: {}", crate::common::spec_error(&e, flag)));
    }
    println!("{}", output::echo(&o));
    if o.verbose > 0 {
        println!(
            "httperf: maximum number of open descriptors = {}",
            open_files_limit()
        );
    }
    let _ = std::io::stdout().flush();

    let stop = crate::common::stop_on_ctrl_c();
    let mut rates = ReplyRate::new(o.verbose > 0);
    let before = cpu_seconds();
    let ran = if o.verbose > 0 {
        // -v prints reply rates as the run goes, as httperf does: no view.
        barrage_engine::run_until(&spec, &mut rates, stop)
    } else {
        let mut viewed = crate::live::Viewed::new(&mut rates, &spec, "httperf", &stop);
        let ran = barrage_engine::run_until(&spec, &mut viewed, stop);
        viewed.finish();
        ran
    };
    let report = match ran {
        Ok(r) => r,
        Err(e) => return usage_error(format!("httperf: {}", crate::common::spec_error(&e, flag))),
    };
    let after = cpu_seconds();
    let cpu = (after.0 - before.0, after.1 - before.1);
    let stats = Stats::from_report(&report, o.num_calls, rates.samples, cpu);
    print!("{}", output::render(&stats));
    let _ = std::io::stdout().flush();
    if !crate::common::write_json(&report, o.barrage_json.as_deref()) {
        return ExitCode::from(EXIT_FAILED);
    }
    // httperf exits 0 whatever the run met (refused connections included).
    ExitCode::SUCCESS
}

/// The httperf flag that sets a part of the spec, for the engine's errors.
fn flag(field: barrage_engine::Field) -> Option<&'static str> {
    use barrage_engine::Field as F;
    Some(match field {
        F::Target => "--server/--port",
        F::Path => "--uri",
        F::Method => "--method",
        F::Header => "--add-header",
        F::Timeout => "--timeout",
        F::ConnRate => "--rate",
        F::Calls => "--num-calls",
        F::Sessions => "--num-conns",
        _ => return None,
    })
}

/// User and system CPU seconds this process has used.
fn cpu_seconds() -> (f64, f64) {
    // SAFETY: getrusage fills the zeroed struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return (0.0, 0.0);
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    (secs(usage.ru_utime), secs(usage.ru_stime))
}

/// The open-files limit barrage runs under (it raises the soft limit to the hard one).
fn open_files_limit() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit fills the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        return 0;
    }
    lim.rlim_max
}
