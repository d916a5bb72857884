//! httperf's options as a barrage [`LoadSpec`]: sessions at a connection
//! rate (`barrage load --conn-rate R --calls K --num-conns N`).

use std::time::Duration;

use barrage_engine::{Arrival, LoadSpec, Model, RequestTemplate, Reuse, Schedule, TlsOptions};

use super::args::{Options, Rate};

/// httperf waits forever without `--timeout`; barrage needs a bound: its own default.
pub(crate) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The URL the options name: `http[s]://SERVER:PORT/URI`.
pub(crate) fn url(o: &Options) -> String {
    let scheme = if o.ssl { "https" } else { "http" };
    let host = if o.server.contains(':') && !o.server.starts_with('[') {
        format!("[{}]", o.server)
    } else {
        o.server.clone()
    };
    format!("{scheme}://{host}:{}{}", o.port(), o.uri)
}

/// The load the options describe. Reads `--wlog`'s file and resolves the server.
pub(crate) fn build(o: &Options) -> Result<LoadSpec, String> {
    let mut spec = LoadSpec::from_url(&url(o)).map_err(|e| format!("httperf: {e}"))?;
    let paths = match &o.wlog {
        None => vec![spec.requests[0].path.clone()],
        Some(w) => {
            let paths = read_wlog(&w.file)?;
            let wanted = o.num_conns.saturating_mul(o.num_calls);
            if !w.wrap && (paths.len() as u64) < wanted {
                return Err(format!(
                    "httperf: --wlog=n,{}: the file lists {} URIs but --num-conns × --num-calls is {wanted}, and httperf would stop at the end of the list; use --wlog=y,… (the list in turn) or fewer connections",
                    w.file,
                    paths.len()
                ));
            }
            paths
        }
    };
    let headers = headers(o)?;
    let method = o.method.clone().unwrap_or_else(|| "GET".into());
    spec.requests = paths
        .into_iter()
        .map(|path| RequestTemplate {
            method: method.clone(),
            path,
            headers: headers.clone(),
            body: Vec::new(),
        })
        .collect();
    spec.reuse = match o.http_version {
        (1, 0) => Reuse::Http10 { keepalive: false },
        _ => Reuse::KeepAlive,
    };
    let timeout = if o.timeout_s > 0.0 {
        Duration::from_secs_f64(o.timeout_s)
    } else {
        DEFAULT_TIMEOUT
    };
    spec.timeout = timeout + Duration::from_secs_f64(o.think_timeout_s);
    if o.ssl {
        // httperf verifies no certificate, and reuses its TLS session unless --ssl-no-reuse.
        spec.tls = TlsOptions {
            insecure: true,
            ca_file: None,
            resume: !o.ssl_no_reuse,
            server_name: None,
        };
    }
    spec.duration = None;
    spec.max_requests = None;
    let calls = u32::try_from(o.num_calls)
        .map_err(|_| format!("httperf: --num-calls {} is too large", o.num_calls))?;
    let sessions = |rate: f64, arrival: Arrival| Model::Sessions {
        conn_rate: Schedule::constant(rate),
        arrival,
        calls,
        sessions: o.num_conns,
    };
    spec.model = match o.rate {
        Rate::Fixed(rate) => sessions(rate, Arrival::Uniform),
        Rate::Exponential { mean_s } => sessions(
            1.0 / mean_s,
            Arrival::Poisson {
                seed: 1 + o.client.0,
            },
        ),
        // One connection: any rate starts it at once.
        Rate::Sequential if o.num_conns == 1 => sessions(1.0, Arrival::Uniform),
        // One call per connection, each connection after the last: a closed
        // loop of one connection that is not kept alive.
        Rate::Sequential if o.num_calls == 1 => {
            if spec.reuse == Reuse::KeepAlive {
                spec.reuse = Reuse::Close;
            }
            spec.max_requests = Some(o.num_conns);
            spec.threads = 1;
            Model::Closed {
                connections: 1,
                pipeline: 1,
            }
        }
        Rate::Sequential => {
            return Err(format!(
                "httperf: --num-calls={} with no --rate (each connection after the previous one) is not supported for more than one connection; nearest: --rate R (barrage load --conn-rate R --calls {} --num-conns {})",
                o.num_calls, o.num_calls, o.num_conns
            ))
        }
    };
    Ok(spec)
}

/// The `Host` header httperf sends (the server's name, without the port),
/// then `--add-header`'s lines.
fn headers(o: &Options) -> Result<Vec<(String, String)>, String> {
    let mut extra = Vec::new();
    if let Some(raw) = &o.add_header {
        for line in unescape(raw)?.split('\n') {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() {
                continue;
            }
            let Some((name, value)) = line.split_once(':') else {
                return Err(format!(
                    "httperf: --add-header {raw:?}: expected 'Name: value' lines, each ended by \\n"
                ));
            };
            // The engine checks the name and value (LoadSpec::validate).
            let name = name.trim();
            extra.push((name.to_string(), value.trim().to_string()));
        }
    }
    let mut headers = Vec::new();
    if !extra.iter().any(|(n, _)| n.eq_ignore_ascii_case("host")) {
        let host = o.server_name.as_deref().unwrap_or(&o.server);
        headers.push(("Host".to_string(), host.to_string()));
    }
    headers.extend(extra);
    Ok(headers)
}

/// httperf's escapes in `--add-header`: `\n`, `\r`, `\a` (a line feed, as
/// its manual says), `\\` and `\NNN` (octal).
fn unescape(s: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') | Some('a') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some(d) if d.is_digit(8) => {
                let mut code = d.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(x) => {
                            code = code * 8 + x;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(code).unwrap_or('?'));
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => return Err(format!("httperf: --add-header {s:?} ends with a lone \\")),
        }
    }
    Ok(out)
}

/// `--wlog`'s file: URIs separated by NUL bytes (a trailing NUL, or line
/// ends around the URIs, are allowed).
fn read_wlog(file: &str) -> Result<Vec<String>, String> {
    let bytes = std::fs::read(file)
        .map_err(|e| format!("httperf: --wlog {file}: cannot read the file: {e}"))?;
    let mut paths = Vec::new();
    for part in bytes.split(|&b| b == 0) {
        let text = String::from_utf8_lossy(part);
        let uri = text.trim();
        if uri.is_empty() {
            continue;
        }
        if !uri.starts_with('/') {
            return Err(format!(
                "httperf: --wlog {file}: {uri:?} is not a path starting with /"
            ));
        }
        paths.push(uri.to_string());
    }
    if paths.is_empty() {
        return Err(format!("httperf: --wlog {file}: the file lists no URI"));
    }
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(f: impl FnOnce(&mut Options)) -> Options {
        let mut o = Options {
            server: "127.0.0.1".into(),
            port: Some(8080),
            uri: "/xml?value=benchmarks".into(),
            ..Options::default()
        };
        f(&mut o);
        o
    }

    #[test]
    fn the_seed_is_sessions() {
        let spec = build(&opts(|o| {
            o.rate = Rate::Fixed(100.0);
            o.num_conns = 5000;
            o.num_calls = 10;
            o.timeout_s = 5.0;
        }))
        .unwrap();
        assert_eq!(
            spec.model,
            Model::Sessions {
                conn_rate: Schedule::constant(100.0),
                arrival: Arrival::Uniform,
                calls: 10,
                sessions: 5000
            }
        );
        assert_eq!(spec.timeout, Duration::from_secs(5));
        assert_eq!(spec.reuse, Reuse::KeepAlive);
        assert_eq!((spec.duration, spec.max_requests), (None, None));
        assert_eq!(
            spec.target.url,
            "http://127.0.0.1:8080/xml?value=benchmarks"
        );
        let r = &spec.requests[0];
        assert_eq!(
            (r.method.as_str(), r.path.as_str()),
            ("GET", "/xml?value=benchmarks")
        );
        assert_eq!(r.headers, [("Host".to_string(), "127.0.0.1".to_string())]);
        spec.validate().unwrap();
    }

    #[test]
    fn rates_timeouts_and_versions() {
        let spec = build(&opts(|o| {
            o.rate = Rate::Exponential { mean_s: 0.01 };
            o.client = (2, 4);
            o.think_timeout_s = 1.5;
            o.http_version = (1, 0);
        }))
        .unwrap();
        let Model::Sessions {
            conn_rate, arrival, ..
        } = &spec.model
        else {
            panic!("{:?}", spec.model)
        };
        assert!((conn_rate.constant_per_s().unwrap() - 100.0).abs() < 1e-9);
        assert_eq!(*arrival, Arrival::Poisson { seed: 3 });
        assert_eq!(spec.timeout, DEFAULT_TIMEOUT + Duration::from_millis(1500));
        assert_eq!(spec.reuse, Reuse::Http10 { keepalive: false });

        // No rate: one connection after another.
        let spec = build(&opts(|o| o.num_conns = 5)).unwrap();
        assert_eq!(
            spec.model,
            Model::Closed {
                connections: 1,
                pipeline: 1
            }
        );
        assert_eq!((spec.reuse, spec.max_requests), (Reuse::Close, Some(5)));
        let spec = build(&opts(|o| o.num_calls = 3)).unwrap();
        assert!(matches!(
            spec.model,
            Model::Sessions {
                sessions: 1,
                calls: 3,
                ..
            }
        ));
        let err = build(&opts(|o| {
            o.num_conns = 2;
            o.num_calls = 3;
        }))
        .unwrap_err();
        assert!(err.contains("nearest: --rate R"), "{err}");
    }

    #[test]
    fn ssl_headers_and_methods() {
        let spec = build(&opts(|o| {
            o.ssl = true;
            o.port = None;
            o.server = "localhost".into();
            o.server_name = Some("example.org".into());
            o.add_header = Some("X-A: 1\\nX-B:  two\\r\\n".into());
            o.method = Some("HEAD".into());
        }))
        .unwrap();
        assert_eq!(
            spec.target.url,
            "https://localhost:443/xml?value=benchmarks"
        );
        assert!(spec.tls.insecure && spec.tls.resume);
        let r = &spec.requests[0];
        assert_eq!(r.method, "HEAD");
        let h: Vec<(&str, &str)> = r
            .headers
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(h, [("Host", "example.org"), ("X-A", "1"), ("X-B", "two")]);
        // A Host of one's own replaces httperf's.
        let spec = build(&opts(|o| o.add_header = Some("Host: h\\n".into()))).unwrap();
        assert_eq!(spec.requests[0].headers, [("Host".into(), "h".into())]);
        let err = build(&opts(|o| o.add_header = Some("nocolon\\n".into()))).unwrap_err();
        assert!(err.contains("expected 'Name: value'"), "{err}");
        // A name that is not a token is the engine's to refuse (LoadSpec::validate).
        let spec = build(&opts(|o| o.add_header = Some("X A: 1\\n".into()))).unwrap();
        let e = spec.validate().unwrap_err();
        assert_eq!(e.field, barrage_engine::Field::Header, "{e}");
        assert!(e.message.contains("\"X A\" is not a token"), "{e}");
        assert_eq!(unescape("a\\101\\\\b\\a").unwrap(), "aA\\b\n");
    }

    #[test]
    fn wlog_lists_uris() {
        let dir = std::env::temp_dir().join(format!("barrage-httperf-wlog-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("uris");
        std::fs::write(&file, b"/a\0/b?x=1\0/c\0").unwrap();
        let file = file.to_string_lossy().to_string();
        let wlog = |wrap, conns| {
            build(&opts(|o| {
                o.rate = Rate::Fixed(10.0);
                o.num_conns = conns;
                o.wlog = Some(super::super::args::Wlog {
                    wrap,
                    file: file.clone(),
                });
            }))
        };
        let spec = wlog(true, 10).unwrap();
        let paths: Vec<&str> = spec.requests.iter().map(|r| r.path.as_str()).collect();
        assert_eq!(paths, ["/a", "/b?x=1", "/c"]);
        assert!(wlog(false, 3).is_ok());
        assert!(wlog(false, 4).unwrap_err().contains("lists 3 URIs"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
