//! The `barrage` binary: flags, terminal output and exit codes. Each
//! subcommand is a thin file of wiring over the library crates.

mod agents;
mod ceiling;
mod common;
mod compare_cmd;
mod dialect;
mod exit;
mod find_max;
mod history_cmd;
mod k8s_cmd;
mod live;
mod load;
mod load_args;
mod merge_cmd;
mod metrics;
mod mix;
mod net_cmd;
mod observer;
mod report_cmd;
mod run;
mod script;
mod serve;
mod summary;
mod verify_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use exit::usage_error;

/// barrage: a web-server benchmark lab.
#[derive(Debug, Parser)]
#[command(
    name = "barrage",
    version,
    about,
    propagate_version = true,
    after_help = "Dialects: `barrage ab|wrk|h2load|httperf|ghz ARGS...` (or a link named ab, wrk, h2load, httperf or ghz)\ntakes that tool's command line, runs it on barrage's engine and prints the tool's output (docs/dialects.md)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Put load on a URL: closed loop, open loop (-R) or httperf-style sessions (--conn-rate).
    Load(Box<load::LoadArgs>),
    /// Run the built-in reference server (the endpoint contract, every workload of docs/workloads.md,
    /// and /ws: WebSocket echo, /ws?push=N&size=B to push N messages a second).
    Serve(serve::ServeArgs),
    /// Run a workload's checks alone against a catalogue server or a URL (docs/workloads.md).
    Verify(verify_cmd::VerifyArgs),
    /// Run a suite: servers x scenarios x load levels, probed, pinned, monitored and recorded.
    Run(run::RunArgs),
    /// Turn a results directory into report.md, report.csv, charts (SVG, PNG) and report.html.
    Report(report_cmd::ReportArgs),
    /// Compare two results directories (or two `barrage load` JSON files): medians, change, significance;
    /// --fail-on gates for CI (exit 3), Markdown and JUnit output.
    Compare(compare_cmd::CompareArgs),
    /// A suite's numbers over many results directories, with intervals and the changes gates flag.
    History(history_cmd::HistoryArgs),
    /// Merge `barrage load --json` results of one plan run side by side (hosts, processes, pods), exactly.
    Merge(merge_cmd::MergeArgs),
    /// Serve a controller over standard input and output (what `load --agents` starts on
    /// each host; docs/distributed.md).
    Agent(agents::AgentArgs),
    /// A lab of hosts inside this machine: network namespaces with their own sshd (`net up FILE`, `net down`).
    Net(net_cmd::NetArgs),
    /// Kubernetes: render an Indexed Job of N agents and the script that merges their reports; build its image.
    K8s(k8s_cmd::K8sArgs),
}

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some((name, args)) = dialect::requested(&argv) {
        return dialect::main(name, args);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_error(e),
    };
    match cli.command {
        Command::Load(args) => load::main(*args),
        Command::Serve(args) => serve::main(args),
        Command::Run(args) => run::main(args),
        Command::Verify(args) => verify_cmd::main(args),
        Command::Report(args) => report_cmd::main(args),
        Command::Compare(args) => compare_cmd::main(args),
        Command::History(args) => history_cmd::main(args),
        Command::Merge(args) => merge_cmd::main(args),
        Command::Agent(args) => agents::agent_main(args),
        Command::Net(args) => net_cmd::main(args),
        Command::K8s(args) => k8s_cmd::main(args),
    }
}

/// Help and version print as clap prints them; any other parse error is
/// reduced to its first line and a pointer to --help.
fn clap_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    usage_error(format!(
        "{}; see 'barrage --help'",
        one_line(&e.render().to_string())
    ))
}

/// The first paragraph of a clap error (its message and any list it names,
/// e.g. the missing arguments), joined into one line.
fn one_line(text: &str) -> String {
    let first: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let joined = first.join(" ");
    let joined = joined.trim_start_matches("error: ").to_string();
    if joined.is_empty() {
        "invalid arguments".into()
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_errors_become_one_line() {
        let text = "error: the following required arguments were not provided:\n  --http1.0\n\nUsage: barrage load --keepalive --http1.0 <URL>\n";
        assert_eq!(
            one_line(text),
            "the following required arguments were not provided: --http1.0"
        );
        assert_eq!(
            one_line("error: unexpected argument '--x' found\n\n  tip: ...\n"),
            "unexpected argument '--x' found"
        );
        assert_eq!(one_line(""), "invalid arguments");
    }
}
