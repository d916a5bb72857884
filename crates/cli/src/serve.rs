//! `barrage serve`: the built-in reference server.

use std::net::SocketAddr;
use std::process::ExitCode;

use barrage_target::TargetConfig;

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

pub fn main(args: ServeArgs) -> ExitCode {
    let cfg = TargetConfig {
        listen: args.listen,
        threads: args.threads,
    };
    eprintln!(
        "barrage serve: listening on http://{} (HTTP/1.1 and h2c); Ctrl-C stops",
        args.listen
    );
    match barrage_target::run_until_signal(cfg) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("barrage: error: {e}");
            ExitCode::from(crate::EXIT_FAILED)
        }
    }
}
