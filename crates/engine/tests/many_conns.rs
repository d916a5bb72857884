//! Many connections: a pool of thousands all connects, and `sources`
//! spreads connections over the source addresses given.

use crate::common;

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::{IpAddr, TcpListener};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::*;

/// Three thousand keep-alive connections from one thread, opened in
/// batches: every one connects and none fails.
#[test]
fn three_thousand_connections_all_connect() {
    let _serial = serial();
    let limit = barrage_engine::raise_open_files_limit().expect("read RLIMIT_NOFILE");
    // The client's connections and the server's, in this one process.
    if limit.connections_that_fit() < 6_200 {
        eprintln!(
            "skipped: the open-files limit {} is below 6,264",
            limit.soft
        );
        return;
    }
    let t = target();
    let mut s = spec(&hello(&t), closed(3_000));
    s.duration = Some(Duration::from_secs(1));
    s.timeout = Duration::from_secs(8);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(error_kinds(&r), Vec::<&str>::new(), "{:?}", r.errors);
    assert_eq!(r.connections.opened, 3_000);
    assert_eq!(r.connections.peak_open, 3_000);
    assert_eq!(r.connect_us.count, 3_000, "one connect time per connection");
    assert!(r.totals.responses >= 3_000, "each connection was answered");
}

/// A server that answers every request head with an empty 200 and keeps
/// the peer address of every connection it accepts.
fn peer_recording_server() -> (String, Arc<Mutex<Vec<IpAddr>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let peers = Arc::new(Mutex::new(Vec::new()));
    let seen = peers.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            seen.lock().unwrap().push(stream.peer_addr().unwrap().ip());
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                let mut heads = 0usize;
                while let Ok(n @ 1..) = stream.read(&mut buf) {
                    heads += buf[..n].windows(4).filter(|w| w == b"\r\n\r\n").count();
                    for _ in 0..std::mem::take(&mut heads) {
                        let ok = b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";
                        if stream.write_all(ok).is_err() {
                            return;
                        }
                    }
                }
            });
        }
    });
    (url, peers)
}

#[test]
fn sources_spread_connections_over_the_addresses_given() {
    let _serial = serial();
    let (url, peers) = peer_recording_server();
    let mut s = spec(&url, closed(6));
    s.max_requests = Some(60);
    s.sources = vec!["127.0.0.2".parse().unwrap(), "127.0.0.3".parse().unwrap()];
    let r = run(&s);
    assert_eq!(error_kinds(&r), Vec::<&str>::new(), "{:?}", r.errors);
    let peers = peers.lock().unwrap().clone();
    assert_eq!(peers.len(), 6, "{peers:?}");
    let distinct: BTreeSet<String> = peers.iter().map(|p| p.to_string()).collect();
    let want: BTreeSet<String> = ["127.0.0.2", "127.0.0.3"].map(String::from).into();
    assert_eq!(distinct, want);
    let from_2 = peers
        .iter()
        .filter(|p| p.to_string() == "127.0.0.2")
        .count();
    assert_eq!(from_2, 3, "round-robin: half from each, {peers:?}");
}

#[test]
fn a_source_of_another_family_is_refused_before_any_connect() {
    let (url, peers) = peer_recording_server();
    let mut s = spec(&url, closed(1));
    s.max_requests = Some(1);
    s.sources = vec!["::1".parse().unwrap()];
    let e = barrage_engine::run(&s, &mut barrage_engine::NoObserver).unwrap_err();
    assert_eq!(e.field, barrage_engine::Field::Sources);
    assert!(e.message.contains("same IP family"), "{e}");
    assert!(peers.lock().unwrap().is_empty());
}

/// An open loop's pool is opened in batches too; requests due before it is
/// all open must not open connections beyond `max_connections`.
#[test]
fn an_open_loop_pool_opened_in_batches_stays_within_max_connections() {
    let _serial = serial();
    let t = target();
    let model = barrage_engine::Model::Open {
        rate: barrage_engine::Schedule::constant(20_000.0),
        arrival: barrage_engine::Arrival::Uniform,
        connections: 200,
        max_connections: 200,
    };
    let mut s = spec(&hello(&t), model);
    s.max_requests = Some(2_000);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(error_kinds(&r), Vec::<&str>::new(), "{:?}", r.errors);
    assert_eq!(r.connections.opened, 200);
    assert!(
        r.connections.peak_open <= 200,
        "{}",
        r.connections.peak_open
    );
}
