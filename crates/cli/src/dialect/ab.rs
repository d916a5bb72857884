//! The ab dialect: ApacheBench 2.3's command line on barrage's engine.
//!
//! ab's model: a closed loop of `-c` concurrent HTTP/1.0 requests, one per
//! connection (or kept alive with `-k`, sending `Connection: Keep-Alive`),
//! exactly `-n` of them, or until `-t` seconds have passed (which implies
//! `-n 50000`, as in ab). The requests are the bytes ab sends (its header
//! order, `User-Agent: ApacheBench/2.3`, `Accept: */*`); certificates are not
//! verified, as ab does not. One request goes first, alone (ab's first
//! connection), to learn the server's name and the document's length.
//!
//! The report is ab's, line for line (`output.rs`), from barrage's exact
//! histograms; `--barrage-json FILE` writes barrage's own report beside it.

mod args;
mod output;
mod probe;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use barrage_engine::{
    LoadSpec, Model, Observer, RequestTemplate, Reuse, RunReport, Scheme, StopReason, Window,
};
use hdrhistogram::Histogram;

use crate::exit::{usage_error, EXIT_FAILED};
use args::{Command, Method, Options};
use output::{Failures, Results, Row, Sorted};
use probe::Probe;

pub fn main(args: Vec<OsString>) -> ExitCode {
    let mut strings = Vec::with_capacity(args.len());
    for a in args {
        match a.into_string() {
            Ok(s) => strings.push(s),
            Err(a) => return usage_error(format!("ab: argument {a:?} is not valid UTF-8")),
        }
    }
    match args::parse(&strings) {
        Err(e) => usage_error(e),
        Ok(Command::Help) => {
            eprint!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Command::Version) => {
            print!("{}", output::BANNER);
            ExitCode::SUCCESS
        }
        Ok(Command::Run(o)) => run(&o),
    }
}

const USAGE: &str = "Usage: ab [options] [http[s]://]hostname[:port]/path
Options are:
    -n requests     Number of requests to perform
    -c concurrency  Number of multiple requests to make at a time
    -t timelimit    Seconds to max. to spend on benchmarking
                    This implies -n 50000
    -s timeout      Seconds to max. wait for each response
                    Default is 30 seconds
    -b windowsize   Size of TCP send/receive buffer, in bytes
    -B address      Address to bind to when making outgoing connections
    -p postfile     File containing data to POST. Remember also to set -T
    -u putfile      File containing data to PUT. Remember also to set -T
    -T content-type Content-type header to use for POST/PUT data, eg.
                    'application/x-www-form-urlencoded'
                    Default is 'text/plain'
    -v verbosity    How much troubleshooting info to print
    -w              Print out results in HTML tables
    -i              Use HEAD instead of GET
    -x attributes   String to insert as table attributes
    -y attributes   String to insert as tr attributes
    -z attributes   String to insert as td or th attributes
    -C attribute    Add cookie, eg. 'Apache=1234'. (repeatable)
    -H attribute    Add Arbitrary header line, eg. 'Accept-Encoding: gzip'
                    Inserted after all normal header lines. (repeatable)
    -A attribute    Add Basic WWW Authentication, the attributes
                    are a colon separated username and password.
    -P attribute    Add Basic Proxy Authentication, the attributes
                    are a colon separated username and password.
    -X proxy:port   Proxyserver and port number to use
    -V              Print version number and exit
    -k              Use HTTP KeepAlive feature
    -d              Do not show percentiles served table.
    -S              Do not show confidence estimators and warnings.
    -q              Do not show progress when doing more than 150 requests
    -l              Accept variable document length (use this for dynamic pages)
    -g filename     Output collected data to gnuplot format file.
    -e filename     Output CSV file with percentages served
    -r              Don't exit on socket receive errors.
    -m method       Method name
    -h              Display usage information (this message)
    -I              Disable TLS Server Name Indication (SNI) extension
    -Z ciphersuite  Specify SSL/TLS cipher suite (See openssl ciphers)
    -f protocol     Specify SSL/TLS protocol
                    (TLS1, TLS1.1, TLS1.2, TLS1.3 or ALL)
    -E certfile     Specify optional client certificate chain and private key

barrage runs this on its own engine. Not supported (one error line, exit 2):
-b -B -X -g -Z -E -I, -f other than ALL, -v 2 and above.
    --barrage-json FILE  Also write barrage's JSON report (as barrage load --json)
";

/// The target as ab names it.
struct Where {
    /// Host without brackets (ab's "Server Hostname").
    hostname: String,
    port: u16,
    /// A name (not an IP address) for the TLS lines.
    sni: Option<String>,
}

fn is_ip(host: &str) -> bool {
    host.trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<std::net::IpAddr>()
        .is_ok()
}

/// The spec ab's flags describe, and what the report says about the target.
fn build(o: &Options) -> Result<(LoadSpec, Where), String> {
    let url = o.full_url();
    let after_scheme = url.split_once("://").map_or(url.as_str(), |(_, r)| r);
    if !after_scheme.contains('/') {
        return Err(format!(
            "ab: invalid URL {:?}: ab needs a path, e.g. {url}/",
            o.url
        ));
    }
    let mut spec = LoadSpec::from_url(&url).map_err(|e| format!("ab: {e}"))?;
    let target = &spec.target;
    let hostname = target
        .host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    let port = target.addr.port();
    let path = spec.requests[0].path.clone();
    let (headers, host_header) = headers(o, || default_host(&hostname, port, target.scheme));
    spec.requests = vec![RequestTemplate {
        method: o.method.name().to_string(),
        path,
        headers,
        body: o.body.clone().unwrap_or_default(),
    }];
    spec.model = Model::Closed {
        connections: o.concurrency,
        pipeline: 1,
    };
    spec.reuse = Reuse::Http10 {
        keepalive: o.keepalive,
    };
    spec.max_requests = Some(o.requests);
    spec.duration = o.time_limit_s.filter(|&s| s > 0).map(Duration::from_secs);
    spec.timeout = Duration::from_secs(o.timeout_s);
    // ab does not verify certificates.
    spec.tls.insecure = true;
    let sni = host_header
        .map(|h| h.split(':').next().unwrap_or("").to_string())
        .filter(|h| !h.is_empty())
        .or_else(|| Some(hostname.clone()))
        .filter(|h| !is_ip(h));
    if spec.target.scheme == Scheme::Https {
        spec.tls.server_name = sni.clone().filter(|s| *s != hostname);
    }
    spec.validate()
        .map_err(|e| format!("ab: {}", crate::common::spec_error(&e, flag)))?;
    Ok((
        spec,
        Where {
            hostname,
            port,
            sni,
        },
    ))
}

/// The headers ab sends, in its order: its own (`-k`, `-C`, `-A`/`-P`, the
/// body's), then `-H`'s, then `Host` (`default_host` unless `-H` gave one),
/// `User-Agent` and `Accept` unless `-H` gave them. Also the `Host` that
/// `-H` gave, if any.
fn headers(
    o: &Options,
    default_host: impl FnOnce() -> String,
) -> (Vec<(String, String)>, Option<String>) {
    let mut headers: Vec<(String, String)> = Vec::new();
    if o.keepalive {
        headers.push(("Connection".into(), "Keep-Alive".into()));
    }
    if let Some(c) = &o.cookie {
        headers.push(("Cookie".into(), c.clone()));
    }
    headers.extend(o.auth.iter().cloned());
    if let Some(body) = &o.body {
        headers.push(("Content-length".into(), body.len().to_string()));
        headers.push((
            "Content-type".into(),
            o.content_type
                .clone()
                .unwrap_or_else(|| "text/plain".into()),
        ));
    }
    let mut host_header = None;
    for h in &o.headers {
        let (name, value) = h.split_once(':').unwrap_or((h, ""));
        // The engine checks the name and value (LoadSpec::validate).
        let name = name.trim();
        if name.eq_ignore_ascii_case("host") {
            host_header = Some(value.trim().to_string());
        }
        headers.push((name.to_string(), value.trim().to_string()));
    }
    let has = |headers: &[(String, String)], n: &str| {
        headers.iter().any(|(h, _)| h.eq_ignore_ascii_case(n))
    };
    if host_header.is_none() {
        headers.push(("Host".into(), default_host()));
    }
    if !has(&headers, "user-agent") {
        headers.push(("User-Agent".into(), "ApacheBench/2.3".into()));
    }
    if !has(&headers, "accept") {
        headers.push(("Accept".into(), "*/*".into()));
    }
    (headers, host_header)
}

/// The `Host` header ab writes: the host (an IPv6 address in brackets),
/// with the port unless it is the scheme's default.
fn default_host(hostname: &str, port: u16, scheme: Scheme) -> String {
    let default_port = match scheme {
        Scheme::Http => 80,
        Scheme::Https => 443,
    };
    let host = if hostname.contains(':') {
        format!("[{hostname}]")
    } else {
        hostname.to_string()
    };
    if port == default_port {
        host
    } else {
        format!("{host}:{port}")
    }
}

/// ab's `Completed N requests` lines, from the per-second windows.
struct Progress {
    every: u64,
    done: u64,
    printed: u64,
}

impl Progress {
    fn up_to(&mut self, done: u64) {
        if self.every == 0 {
            return;
        }
        let mut next = (self.printed / self.every + 1) * self.every;
        while next <= done {
            eprintln!("Completed {next} requests");
            next += self.every;
        }
        self.printed = self.printed.max(done);
    }
}

impl Observer for Progress {
    fn on_window(&mut self, w: &Window) {
        if !w.warmup {
            self.done += w.counters.responses;
            self.up_to(self.done);
        }
    }
}

fn run(o: &Options) -> ExitCode {
    let (spec, at) = match build(o) {
        Ok(x) => x,
        Err(e) => return usage_error(e),
    };
    let every = o.heartbeat();
    if o.html {
        print!("{}", output::BANNER_HTML);
    } else {
        print!("{}", output::BANNER);
        print!(
            "Benchmarking {} (be patient){}",
            at.hostname,
            if every > 0 { "\n" } else { "..." }
        );
    }
    let _ = std::io::stdout().flush();
    let request = &spec.requests[0];
    let probe = match probe::probe(&spec.target, &spec.tls, request, o.keepalive, spec.timeout) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(EXIT_FAILED);
        }
    };
    let stop = crate::common::stop_on_ctrl_c();
    let mut progress = Progress {
        every,
        done: 0,
        printed: 0,
    };
    let report = match barrage_engine::run_until(&spec, &mut progress, stop) {
        Ok(r) => r,
        Err(e) => return usage_error(format!("ab: {}", crate::common::spec_error(&e, flag))),
    };
    let interrupted = report.stop_reason == StopReason::Interrupted;
    if !interrupted {
        progress.up_to(report.totals.responses);
        if every > 0 {
            eprintln!("Finished {} requests", report.totals.responses);
        } else {
            println!("..done");
        }
    }
    let hists = match Hists::of(&report) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("barrage: error: reading the run's histograms: {e}");
            return ExitCode::from(EXIT_FAILED);
        }
    };
    let results = results(o, &at, &probe, &report, &hists);
    if o.html {
        let attrs = output::Attrs {
            table: &o.table_attrs,
            tr: &o.tr_attrs,
            td: &o.td_attrs,
        };
        print!("{}", output::html(&results, &attrs));
    } else {
        print!("{}", output::text(&results, o.confidence, o.percentiles));
    }
    let _ = std::io::stdout().flush();
    let mut failed = false;
    if let (Some(path), true) = (&o.csv, results.done > 0) {
        let total = Sorted::new(&hists.latency, 0, 0);
        if let Err(e) = std::fs::write(path, output::csv(&total)) {
            eprintln!("Cannot open CSV output file: {}: {e}", path.display());
            failed = true;
        }
    }
    if !crate::common::write_json(&report, o.barrage_json.as_deref()) {
        failed = true;
    }
    let nothing = report.totals.responses == 0 && report.totals.errors > 0;
    if failed || interrupted || nothing {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
    }
}

/// The ab flag that sets a part of the spec, for the engine's errors.
fn flag(field: barrage_engine::Field) -> Option<&'static str> {
    use barrage_engine::Field as F;
    Some(match field {
        F::Target | F::Path => "URL",
        F::Method => "-m",
        F::Header => "-H",
        F::Connections => "-c",
        F::MaxRequests => "-n",
        F::Duration => "-t",
        F::Timeout => "-s",
        F::Reuse => "-k",
        _ => return None,
    })
}

/// The run's merged histograms, from the report.
struct Hists {
    latency: Histogram<u64>,
    connect: Histogram<u64>,
    tls_handshake: Histogram<u64>,
}

impl Hists {
    fn of(r: &RunReport) -> Result<Hists, String> {
        Ok(Hists {
            latency: r.histograms.latency_us.clone(),
            connect: r.histograms.connect_us.clone(),
            tls_handshake: r.histograms.tls_handshake_us.clone(),
        })
    }
}

/// OpenSSL's name of a cipher suite rustls names (ab prints OpenSSL's).
fn openssl_cipher(rustls: &str) -> String {
    if let Some(rest) = rustls.strip_prefix("TLS13_") {
        return format!("TLS_{rest}");
    }
    let Some(rest) = rustls.strip_prefix("TLS_") else {
        return rustls.to_string();
    };
    let Some((kx, cipher)) = rest.split_once("_WITH_") else {
        return rustls.to_string();
    };
    let cipher = match cipher {
        "AES_128_GCM_SHA256" => "AES128-GCM-SHA256",
        "AES_256_GCM_SHA384" => "AES256-GCM-SHA384",
        "CHACHA20_POLY1305_SHA256" => "CHACHA20-POLY1305",
        _ => return rustls.to_string(),
    };
    format!("{}-{cipher}", kx.replace('_', "-"))
}

fn results(o: &Options, at: &Where, probe: &Probe, r: &RunReport, h: &Hists) -> Results {
    let t = &r.totals;
    let done = t.responses;
    let errors = |kind: &str| r.errors.get(kind).map_or(0, |e| e.count);
    let connect = errors("connect");
    let receive = errors("read") + errors("reset");
    let failed = Failures {
        connect,
        receive,
        length: 0,
        exceptions: t.errors.saturating_sub(connect + receive),
    };
    let non_2xx = r
        .status_counts
        .iter()
        .filter(|(code, _)| !code.starts_with('2'))
        .map(|(_, n)| n)
        .sum();
    let opened = r.connections.opened;
    let keepalive_requests = o.keepalive.then(|| {
        // Every response but the last on a connection the server closed was
        // kept alive; connections opened beyond -c replaced closed ones.
        if probe.keep_alive {
            done.saturating_sub(opened.saturating_sub(o.concurrency as u64))
        } else {
            0
        }
    });
    let head = o.method == Method::Head;
    let html_read = if head {
        0
    } else if o.variable_length {
        t.bytes_read.saturating_sub(done * probe.head_bytes)
    } else {
        done * probe.body_bytes
    };
    // ab's connect time of a request: 0 on a kept-alive connection, else
    // the TCP connect (and, for https, the TLS handshake after it).
    let https = r.tls.is_some();
    let (connects, shift) = if https {
        (&h.tls_handshake, r.connect_us.mean.round() as u64)
    } else {
        (&h.connect, 0)
    };
    let zeros = done.saturating_sub(connects.len());
    let connect_row = Row::of(&Sorted::new(connects, zeros, shift));
    let total = Sorted::new(&h.latency, 0, 0);
    let total_row = Row::of(&total);
    let tls_protocol = r.tls.as_ref().and_then(|tls| {
        Some(format!(
            "{},{}",
            tls.version.as_deref()?,
            openssl_cipher(tls.cipher.as_deref()?)
        ))
    });
    Results {
        server: probe.server.clone(),
        hostname: at.hostname.clone(),
        port: at.port,
        tls_protocol,
        tls_server_name: if https { at.sni.clone() } else { None },
        path: r
            .target
            .url
            .split_once("://")
            .and_then(|(_, rest)| rest.find('/').map(|i| rest[i..].to_string()))
            .unwrap_or_else(|| "/".into()),
        document_length: (!o.variable_length).then_some(if head { 0 } else { probe.body_bytes }),
        concurrency: o.concurrency,
        elapsed_s: t.elapsed_s,
        done,
        failed,
        non_2xx,
        keepalive_requests,
        total_read: t.bytes_read,
        body_sent: o.body.is_some().then_some(t.bytes_written),
        html_read,
        connect: connect_row,
        processing: total_row,
        waiting: total_row,
        total: total_row,
        percentiles: if done > 0 {
            output::percentiles(&total)
        } else {
            Vec::new()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(line: &str) -> Options {
        let words: Vec<String> = line.split_whitespace().map(String::from).collect();
        match args::parse(&words).unwrap() {
            Command::Run(o) => *o,
            other => panic!("{other:?}"),
        }
    }

    fn wire(spec: &LoadSpec) -> String {
        String::from_utf8(spec.requests[0].to_h1(&spec.target.authority, spec.reuse)).unwrap()
    }

    #[test]
    fn seed_lines_map_to_abs_model() {
        let (spec, at) = build(&options("-c 30 -n 1000000 http://127.0.0.1:8080/")).unwrap();
        assert_eq!(
            spec.model,
            Model::Closed {
                connections: 30,
                pipeline: 1
            }
        );
        assert_eq!(spec.reuse, Reuse::Http10 { keepalive: false });
        assert_eq!((spec.max_requests, spec.duration), (Some(1_000_000), None));
        assert_eq!(spec.timeout, Duration::from_secs(30));
        assert_eq!((at.hostname.as_str(), at.port), ("127.0.0.1", 8080));
        assert_eq!(
            wire(&spec),
            "GET / HTTP/1.0\r\nHost: 127.0.0.1:8080\r\nUser-Agent: ApacheBench/2.3\r\nAccept: */*\r\n\r\n"
        );
        let (spec, _) = build(&options("-k -c 100 -n 20000000 http://127.0.0.1:8080/")).unwrap();
        assert_eq!(spec.reuse, Reuse::Http10 { keepalive: true });
        assert_eq!(
            wire(&spec),
            "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\nHost: 127.0.0.1:8080\r\nUser-Agent: ApacheBench/2.3\r\nAccept: */*\r\n\r\n"
        );
    }

    #[test]
    fn requests_are_the_bytes_ab_sends() {
        let dir = std::env::temp_dir().join(format!("barrage-ab-post-{}", std::process::id()));
        std::fs::write(&dir, b"a=1").unwrap();
        let line = format!(
            "-t 3 -s 5 -p {} -T application/x-www-form-urlencoded -C c=1 -A u:p -H X-A:1 -H Accept:text/html 127.0.0.1/x?y=1",
            dir.display()
        );
        let (spec, at) = build(&options(&line)).unwrap();
        std::fs::remove_file(&dir).unwrap();
        assert_eq!(at.port, 80);
        assert_eq!(
            (spec.max_requests, spec.duration, spec.timeout),
            (
                Some(50_000),
                Some(Duration::from_secs(3)),
                Duration::from_secs(5)
            )
        );
        assert_eq!(
            wire(&spec),
            "POST /x?y=1 HTTP/1.0\r\nCookie: c=1\r\nAuthorization: Basic dTpw\r\nContent-length: 3\r\nContent-type: application/x-www-form-urlencoded\r\nX-A: 1\r\nAccept: text/html\r\nHost: 127.0.0.1\r\nUser-Agent: ApacheBench/2.3\r\n\r\na=1"
        );
        let (spec, at) = build(&options("-i -H Host:example.com https://127.0.0.1:8443/")).unwrap();
        assert!(wire(&spec).starts_with("HEAD / HTTP/1.0\r\nHost: example.com\r\nUser-Agent"));
        assert_eq!(at.sni.as_deref(), Some("example.com"));
        assert_eq!(spec.tls.server_name.as_deref(), Some("example.com"));
        assert!(spec.tls.insecure);
        // -t 0: no time limit, 50000 requests.
        let (spec, _) = build(&options("-t 0 http://127.0.0.1:1/")).unwrap();
        assert_eq!((spec.max_requests, spec.duration), (Some(50_000), None));
        let e = build(&options("http://127.0.0.1:8080")).err().unwrap();
        assert!(e.contains("ab needs a path"), "{e}");
        // A header name that is not a token is the engine's to refuse, named by -H.
        let e = build(&options("-H X(A:1 http://127.0.0.1:8080/"))
            .err()
            .unwrap();
        assert!(
            e.starts_with("ab: -H: header name \"X(A\" is not a token"),
            "{e}"
        );
    }

    #[test]
    fn cipher_names() {
        assert_eq!(
            openssl_cipher("TLS13_AES_256_GCM_SHA384"),
            "TLS_AES_256_GCM_SHA384"
        );
        assert_eq!(
            openssl_cipher("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"),
            "ECDHE-RSA-AES128-GCM-SHA256"
        );
        assert_eq!(
            openssl_cipher("TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"),
            "ECDHE-ECDSA-CHACHA20-POLY1305"
        );
        assert_eq!(openssl_cipher("?"), "?");
    }

    #[test]
    fn progress_lines_are_multiples() {
        let mut p = Progress {
            every: 200,
            done: 0,
            printed: 0,
        };
        p.up_to(150);
        assert_eq!(p.printed, 150);
        p.up_to(650);
        assert_eq!(p.printed, 650);
    }
}
