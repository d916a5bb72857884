//! A server of known capacity, for bench/find-max.sh and by hand:
//! `cargo run --release -p barrage-testkit --example capacity_server -- 5000`
//! serves at most 5000 responses a second on 127.0.0.1 (the rest queue),
//! prints its URL, and runs until its standard input closes.

use std::io::Read;

use barrage_testkit::{Behavior, TestServer};

fn main() {
    let per_second: u32 = match std::env::args().nth(1).map(|a| a.parse()) {
        Some(Ok(k)) if k > 0 => k,
        _ => {
            eprintln!("usage: capacity_server RESPONSES_PER_SECOND (above zero)");
            std::process::exit(2);
        }
    };
    let server = TestServer::start(Behavior::Capacity { per_second });
    println!("{}", server.url("/"));
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
}
