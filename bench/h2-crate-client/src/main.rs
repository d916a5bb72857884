//! A closed-loop HTTP/2 (h2c, prior knowledge) load client built on the `h2`
//! crate, to measure what the crate costs in client CPU per response.
//!
//!     h2-crate-client [-c CONNS] [-m STREAMS] [-d SECS] [--warmup SECS]
//!                     [-w BITS] [-W BITS] [--cpu N|none] http://HOST:PORT/PATH
//!
//! CONNS connections with STREAMS streams each: every stream sends a GET, reads
//! the response body to its end (releasing the flow-control capacity of each
//! chunk), and sends the next GET at once. One single-threaded tokio runtime,
//! pinned to core N (0 unless --cpu none). The first --warmup seconds are not
//! counted; then responses are counted for -d seconds and the client prints
//!
//!     N responses in 10.00s = R responses/s
//!     cpu: U s (getrusage RUSAGE_SELF user+sys) in the measured 10.00s = X us/response; whole run ...
//!
//! and exits without waiting for the streams still open.

use std::cell::Cell;
use std::net::{SocketAddr, ToSocketAddrs};
use std::process::exit;
use std::rc::Rc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::{Request, Uri};
use tokio::net::TcpStream;
use tokio::task::{spawn_local, LocalSet};

struct Args {
    conns: usize,
    streams: usize,
    duration: f64,
    warmup: f64,
    window_bits: Option<u32>,
    conn_window_bits: Option<u32>,
    cpu: Option<usize>,
    uri: Uri,
    addr: SocketAddr,
}

#[derive(Default)]
struct Shared {
    responses: Cell<u64>,
    errors: Cell<u64>,
    stop: Cell<bool>,
}

fn usage() -> ! {
    eprintln!(
        "usage: h2-crate-client [-c CONNS] [-m STREAMS] [-d SECS] [--warmup SECS] \
         [-w BITS] [-W BITS] [--cpu N|none] http://HOST:PORT/PATH"
    );
    exit(2)
}

fn fail(msg: impl std::fmt::Display) -> ! {
    eprintln!("h2-crate-client: {msg}");
    exit(1)
}

fn parse_args() -> Args {
    let mut conns = 100;
    let mut streams = 100;
    let mut duration = 10.0;
    let mut warmup = 2.0;
    let mut window_bits = None;
    let mut conn_window_bits = None;
    let mut cpu = Some(0);
    let mut url = None;
    // "-c100" and "--warmup=2" are split into "-c" "100" and "--warmup" "2".
    let mut split = Vec::new();
    for arg in std::env::args().skip(1) {
        if let Some((name, v)) = arg.split_once('=').filter(|_| arg.starts_with("--")) {
            split.extend([name.to_string(), v.to_string()]);
        } else if arg.len() > 2 && arg.starts_with('-') && !arg.starts_with("--") {
            split.extend([arg[..2].to_string(), arg[2..].to_string()]);
        } else {
            split.push(arg);
        }
    }
    let mut it = split.into_iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| -> String {
            it.next()
                .unwrap_or_else(|| fail(format!("{name} needs a value")))
        };
        fn num<T: std::str::FromStr>(name: &str, v: String) -> T {
            v.trim_end_matches('s')
                .parse()
                .unwrap_or_else(|_| fail(format!("{name}: not a number: {v}")))
        }
        match arg.as_str() {
            "-c" => conns = num("-c", value("-c")),
            "-m" => streams = num("-m", value("-m")),
            "-d" => duration = num("-d", value("-d")),
            "--warmup" => warmup = num("--warmup", value("--warmup")),
            "-w" => window_bits = Some(num("-w", value("-w"))),
            "-W" => conn_window_bits = Some(num("-W", value("-W"))),
            "--cpu" => {
                let v = value("--cpu");
                cpu = if v == "none" {
                    None
                } else {
                    Some(num("--cpu", v))
                };
            }
            "-h" | "--help" => usage(),
            _ if arg.starts_with('-') => usage(),
            _ if url.is_none() => url = Some(arg),
            _ => usage(),
        }
    }
    let url = url.unwrap_or_else(|| usage());
    let uri: Uri = url
        .parse()
        .unwrap_or_else(|e| fail(format!("bad URL {url}: {e}")));
    if uri.scheme_str() != Some("http") {
        fail("only http:// (h2c with prior knowledge) is supported");
    }
    let host = uri.host().unwrap_or_else(|| fail("URL without a host"));
    let port = uri.port_u16().unwrap_or(80);
    let addr = (host.trim_matches(|c| c == '[' || c == ']'), port)
        .to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .unwrap_or_else(|| fail(format!("cannot resolve {host}")));
    for bits in [window_bits, conn_window_bits].into_iter().flatten() {
        if !(1..=31).contains(&bits) {
            fail("window bits must be 1 to 31");
        }
    }
    if conns == 0 || streams == 0 || duration <= 0.0 || warmup < 0.0 {
        fail("-c and -m must be > 0, -d > 0, --warmup >= 0");
    }
    Args {
        conns,
        streams,
        duration,
        warmup,
        window_bits,
        conn_window_bits,
        cpu,
        uri,
        addr,
    }
}

/// User + system CPU seconds of this process so far.
fn cpu_seconds() -> f64 {
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: ru is a valid rusage to fill.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) } != 0 {
        fail("getrusage failed");
    }
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    tv(ru.ru_utime) + tv(ru.ru_stime)
}

fn pin_to(cpu: usize) {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET stays in bounds
    // for cpu < CPU_SETSIZE, checked first.
    unsafe {
        if cpu >= libc::CPU_SETSIZE as usize {
            fail(format!("--cpu {cpu}: out of range"));
        }
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) != 0 {
            fail(format!(
                "cannot pin to core {cpu}: {}",
                std::io::Error::last_os_error()
            ));
        }
    }
}

/// One request on a ready `send`: the whole response body read, the capacity
/// of each chunk released.
async fn one_request(
    send: &mut h2::client::SendRequest<Bytes>,
    uri: &Uri,
) -> Result<(), h2::Error> {
    let request = Request::get(uri.clone()).body(()).expect("a GET request");
    let (response, _) = send.send_request(request, true)?;
    let mut body = response.await?.into_body();
    while let Some(chunk) = body.data().await {
        let chunk = chunk?;
        body.flow_control().release_capacity(chunk.len())?;
    }
    Ok(())
}

/// One stream slot: request, read the whole body, release its capacity, repeat.
async fn stream_loop(mut send: h2::client::SendRequest<Bytes>, uri: Uri, shared: Rc<Shared>) {
    while !shared.stop.get() {
        let result = match send.ready().await {
            Ok(ready) => {
                send = ready;
                one_request(&mut send, &uri).await
            }
            Err(e) => {
                if !shared.stop.get() {
                    eprintln!("h2-crate-client: connection not ready: {e}");
                }
                return;
            }
        };
        match result {
            Ok(()) => shared.responses.set(shared.responses.get() + 1),
            Err(e) => {
                if shared.stop.get() {
                    return;
                }
                shared.errors.set(shared.errors.get() + 1);
                if shared.errors.get() == 1 {
                    eprintln!("h2-crate-client: first error: {e}");
                }
                if e.is_io() || e.is_go_away() {
                    return; // the connection is gone: this slot stops
                }
            }
        }
    }
}

async fn run(args: Args) {
    let shared = Rc::new(Shared::default());
    let start = Instant::now();
    for _ in 0..args.conns {
        let tcp = TcpStream::connect(args.addr)
            .await
            .unwrap_or_else(|e| fail(format!("connect {}: {e}", args.addr)));
        tcp.set_nodelay(true)
            .unwrap_or_else(|e| fail(format!("TCP_NODELAY: {e}")));
        let mut builder = h2::client::Builder::new();
        if let Some(bits) = args.window_bits {
            builder.initial_window_size((1u32 << bits) - 1);
        }
        if let Some(bits) = args.conn_window_bits {
            builder.initial_connection_window_size((1u32 << bits) - 1);
        }
        let (send, connection) = builder
            .handshake::<_, Bytes>(tcp)
            .await
            .unwrap_or_else(|e| fail(format!("HTTP/2 handshake: {e}")));
        let conn_shared = shared.clone();
        spawn_local(async move {
            if let Err(e) = connection.await {
                if !conn_shared.stop.get() {
                    eprintln!("h2-crate-client: connection error: {e}");
                }
            }
        });
        for _ in 0..args.streams {
            spawn_local(stream_loop(send.clone(), args.uri.clone(), shared.clone()));
        }
    }

    tokio::time::sleep_until((start + Duration::from_secs_f64(args.warmup)).into()).await;
    let (n0, e0, cpu0, t0) = (
        shared.responses.get(),
        shared.errors.get(),
        cpu_seconds(),
        Instant::now(),
    );
    tokio::time::sleep_until((t0 + Duration::from_secs_f64(args.duration)).into()).await;
    let (n1, e1, cpu1, t1) = (
        shared.responses.get(),
        shared.errors.get(),
        cpu_seconds(),
        Instant::now(),
    );
    shared.stop.set(true);

    let n = n1 - n0;
    let elapsed = (t1 - t0).as_secs_f64();
    let cpu = cpu1 - cpu0;
    println!(
        "{n} responses in {elapsed:.2}s = {:.0} responses/s, {} errors",
        n as f64 / elapsed,
        e1 - e0
    );
    println!(
        "cpu: {cpu:.3} s (getrusage RUSAGE_SELF user+sys) in the measured {elapsed:.2}s = {:.3} us/response; \
         whole run {cpu1:.3} s, {:.2}s, {n1} responses",
        if n > 0 { cpu / n as f64 * 1e6 } else { f64::NAN },
        (t1 - start).as_secs_f64(),
    );
    println!(
        "{} connections x {} streams, windows {} / {} (stream / connection), {}",
        args.conns,
        args.streams,
        args.window_bits
            .map_or("65535 (default)".to_string(), |b| format!("2^{b}-1")),
        args.conn_window_bits
            .map_or("65535 (default)".to_string(), |b| format!("2^{b}-1")),
        args.uri,
    );
    if n == 0 {
        exit(1);
    }
}

fn main() {
    let args = parse_args();
    if let Some(cpu) = args.cpu {
        pin_to(cpu);
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap_or_else(|e| fail(format!("tokio runtime: {e}")));
    LocalSet::new().block_on(&rt, run(args));
    // Leave the open streams and connections to the kernel.
    exit(0);
}
