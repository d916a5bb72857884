//! Runs the reference server until Ctrl-C, without the CLI:
//! `cargo run --release -p barrage-target --example serve -- 127.0.0.1:8080 4`
//! (arguments: listen address, worker threads; both optional).

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut cfg = barrage_target::TargetConfig::default();
    if let Some(listen) = args.next() {
        cfg.listen = listen
            .parse()
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    }
    if let Some(threads) = args.next() {
        cfg.threads = threads
            .parse()
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    }
    eprintln!("serving on http://{}/hello", cfg.listen);
    barrage_target::run_until_signal(cfg)
}
