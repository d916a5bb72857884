//! h2load's options to barrage's [`LoadSpec`], with h2load's own checks.
//!
//! | h2load                          | barrage model                                        |
//! |---------------------------------|------------------------------------------------------|
//! | `-n N -c C -m M`                | closed loop, C connections × M streams, exactly N    |
//! | `-D T --warm-up-time W`         | closed loop for T after W                            |
//! | `-r R --rate-period P -n N -c C`| sessions: C connections at R/P per second, N/C calls |
//! | `--rps X`                       | open loop at X × C requests/s over C connections     |

use std::net::ToSocketAddrs;
use std::path::PathBuf;
use std::time::Duration;

use barrage_engine::{
    Arrival, H2Options, LoadSpec, Model, Protocol, RequestTemplate, Reuse, Schedule, Scheme,
    Target, TlsOptions,
};

use super::args::{NoTlsProto, Options};

/// How the run is bounded, as h2load decides it.
#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    /// `-n`: exactly this many requests.
    Requests { n: u64 },
    /// `-D` (and `--warm-up-time`).
    Timing {
        duration: Duration,
        warm_up: Duration,
    },
    /// `-r`: connections started at a rate, `-n` spread over them.
    Rate { n: u64, rate: u64, period: Duration },
}

/// A run ready to start, and what the output needs to know about it.
#[derive(Debug, Clone)]
pub struct Plan {
    pub spec: LoadSpec,
    pub mode: Mode,
    /// `-c`.
    pub clients: u64,
    /// Threads barrage runs: `-t`, at most one per core.
    pub threads: u64,
    /// Lines for stderr before the run (h2load's warnings, the dialect's notes).
    pub notes: Vec<String>,
    pub json: Option<PathBuf>,
}

/// h2load's checks and the mapping; `Err` is one line for exit 2.
pub fn build(o: &Options, cores: u64, stdin: &mut dyn FnMut() -> String) -> Result<Plan, String> {
    let uris = uris(o, stdin)?;
    let mut notes = check(o, cores)?;
    let mode = mode(o);
    let target = target(o, &uris[0])?;
    let requests = requests(o, &uris)?;
    let protocol = protocol(o, target.scheme)?;
    let threads = o.threads.min(cores).max(1);
    let model = model(o, &mode, protocol, &mut notes)?;
    let mut spec = LoadSpec {
        target,
        requests,
        model,
        reuse: Reuse::KeepAlive,
        threads: threads as usize,
        duration: None,
        max_requests: None,
        warmup: Duration::ZERO,
        timeout: timeout(o),
        protocol,
        h2: H2Options {
            streams: if matches!(protocol, Protocol::H2 | Protocol::H3) {
                o.streams as usize
            } else {
                1
            },
            window_bits: o.window_bits,
            connection_window_bits: o.connection_window_bits,
        },
        // h2load never verifies certificates; it sends SNI for host names
        // only, as rustls does.
        tls: TlsOptions {
            insecure: true,
            ca_file: None,
            resume: false,
            server_name: None,
        },
        part: Default::default(),
        mix: None,
        sources: Vec::new(),
        send_window: barrage_engine::DEFAULT_SEND_WINDOW,
        io: Default::default(),
        ws: Default::default(),
        grpc: Default::default(),
    };
    match &mode {
        Mode::Requests { n } => spec.max_requests = Some(*n),
        Mode::Timing { duration, warm_up } => {
            spec.duration = Some(*duration);
            spec.warmup = *warm_up;
        }
        Mode::Rate { .. } => {}
    }
    spec.validate()
        .map_err(|e| crate::common::spec_error(&e, flag))?;
    Ok(Plan {
        spec,
        mode,
        clients: o.clients,
        threads,
        notes,
        json: o.barrage_json.clone(),
    })
}

/// h2load's checks of the counts, in h2load's order; `Ok` holds its
/// warnings.
fn check(o: &Options, cores: u64) -> Result<Vec<String>, String> {
    if o.clients == 0 {
        return Err("-c: the number of clients must be strictly greater than 0.".into());
    }
    let timing = !o.duration.is_zero();
    if timing && o.rate > 0 {
        return Err("-r, -D: they are mutually exclusive.".into());
    }
    if o.requests == 0 && !timing {
        return Err("-n: the number of requests must be strictly greater than 0 if timing-based test is not being run.".into());
    }
    if o.streams == 0 {
        return Err("-m: the max concurrent streams must be strictly greater than 0.".into());
    }
    if o.threads == 0 {
        return Err("-t: the number of threads must be strictly greater than 0.".into());
    }
    let mut notes = Vec::new();
    if o.threads > cores {
        notes.push(format!(
            "-t: warning: the number of threads is greater than hardware cores; barrage runs {cores}."
        ));
    }
    if o.requests < o.clients && !timing {
        return Err(
            "-n, -c: the number of requests must be greater than or equal to the clients.".into(),
        );
    }
    if o.clients < o.threads {
        return Err(
            "-c, -t: the number of clients must be greater than or equal to the number of threads."
                .into(),
        );
    }
    if o.rate > 0 {
        check_rate(o)?;
    }
    Ok(notes)
}

/// The checks of `-r`: h2load's, then what barrage's connection-rate model
/// cannot do.
fn check_rate(o: &Options) -> Result<(), String> {
    if o.rate < o.threads {
        return Err(
            "-r, -t: the connection rate must be greater than or equal to the number of threads."
                .into(),
        );
    }
    if o.rate > o.clients {
        return Err(
            "-r, -c: the connection rate must be smaller than or equal to the number of clients."
                .into(),
        );
    }
    if !o.requests.is_multiple_of(o.clients) {
        return Err(format!(
            "-r with -n {} -c {}: barrage's connection-rate model (barrage load --conn-rate) makes the same number of requests on every connection; give -n a multiple of -c (e.g. -n {})",
            o.requests,
            o.clients,
            (o.requests / o.clients).max(1) * o.clients
        ));
    }
    if o.rps > 0.0 {
        return Err("-r with --rps: barrage runs one load model at a time; use -r (barrage load --conn-rate) or --rps (barrage load -R)".into());
    }
    if o.rate_period.is_zero() {
        return Err("--rate-period: the period must be a positive number".into());
    }
    Ok(())
}

/// How the run is bounded: `-r`, else `-D`, else `-n`.
fn mode(o: &Options) -> Mode {
    if o.rate > 0 {
        Mode::Rate {
            n: o.requests,
            rate: o.rate,
            period: o.rate_period,
        }
    } else if !o.duration.is_zero() {
        Mode::Timing {
            duration: o.duration,
            warm_up: o.warm_up,
        }
    } else {
        Mode::Requests { n: o.requests }
    }
}

/// The first URI (or `-B`) gives scheme, host and port.
fn target(o: &Options, first_uri: &str) -> Result<Target, String> {
    let base = o.base_uri.as_deref().unwrap_or(first_uri);
    match &o.connect_to {
        None => Ok(Target::parse(base)
            .map_err(|e| format!("invalid URI: {base}: {e}"))?
            .0),
        Some((host, port)) => target_via(base, host, *port),
    }
}

/// One request per URI (its path), with the method and headers of `-H` and
/// the body of `-d`.
fn requests(o: &Options, uris: &[String]) -> Result<Vec<RequestTemplate>, String> {
    let mut paths = Vec::with_capacity(uris.len());
    for uri in uris {
        paths.push(path_of(uri)?);
    }
    let (method, headers) = method_and_headers(o)?;
    let body = match &o.data {
        Some(path) => std::fs::read(path)
            .map_err(|e| format!("-d: Could not open file {}: {e}", path.display()))?,
        None => Vec::new(),
    };
    Ok(paths
        .into_iter()
        .map(|path| RequestTemplate {
            method: method.clone(),
            path,
            headers: headers.clone(),
            body: body.clone(),
        })
        .collect())
}

/// The method (POST with `-d`, else GET, or `-H ':method: M'`) and the
/// headers of `-H`, with the pseudo-headers barrage can honour mapped.
fn method_and_headers(o: &Options) -> Result<(String, Vec<(String, String)>), String> {
    let mut method = if o.data.is_some() { "POST" } else { "GET" }.to_string();
    let mut headers = Vec::new();
    for (name, value) in &o.headers {
        match name.as_str() {
            ":authority" | ":host" => headers.push(("host".to_string(), value.clone())),
            ":method" => method = value.clone(),
            ":scheme" => {
                return Err(format!(
                    "-H ':scheme: {value}' is not supported by barrage: it sends the URI's scheme; give an {value}:// URI"
                ))
            }
            other if other.starts_with(':') => {
                return Err(format!(
                    "-H '{other}: {value}' is not supported by barrage: h2load would send a second {other}; give the path in the URI"
                ))
            }
            _ => headers.push((name.clone(), value.clone())),
        }
    }
    if method.is_empty() || !method.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-') {
        return Err(format!(
            "-H ':method: {method}': expected a method name such as GET or POST"
        ));
    }
    Ok((method, headers))
}

/// The load model of `mode`: sessions for `-r`, open for `--rps`, else
/// closed; notes what `-m` cannot do in the first two.
fn model(
    o: &Options,
    mode: &Mode,
    protocol: Protocol,
    notes: &mut Vec<String>,
) -> Result<Model, String> {
    let c = o.clients as usize;
    let m = o.streams as usize;
    Ok(match mode {
        Mode::Rate { n, rate, period } => {
            if m > 1 {
                notes.push(format!(
                    "note: with -r, barrage's connections make one request at a time (-m {m} has no effect); see barrage load --conn-rate"
                ));
            }
            Model::Sessions {
                conn_rate: Schedule::constant(*rate as f64 / period.as_secs_f64()),
                arrival: Arrival::Uniform,
                calls: u32::try_from(n / o.clients)
                    .map_err(|_| "-n / -c: too many requests per connection".to_string())?,
                sessions: o.clients,
            }
        }
        _ if o.rps > 0.0 => {
            if protocol == Protocol::Http1 && m > 1 {
                notes.push(format!(
                    "note: with --rps over HTTP/1.1, barrage sends one request at a time per connection (-m {m} does not pipeline)"
                ));
            }
            Model::Open {
                rate: Schedule::constant(o.rps * o.clients as f64),
                arrival: Arrival::Uniform,
                connections: c,
                max_connections: c,
            }
        }
        // HTTP/1.1: h2load pipelines -m requests, but one at a time with -d.
        _ => Model::Closed {
            connections: c,
            pipeline: if protocol == Protocol::Http1 && o.data.is_none() {
                m
            } else {
                1
            },
        },
    })
}

/// The target of `base` (scheme, host and port as the requests name them),
/// connected at `--connect-to`'s host and port instead; the URI's host is
/// not resolved, as in h2load.
fn target_via(base: &str, host: &str, port: u16) -> Result<Target, String> {
    let url = url::Url::parse(base).map_err(|_| format!("invalid URI: {base}"))?;
    let scheme = match url.scheme() {
        "http" => Scheme::Http,
        "https" => Scheme::Https,
        other => {
            return Err(format!(
                "invalid URI: {base}: scheme {other:?}; use http:// or https://"
            ))
        }
    };
    let uri_host = url
        .host_str()
        .ok_or_else(|| format!("invalid URI: {base}"))?
        .to_string();
    let port = match port {
        0 => url.port_or_known_default().unwrap_or(80),
        p => p,
    };
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let addr = (bare, port)
        .to_socket_addrs()
        .map_err(|e| format!("--connect-to {host}: cannot resolve: {e}"))?
        .next()
        .ok_or_else(|| format!("--connect-to {host}: no address"))?;
    let authority = match url.port() {
        Some(p) => format!("{uri_host}:{p}"),
        None => uri_host.clone(),
    };
    Ok(Target {
        url: base.to_string(),
        authority,
        addr,
        scheme,
        host: uri_host,
    })
}

/// barrage's timeout: the shorter of `-N` and `-T` (zero: not given), else
/// barrage's 10 s (h2load would wait for ever).
fn timeout(o: &Options) -> Duration {
    [o.inactivity_timeout, o.active_timeout]
        .into_iter()
        .filter(|t| !t.is_zero())
        .min()
        .unwrap_or(Duration::from_secs(10))
}

/// The URIs: from `-i` (a file, or stdin for `-`), else the command line.
fn uris(o: &Options, stdin: &mut dyn FnMut() -> String) -> Result<Vec<String>, String> {
    let list: Vec<String> = match &o.input_file {
        Some(file) => {
            let text = if file == "-" {
                stdin()
            } else {
                std::fs::read_to_string(file)
                    .map_err(|_| format!("cannot read input file: {file}"))?
            };
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect()
        }
        None => {
            if o.uris.is_empty() {
                return Err("no URI or input file given".into());
            }
            o.uris.clone()
        }
    };
    if list.is_empty() {
        return Err("No URI given".into());
    }
    Ok(list)
}

/// A URI's path and query (`/` when it has none); a bare path as it is.
fn path_of(uri: &str) -> Result<String, String> {
    if uri.starts_with('/') {
        return Ok(uri.to_string());
    }
    let url = url::Url::parse(uri).map_err(|_| format!("invalid URI: {uri}"))?;
    let mut path = url.path().to_string();
    if path.is_empty() {
        path.push('/');
    }
    if let Some(q) = url.query() {
        path.push('?');
        path.push_str(q);
    }
    Ok(path)
}

/// HTTP/2 (h2c, or h2 by ALPN with an HTTP/1.1 fallback), HTTP/1.1, or
/// HTTP/3 when the ALPN list starts with h3 (as an h2load built with ngtcp2
/// decides: the first protocol of the list says whether to use QUIC).
fn protocol(o: &Options, scheme: Scheme) -> Result<Protocol, String> {
    match scheme {
        Scheme::Http => Ok(match o.no_tls_proto {
            NoTlsProto::H2c => Protocol::H2,
            NoTlsProto::Http11 => Protocol::Http1,
        }),
        Scheme::Https => {
            let Some(list) = &o.npn_list else {
                return Ok(Protocol::H2);
            };
            let is = |p: &str, names: &[&str]| names.contains(&p);
            let has = |names: &[&str]| list.iter().any(|p| is(p, names));
            const H3: [&str; 2] = ["h3", "h3-29"];
            if list.first().is_some_and(|p| is(p, &H3)) {
                Ok(Protocol::H3)
            } else if has(&["h2", "h2-16", "h2-14"]) {
                Ok(Protocol::H2)
            } else if has(&["http/1.1"]) {
                Ok(Protocol::Http1)
            } else {
                Err(format!(
                    "--npn-list {}: barrage speaks h3 (first in the list), h2 and http/1.1",
                    list.join(",")
                ))
            }
        }
    }
}

/// The h2load flag that sets a part of the spec, for the engine's errors.
pub(super) fn flag(field: barrage_engine::Field) -> Option<&'static str> {
    use barrage_engine::Field as F;
    Some(match field {
        F::Target | F::Path => "URI",
        F::Method => "--method",
        F::Header => "-H",
        F::Threads => "-t",
        F::Connections => "-c",
        F::Streams => "-m",
        F::WindowBits => "-w/-W",
        F::MaxRequests => "-n",
        F::Duration => "-D",
        F::ConnRate => "-r",
        F::Timeout => "-T",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::args::{parse, Command};
    use super::*;
    use std::ffi::OsString;

    fn plan(line: &str) -> Result<Plan, String> {
        plan_cores(line, 2)
    }

    fn plan_cores(line: &str, cores: u64) -> Result<Plan, String> {
        let args: Vec<OsString> = line.split_whitespace().map(OsString::from).collect();
        let Command::Run(o) = parse(&args)? else {
            panic!("not a run")
        };
        build(&o, cores, &mut || {
            "http://127.0.0.1:1/a\n\n/b?x=1\n".to_string()
        })
    }

    #[test]
    fn seed_h2_over_tls() {
        let p = plan("-n2000000 -c500 -m100 https://127.0.0.1:3000/").unwrap();
        let s = &p.spec;
        assert_eq!(p.mode, Mode::Requests { n: 2_000_000 });
        assert_eq!(s.protocol, Protocol::H2);
        assert_eq!(s.target.scheme, Scheme::Https);
        assert!(s.tls.insecure, "h2load never verifies certificates");
        assert_eq!(
            s.model,
            Model::Closed {
                connections: 500,
                pipeline: 1
            }
        );
        assert_eq!(s.h2.streams, 100);
        assert_eq!((s.h2.window_bits, s.h2.connection_window_bits), (30, 30));
        assert_eq!((s.max_requests, s.duration), (Some(2_000_000), None));
        assert_eq!(s.threads, 1, "h2load's default -t 1");
        assert_eq!(s.requests[0].method, "GET");
        assert_eq!(s.requests[0].path, "/");
    }

    #[test]
    fn windows_h1_and_pipelining() {
        let p = plan("-n100 -c10 -m10 -w16 -W16 http://127.0.0.1:3000/x").unwrap();
        assert_eq!(p.spec.protocol, Protocol::H2, "h2c by prior knowledge");
        assert_eq!(
            (p.spec.h2.window_bits, p.spec.h2.connection_window_bits),
            (16, 16)
        );
        let p = plan("-n100 -c10 -m4 --h1 https://127.0.0.1:3000/x").unwrap();
        assert_eq!(p.spec.protocol, Protocol::Http1);
        assert_eq!(
            p.spec.model,
            Model::Closed {
                connections: 10,
                pipeline: 4
            }
        );
        assert_eq!(p.spec.h2.streams, 1);
        let p = plan("-n100 -c10 -m4 -p http/1.1 -d Cargo.toml http://127.0.0.1:3000/x").unwrap();
        assert_eq!(p.spec.protocol, Protocol::Http1);
        assert_eq!(
            p.spec.model,
            Model::Closed {
                connections: 10,
                pipeline: 1
            },
            "-d: one request at a time over HTTP/1.1"
        );
        assert_eq!(p.spec.requests[0].method, "POST");
        assert!(!p.spec.requests[0].body.is_empty());
        let p = plan("--npn-list=http/1.1 https://127.0.0.1:3000/").unwrap();
        assert_eq!(p.spec.protocol, Protocol::Http1);
        // h3 first: QUIC, as an h2load built with ngtcp2; h3 after h2: h2.
        let p = plan("--npn-list=h3,h2 https://127.0.0.1:3000/").unwrap();
        assert_eq!(p.spec.protocol, Protocol::H3);
        let p = plan("--npn-list=h3-29 -m10 https://127.0.0.1:3000/").unwrap();
        assert_eq!((p.spec.protocol, p.spec.h2.streams), (Protocol::H3, 10));
        let p = plan("--npn-list=h2,h3 https://127.0.0.1:3000/").unwrap();
        assert_eq!(p.spec.protocol, Protocol::H2);
        assert!(plan("--npn-list=spdy/3 https://127.0.0.1:3000/")
            .unwrap_err()
            .contains("barrage speaks h3 (first in the list), h2 and http/1.1"));
    }

    #[test]
    fn timing_threads_and_timeouts() {
        let p = plan_cores(
            "-t4 -c8 -m2 -D 2 --warm-up-time=1 -N 3 -T 5 http://127.0.0.1:1/",
            2,
        )
        .unwrap();
        assert_eq!(
            p.mode,
            Mode::Timing {
                duration: Duration::from_secs(2),
                warm_up: Duration::from_secs(1)
            }
        );
        assert_eq!(
            (p.spec.duration, p.spec.max_requests),
            (Some(Duration::from_secs(2)), None)
        );
        assert_eq!(p.spec.warmup, Duration::from_secs(1));
        assert_eq!((p.threads, p.spec.threads), (2, 2), "capped to the cores");
        assert!(p.notes[0].contains("greater than hardware cores"));
        assert_eq!(p.spec.timeout, Duration::from_secs(3));
        let p = plan("-n5 --warm-up-time=1 http://127.0.0.1:1/").unwrap();
        assert_eq!(p.mode, Mode::Requests { n: 5 }, "warm-up needs -D");
        assert_eq!(p.spec.timeout, Duration::from_secs(10));
    }

    #[test]
    fn rate_becomes_sessions() {
        let p = plan("-n100 -c10 -r2 --rate-period=200ms http://127.0.0.1:1/").unwrap();
        assert_eq!(
            p.spec.model,
            Model::Sessions {
                conn_rate: Schedule::constant(10.0),
                arrival: Arrival::Uniform,
                calls: 10,
                sessions: 10
            }
        );
        assert!(plan("-n101 -c10 -r2 http://127.0.0.1:1/")
            .unwrap_err()
            .contains("multiple of -c"));
        assert_eq!(
            plan("-n10 -c10 -r11 http://127.0.0.1:1/").unwrap_err(),
            "-r, -c: the connection rate must be smaller than or equal to the number of clients."
        );
        assert_eq!(
            plan("-D1 -r1 http://127.0.0.1:1/").unwrap_err(),
            "-r, -D: they are mutually exclusive."
        );
        let p = plan("-n100 -c10 --rps 5 -m3 http://127.0.0.1:1/").unwrap();
        assert!(
            matches!(p.spec.model, Model::Open { ref rate, connections: 10, .. } if rate.constant_per_s() == Some(50.0))
        );
    }

    #[test]
    fn h2load_checks() {
        assert_eq!(
            plan("-n5 -c10 http://127.0.0.1:1/").unwrap_err(),
            "-n, -c: the number of requests must be greater than or equal to the clients."
        );
        assert_eq!(
            plan("-t3 -c2 -n10 http://127.0.0.1:1/").unwrap_err(),
            "-c, -t: the number of clients must be greater than or equal to the number of threads."
        );
        assert!(plan("-m0 http://127.0.0.1:1/")
            .unwrap_err()
            .starts_with("-m:"));
        assert!(plan("-c0 http://127.0.0.1:1/")
            .unwrap_err()
            .starts_with("-c:"));
        assert!(plan("-n0 http://127.0.0.1:1/")
            .unwrap_err()
            .starts_with("-n:"));
        assert_eq!(plan("-n1").unwrap_err(), "no URI or input file given");
        assert!(plan("ftp://x/").unwrap_err().contains("invalid URI"));
    }

    #[test]
    fn uris_headers_and_connect_to() {
        let p = plan("-n4 http://127.0.0.1:1/a https://other:9/b?q=1 /c").unwrap();
        let paths: Vec<&str> = p.spec.requests.iter().map(|r| r.path.as_str()).collect();
        assert_eq!(paths, ["/a", "/b?q=1", "/c"]);
        assert_eq!(p.spec.target.scheme, Scheme::Http, "the first URI's scheme");
        let p = plan("-n4 -i - ignored").unwrap();
        let paths: Vec<&str> = p.spec.requests.iter().map(|r| r.path.as_str()).collect();
        assert_eq!(paths, ["/a", "/b?x=1"]);
        let p = plan("-n1 -B https://127.0.0.1:8443 http://127.0.0.1:1/z").unwrap();
        assert_eq!(p.spec.target.scheme, Scheme::Https);
        assert_eq!(p.spec.target.addr.port(), 8443);
        assert_eq!(p.spec.requests[0].path, "/z");
        let p = plan("-n1 --connect-to=127.0.0.2:99 http://example.test:1/").unwrap();
        assert_eq!(p.spec.target.addr, "127.0.0.2:99".parse().unwrap());
        assert_eq!(p.spec.target.authority, "example.test:1");
        let p = plan("-n1 --connect-to=127.0.0.2 https://example.test/").unwrap();
        assert_eq!(p.spec.target.addr, "127.0.0.2:443".parse().unwrap());
        assert_eq!(p.spec.target.authority, "example.test");
        let p = plan("-n1 -H :authority:h:1 -H :method:HEAD -H User-Agent:x http://127.0.0.1:1/")
            .unwrap();
        let r = &p.spec.requests[0];
        assert_eq!(r.method, "HEAD");
        assert_eq!(
            r.headers,
            [
                ("host".to_string(), "h:1".to_string()),
                ("user-agent".into(), "x".into())
            ]
        );
        assert!(plan("-n1 -H :path:/x http://127.0.0.1:1/")
            .unwrap_err()
            .contains("not supported"));
        assert!(plan("-n1 -H :scheme:https http://127.0.0.1:1/")
            .unwrap_err()
            .contains("not supported"));
        assert!(plan("-n1 -d /nonexistent/file http://127.0.0.1:1/")
            .unwrap_err()
            .starts_with("-d: Could not open file"));
    }
}
