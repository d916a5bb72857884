//! `barrage load` against hostile peers: servers that flood a protocol's control frames and
//! never read what barrage owes them, or send frames that move nothing on without end. For each
//! (HTTP/2 and gRPC through it, WebSocket, HTTP/3's control stream), the run ends within its duration + timeout + 1 s,
//! barrage's peak resident memory stays under [`FLOOD_RSS_KIB`] at 10 connections, and the
//! flood is counted under its own error kind (`flood`), its first message naming the frame.

use std::time::Duration;

use barrage_testkit::h2::{H2Behavior, H2Flood, H2TestServer};
use barrage_testkit::h3::{H3Behavior, H3TestServer};
use barrage_testkit::ws::{WsBehavior, WsHostile, WsTestServer};
use serde_json::Value;

use crate::common;
use common::{load_measured, measured, serial, Finished};

const DURATION: Duration = Duration::from_secs(2);
const TIMEOUT: Duration = Duration::from_secs(1);
/// The issue's bar: exit within the run's duration + its timeout + this.
const SLACK: Duration = Duration::from_secs(1);
/// Peak resident memory at 10 connections under a flood, at most (KiB): 64 MiB.
const FLOOD_RSS_KIB: u64 = 64 * 1024;
/// The same at 1,000 connections (KiB): what a connection keeps is bounded, so the peak grows
/// with the connections, not with the flood.
const FLOOD_RSS_1000_KIB: u64 = 256 * 1024;
/// A run past this is a hang (the test fails, the child is killed).
const HANG: Duration = Duration::from_secs(30);

/// `barrage load -t1 -c10 -d 2s --timeout 1s ARGS URL --json -`, checked for an on-time end,
/// bounded memory and a `flood` error whose first message contains `names`.
fn floods(name: &str, args: &[&str], url: &str, names: &str) -> (Finished, Value) {
    floods_on(10, FLOOD_RSS_KIB, name, args, url, names)
}

/// [`floods`] on `connections`, its peak RSS at most `max_rss_kib`.
fn floods_on(
    connections: usize,
    max_rss_kib: u64,
    name: &str,
    args: &[&str],
    url: &str,
    names: &str,
) -> (Finished, Value) {
    let c = format!("-c{connections}");
    let mut all = vec!["-t1", c.as_str(), "-d", "2s", "--timeout", "1s"];
    all.extend_from_slice(args);
    all.extend_from_slice(&[url, "--json", "-"]);
    let done = load_measured(&all, HANG);
    let r = &done.run;
    assert!(
        r.took <= DURATION + TIMEOUT + SLACK,
        "{name}: took {:?}, past {DURATION:?} + {TIMEOUT:?} + {SLACK:?}: {r:?}",
        r.took
    );
    eprintln!(
        "{name}, {connections} connections: peak RSS {} KiB, {:?}",
        done.max_rss_kib, r.took
    );
    assert!(
        done.max_rss_kib <= max_rss_kib,
        "{name}: peak RSS {} KiB, over {max_rss_kib} KiB: {r:?}",
        done.max_rss_kib
    );
    assert!(matches!(r.code, Some(0 | 1)), "{name}: {r:?}");
    let v = r.json();
    let flood = &v["errors"]["flood"];
    assert!(
        flood["count"].as_u64().unwrap_or(0) >= 1,
        "{name}: no flood error counted: {r:?}"
    );
    let first = flood["first"].as_str().unwrap_or("");
    assert!(
        first.contains(names),
        "{name}: the first flood error says {first:?}: {r:?}"
    );
    (done, v)
}

#[test]
fn each_http2_flood_ends_the_connection_on_time_within_bounded_memory() {
    let _serial = serial();
    for flood in H2Flood::ALL {
        let server = H2TestServer::start(H2Behavior::Flood(flood));
        let names = match flood {
            H2Flood::Ping => "PING",
            H2Flood::Settings => "SETTINGS",
            H2Flood::ResetStream => "RST_STREAM",
            H2Flood::WindowUpdate => "WINDOW_UPDATE",
            H2Flood::EmptyData => "DATA",
            H2Flood::Continuation => "CONTINUATION",
            H2Flood::Goaway => "GOAWAY",
        };
        let name = format!("{flood:?}");
        let (done, v) = floods(&name, &["--h2c", "-m", "10"], &server.url("/"), names);
        assert!(
            server.flood_batches() >= 1,
            "{name}: the server flooded nothing: {server:?}: {:?}",
            done.run
        );
        // The connection ended on the flood and barrage connected again.
        let opened = v["totals"]["connections_opened"].as_u64().unwrap_or(0);
        assert!(
            opened > 10 || server.connections() > 10,
            "{name}: {opened}: {:?}",
            done.run
        );
    }
}

#[test]
fn a_grpc_call_on_an_http2_ping_flood_ends_in_a_flood_error() {
    let _serial = serial();
    let server = H2TestServer::start(H2Behavior::Flood(H2Flood::Ping));
    let proto = concat!(env!("CARGO_MANIFEST_DIR"), "/../../proto/bench.proto");
    let url = server.url("");
    let args = [
        "--grpc",
        "--proto",
        proto,
        "--call",
        "barrage.bench.v1.Bench/Echo",
        "--data",
        r#"{"payload":"aGk=","seq":"1"}"#,
    ];
    floods(
        "gRPC on a PING flood",
        &args,
        url.trim_end_matches('/'),
        "PING",
    );
}

#[test]
fn each_websocket_flood_ends_the_connection_on_time_within_bounded_memory() {
    let _serial = serial();
    for hostile in WsHostile::ALL {
        let server = WsTestServer::start(WsBehavior::Hostile(hostile));
        let url = server.url("/ws");
        let name = format!("{hostile:?}");
        if !hostile.floods() {
            // One bad frame: a protocol error, within the same time and memory.
            let mut all = vec!["-t1", "-c10", "-d", "2s", "--timeout", "1s"];
            all.extend_from_slice(&[url.as_str(), "--json", "-"]);
            let done = load_measured(&all, HANG);
            let r = &done.run;
            assert!(r.took <= DURATION + TIMEOUT + SLACK, "{name}: {r:?}");
            let v = r.json();
            let first = v["errors"]["protocol"]["first"].as_str().unwrap_or("");
            assert!(first.contains("125"), "{name}: {first:?}: {r:?}");
            continue;
        }
        let names = match hostile {
            WsHostile::PingFlood => "ping",
            WsHostile::FragmentStorm => "fragments",
            WsHostile::NeverEnding => "MiB",
            WsHostile::ControlTooLong => unreachable!(),
        };
        let (done, _) = floods(&name, &[], &url, names);
        assert!(
            server.flood_batches() >= 1,
            "{name}: {server:?}: {:?}",
            done.run
        );
    }
}

#[test]
fn a_thousand_connections_under_floods_keep_bounded_memory() {
    let _serial = serial();
    let h2 = H2TestServer::start(H2Behavior::Flood(H2Flood::Ping));
    let args = ["--h2c", "-m", "10"];
    floods_on(
        1000,
        FLOOD_RSS_1000_KIB,
        "HTTP/2 PING",
        &args,
        &h2.url("/"),
        "PING",
    );
    drop(h2);
    let ws = WsTestServer::start(WsBehavior::Hostile(WsHostile::PingFlood));
    let url = ws.url("/ws");
    floods_on(
        1000,
        FLOOD_RSS_1000_KIB,
        "WebSocket pings",
        &[],
        &url,
        "ping",
    );
}

#[test]
fn verify_against_each_flood_ends_on_time_with_an_error_within_bounded_memory() {
    let _serial = serial();
    let check = |name: String, url: String| {
        let url = url.trim_end_matches('/');
        let args = [
            url,
            "--workload",
            "baseline",
            "--timeout",
            "1s",
            "--seed",
            "1",
        ];
        let done = measured("verify", &args, HANG);
        let r = &done.run;
        // One check of a second (its own waits on top), then the report.
        assert!(
            r.took <= Duration::from_secs(5),
            "{name}: took {:?}: {r:?}",
            r.took
        );
        assert!(
            done.max_rss_kib <= FLOOD_RSS_KIB,
            "{name}: {} KiB: {r:?}",
            done.max_rss_kib
        );
        assert_ne!(r.code, Some(0), "{name}: a flood passed verify: {r:?}");
        assert!(!r.stderr.contains("panicked"), "{name}: {r:?}");
    };
    for flood in H2Flood::ALL {
        let server = H2TestServer::start(H2Behavior::Flood(flood));
        check(format!("{flood:?}"), server.url(""));
    }
    for hostile in WsHostile::ALL {
        let server = WsTestServer::start(WsBehavior::Hostile(hostile));
        check(
            format!("{hostile:?}"),
            server.url("").replace("ws://", "http://"),
        );
    }
}

#[test]
fn an_http3_control_stream_flood_ends_the_connection_on_time_within_bounded_memory() {
    let _serial = serial();
    let server = H3TestServer::start(H3Behavior::ControlFlood);
    let url = server.url("/");
    let args = ["--h3", "--insecure", "-m", "10"];
    floods("HTTP/3 control stream", &args, &url, "control stream");
}

#[test]
fn a_zero_window_refuses_bodies_at_once_and_times_grpc_calls_out_on_time() {
    let _serial = serial();
    let server = H2TestServer::start(H2Behavior::ZeroWindow);
    let url = server.url("/");
    let mut all = vec!["-t1", "-c10", "-d", "2s", "--timeout", "1s", "--h2c"];
    all.extend_from_slice(&["--method", "POST", "--body", "hello", &url, "--json", "-"]);
    let done = load_measured(&all, HANG);
    let r = &done.run;
    assert!(r.took <= DURATION + TIMEOUT + SLACK, "{r:?}");
    let first = r.json()["errors"]["protocol"]["first"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(
        first.contains("smaller than the 5-byte request body"),
        "{first:?}: {r:?}"
    );
    // gRPC's messages wait for a window that never opens: each call times out.
    let proto = concat!(env!("CARGO_MANIFEST_DIR"), "/../../proto/bench.proto");
    let base = url.trim_end_matches('/');
    let mut all = vec!["-t1", "-c10", "-d", "2s", "--timeout", "1s", "--grpc"];
    all.extend_from_slice(&["--proto", proto, "--call", "barrage.bench.v1.Bench/Echo"]);
    all.extend_from_slice(&[
        "--data",
        r#"{"payload":"aGk=","seq":"1"}"#,
        base,
        "--json",
        "-",
    ]);
    let done = load_measured(&all, HANG);
    let r = &done.run;
    assert!(r.took <= DURATION + TIMEOUT + SLACK, "{r:?}");
    assert!(
        done.max_rss_kib <= FLOOD_RSS_KIB,
        "{} KiB: {r:?}",
        done.max_rss_kib
    );
    let v = r.json();
    assert!(
        v["errors"]["timeout"]["count"].as_u64().unwrap_or(0) >= 1,
        "{r:?}"
    );
    assert_eq!(v["totals"]["responses"].as_u64(), Some(0), "{r:?}");
}
