//! ab's command line, parsed by hand as `apr_getopt` does: clustered flags
//! (`-kq`), values attached or apart (`-n2000`, `-n 2000`), `--` ends the
//! options; plus barrage's own `--barrage-json FILE`. Unlike ab, options may
//! also follow the URL.

use std::path::PathBuf;

use crate::dialect::getopt::{self, Getopt, Item, Takes};

use base64::Engine as _;

/// ab's largest `-c`.
pub const MAX_CONCURRENCY: usize = 20_000;
/// The `-n` that `-t` implies.
pub const TIMELIMIT_REQUESTS: u64 = 50_000;

/// The letters ab's `apr_getopt` knows, those taking a value followed by `:`.
const OPTSTRING: &str = "n:c:t:s:b:T:p:u:v:lrkVhwiIx:y:z:C:H:P:A:g:X:de:SqB:m:Z:f:E:";

/// What the command line asks for.
#[derive(Debug, PartialEq)]
pub enum Command {
    Run(Box<Options>),
    /// `-h`: ab's usage.
    Help,
    /// `-V`: ab's version lines.
    Version,
}

/// The request method, as ab's `-i`, `-p`, `-u` and `-m` set it.
#[derive(Debug, Clone, PartialEq)]
pub enum Method {
    Get,
    Head,
    Post,
    Put,
    Custom(String),
}

impl Method {
    pub fn name(&self) -> &str {
        match self {
            Method::Get => "GET",
            Method::Head => "HEAD",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Custom(m) => m,
        }
    }
}

/// An ab run, as its flags describe it.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// `-n` (1 by default; `-t` sets 50000, a later `-n` overrides).
    pub requests: u64,
    /// `-c`.
    pub concurrency: usize,
    /// `-t` seconds; 0 (as in ab) is no time limit.
    pub time_limit_s: Option<u64>,
    /// `-s` seconds.
    pub timeout_s: u64,
    /// `-k`.
    pub keepalive: bool,
    pub method: Method,
    /// `-p` or `-u`: the file's bytes.
    pub body: Option<Vec<u8>>,
    /// `-T`.
    pub content_type: Option<String>,
    /// `-C`: the last one (ab keeps only the last).
    pub cookie: Option<String>,
    /// `-A` and `-P`: `Authorization`/`Proxy-Authorization` header lines, in order.
    pub auth: Vec<(String, String)>,
    /// `-H`, as given.
    pub headers: Vec<String>,
    /// `-w` (or `-x`, `-y`, `-z`): HTML tables, with these attributes.
    pub html: bool,
    pub table_attrs: String,
    pub tr_attrs: String,
    pub td_attrs: String,
    /// `-d` turns the percentile table off.
    pub percentiles: bool,
    /// `-S` turns the confidence columns and warnings off.
    pub confidence: bool,
    /// `-q`.
    pub quiet: bool,
    /// `-l`.
    pub variable_length: bool,
    /// `-e FILE`.
    pub csv: Option<PathBuf>,
    /// `--barrage-json FILE`.
    pub barrage_json: Option<PathBuf>,
    /// The URL as given (`[http[s]://]host[:port]/path`).
    pub url: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            requests: 1,
            concurrency: 1,
            time_limit_s: None,
            timeout_s: 30,
            keepalive: false,
            method: Method::Get,
            body: None,
            content_type: None,
            cookie: None,
            auth: Vec::new(),
            headers: Vec::new(),
            html: false,
            table_attrs: String::new(),
            tr_attrs: String::new(),
            td_attrs: "bgcolor=white".into(),
            percentiles: true,
            confidence: true,
            quiet: false,
            variable_length: false,
            csv: None,
            barrage_json: None,
            url: String::new(),
        }
    }
}

impl Options {
    /// `Some(scheme://…)`: the URL with `http://` added when it has no scheme.
    pub fn full_url(&self) -> String {
        if self.url.starts_with("http://") || self.url.starts_with("https://") {
            self.url.clone()
        } else {
            format!("http://{}", self.url)
        }
    }

    /// How often ab says `Completed N requests` (0: never; it prints `...done` instead).
    pub fn heartbeat(&self) -> u64 {
        if !self.quiet && self.requests > 150 {
            (self.requests / 10).max(100)
        } else {
            0
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    Letter(char),
    BarrageJson,
}

/// ab's letters, from its getopt string, and barrage's `--barrage-json`.
fn options() -> Vec<getopt::Opt<Key>> {
    let mut table: Vec<getopt::Opt<Key>> = OPTSTRING
        .char_indices()
        .filter(|&(_, c)| c != ':')
        .map(|(at, c)| {
            let takes = if OPTSTRING[at + 1..].starts_with(':') {
                Takes::Required
            } else {
                Takes::No
            };
            getopt::Opt::short(c, takes, Key::Letter(c))
        })
        .collect();
    table.push(getopt::Opt::exact(
        "barrage-json",
        Takes::Required,
        Key::BarrageJson,
    ));
    table
}

/// getopt's complaint, in ab's words.
fn getopt_error(e: getopt::Error) -> String {
    match e {
        getopt::Error::UnknownShort(c) => {
            format!("ab: illegal option -- {c} (see 'barrage ab -h')")
        }
        getopt::Error::MissingShort(c) => format!("ab: option requires an argument -- {c}"),
        getopt::Error::MissingLong(_) => "ab: --barrage-json needs a FILE".into(),
        getopt::Error::UnknownLong { name, .. } | getopt::Error::Ambiguous { name, .. } => {
            format!(
                "ab: unknown option --{name}; ab's options are single letters (see 'barrage ab -h')"
            )
        }
        getopt::Error::ValueNotAllowed(full) => format!("ab: --{full} takes no value"),
    }
}

/// Parses the arguments after `ab`. `Err` is one line for the user.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut o = Options::default();
    let mut method_set = false;
    let mut urls = Vec::new();
    for item in Getopt::new(&options(), args.to_vec()) {
        match item.map_err(getopt_error)? {
            Item::Opt {
                key: Key::BarrageJson,
                value,
                ..
            } => {
                let file = crate::dialect::barrage_json_file("ab", &value.unwrap_or_default())
                    .map_err(|e| format!("ab: {e}"))?;
                o.barrage_json = Some(file);
            }
            Item::Opt {
                key: Key::Letter(c),
                value,
                ..
            } => match c {
                'h' => return Ok(Command::Help),
                'V' => return Ok(Command::Version),
                _ => apply(&mut o, &mut method_set, c, value.unwrap_or_default())?,
            },
            Item::Operand(word) => urls.push(word),
        }
    }
    match urls.len() {
        1 => o.url = urls.remove(0),
        0 => return Err("ab: wrong number of arguments: give the URL, e.g. http://127.0.0.1:8080/ (see 'barrage ab -h')".into()),
        _ => {
            return Err(format!(
                "ab: wrong number of arguments: one URL, not {} ({})",
                urls.len(),
                urls.join(" ")
            ))
        }
    }
    if o.concurrency as u64 > o.requests {
        return Err(format!(
            "ab: Cannot use concurrency level greater than total number of requests (-c {} > -n {})",
            o.concurrency, o.requests
        ));
    }
    Ok(Command::Run(Box::new(o)))
}

fn number<T: std::str::FromStr>(flag: char, value: &str, what: &str) -> Result<T, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("ab: -{flag} {value:?}: expected {what}"))
}

fn set_method(o: &mut Options, method_set: &mut bool, m: Method) -> Result<(), String> {
    if *method_set {
        return Err(format!(
            "ab: Cannot mix {} with other methods",
            match m {
                Method::Head => "HEAD",
                Method::Post => "POST",
                _ => "PUT",
            }
        ));
    }
    *method_set = true;
    o.method = m;
    Ok(())
}

fn read_body(flag: char, path: &str) -> Result<Vec<u8>, String> {
    let what = if flag == 'p' { "POST" } else { "PUT" };
    std::fs::read(path).map_err(|e| format!("ab: Could not open {what} data file ({path}): {e}"))
}

/// `user:password` as a Basic credential.
fn basic(value: &str) -> String {
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(value.trim_start().as_bytes())
    )
}

/// Flags barrage does not run, with the nearest native option.
fn unsupported(c: char, value: &str) -> Option<String> {
    let why = match c {
        'b' => "-b (TCP send/receive buffer size) is not supported; barrage uses the OS default buffers (no native option)".to_string(),
        'B' => "-B (local address to bind) is not supported; barrage connects from the default address (no native option)".into(),
        'X' => "-X (proxy) is not supported; barrage connects to the URL's host itself: point the URL at the proxy's target (no native option)".into(),
        'g' => "-g (gnuplot file of every request) is not supported; nearest: --barrage-json FILE or barrage load --hdr-log FILE (per-second latency histograms)".into(),
        'Z' => "-Z (TLS cipher suite) is not supported; barrage negotiates rustls's default suites (no native option)".into(),
        'E' => "-E (TLS client certificate) is not supported; nearest: barrage load --cacert FILE (server verification only)".into(),
        'I' => "-I (no TLS SNI) is not supported; nearest: barrage load --sni NAME".into(),
        'f' if !value.to_ascii_uppercase().starts_with("ALL") => format!(
            "-f {value} (pin one TLS version) is not supported; barrage offers TLS 1.2 and 1.3 (-f ALL); no native option"
        ),
        'v' => match value.trim().parse::<u32>() {
            Ok(0 | 1) => return None,
            _ => format!("-v {value} (per-response logging) is not supported: -v 0 and 1 are; nearest: --barrage-json FILE (status counts and the first error of each kind)"),
        },
        _ => return None,
    };
    Some(format!("ab: {why}"))
}

fn apply(o: &mut Options, method_set: &mut bool, c: char, value: String) -> Result<(), String> {
    if let Some(msg) = unsupported(c, &value) {
        return Err(msg);
    }
    match c {
        'n' => {
            let n: u64 = number('n', &value, "a number of requests")?;
            if n == 0 {
                return Err("ab: -n 0: Invalid number of requests (at least 1)".into());
            }
            o.requests = n;
        }
        'c' => {
            let c: usize = number('c', &value, "a concurrency level")?;
            if c == 0 || c > MAX_CONCURRENCY {
                return Err(format!(
                    "ab: -c {value}: Invalid Concurrency [Range 1..{MAX_CONCURRENCY}]"
                ));
            }
            o.concurrency = c;
        }
        't' => {
            o.time_limit_s = Some(number('t', &value, "whole seconds")?);
            o.requests = TIMELIMIT_REQUESTS;
        }
        's' => {
            let s: u64 = number('s', &value, "whole seconds")?;
            if s == 0 {
                return Err("ab: -s 0: the timeout must be at least 1 second".into());
            }
            o.timeout_s = s;
        }
        'k' => o.keepalive = true,
        'q' => o.quiet = true,
        'd' => o.percentiles = false,
        'S' => o.confidence = false,
        'l' => o.variable_length = true,
        // barrage never exits on a receive error: it counts it.
        'r' => {}
        // -v 0 and 1 print nothing more on a run that goes well.
        'v' => {}
        // -f ALL: every version, as barrage does.
        'f' => {}
        'w' => o.html = true,
        'x' => {
            o.html = true;
            o.table_attrs = value;
        }
        'y' => {
            o.html = true;
            o.tr_attrs = value;
        }
        'z' => {
            o.html = true;
            o.td_attrs = value;
        }
        'i' => set_method(o, method_set, Method::Head)?,
        'p' | 'u' => {
            let body = read_body(c, &value)?;
            set_method(
                o,
                method_set,
                if c == 'p' { Method::Post } else { Method::Put },
            )?;
            o.body = Some(body);
        }
        'm' => {
            // The engine checks that the method is a token (LoadSpec::validate).
            *method_set = true;
            o.method = Method::Custom(value);
        }
        'T' => o.content_type = Some(value),
        'C' => o.cookie = Some(value),
        'A' => o.auth.push(("Authorization".into(), basic(&value))),
        'P' => o.auth.push(("Proxy-Authorization".into(), basic(&value))),
        'H' => {
            // The engine checks the name and value (LoadSpec::validate).
            if !value.contains(':') {
                return Err(format!("ab: -H {value:?}: expected 'Name: value'"));
            }
            o.headers.push(value);
        }
        'e' => o.csv = Some(PathBuf::from(value)),
        other => unreachable!("ab option -{other} not handled"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn run(s: &str) -> Options {
        match parse(&words(s)) {
            Ok(Command::Run(o)) => *o,
            other => panic!("{s}: {other:?}"),
        }
    }

    fn error(s: &str) -> String {
        match parse(&words(s)) {
            Err(e) => e,
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn seed_lines() {
        let o = run("-c 30 -n 1000000 http://127.0.0.1:8080/");
        assert_eq!(
            (o.concurrency, o.requests, o.keepalive),
            (30, 1_000_000, false)
        );
        assert_eq!(o.url, "http://127.0.0.1:8080/");
        assert_eq!(o.heartbeat(), 100_000);
        let o = run("-k -c 100 -n 20000000 http://127.0.0.1:8080/");
        assert_eq!(
            (o.concurrency, o.requests, o.keepalive),
            (100, 20_000_000, true)
        );
        assert_eq!(o.timeout_s, 30);
        assert_eq!(o.method, Method::Get);
    }

    #[test]
    fn getopt_conventions() {
        let o = run("-n2000 -c4 -kq -t1 -n 300 -s5 -- http://h:1/x");
        assert_eq!(
            (o.requests, o.concurrency, o.time_limit_s),
            (300, 4, Some(1))
        );
        assert!(o.keepalive && o.quiet);
        assert_eq!((o.timeout_s, o.heartbeat()), (5, 0));
        // -t implies -n 50000 unless a later -n says otherwise.
        let o = run("-n 10 -t 2 h:1/");
        assert_eq!(o.requests, 50_000);
        assert_eq!(o.full_url(), "http://h:1/");
        // Options may follow the URL; values may look like options.
        let o = run("http://h/ -H X-A:-1 -dSl --barrage-json=o.json");
        assert_eq!(o.headers, vec!["X-A:-1"]);
        assert!(!o.percentiles && !o.confidence && o.variable_length);
        assert_eq!(o.barrage_json, Some(PathBuf::from("o.json")));
        let o = run("--barrage-json o.json -e p.csv -x border=1 -i http://h/");
        assert!(o.html);
        assert_eq!(o.table_attrs, "border=1");
        assert_eq!(o.method, Method::Head);
        assert_eq!(o.csv, Some(PathBuf::from("p.csv")));
        assert_eq!(parse(&words("-n 5 -h")), Ok(Command::Help));
        assert_eq!(parse(&words("-V")), Ok(Command::Version));
    }

    #[test]
    fn headers_and_auth() {
        let o = run("-C a=1 -C b=2 -A u:p -P x:y -m PATCH -f ALL -v 1 -r http://h/");
        assert_eq!(o.cookie.as_deref(), Some("b=2"));
        assert_eq!(
            o.auth,
            vec![
                ("Authorization".to_string(), "Basic dTpw".to_string()),
                ("Proxy-Authorization".to_string(), "Basic eDp5".to_string())
            ]
        );
        assert_eq!(o.method, Method::Custom("PATCH".into()));
    }

    #[test]
    fn bad_values_and_unsupported_flags() {
        for (line, want) in [
            ("-n 0 http://h/", "Invalid number of requests"),
            ("-n x http://h/", "-n \"x\": expected"),
            ("-c 0 http://h/", "Invalid Concurrency"),
            ("-c 20001 -n 30000 http://h/", "Invalid Concurrency"),
            (
                "-c 10 -n 5 http://h/",
                "Cannot use concurrency level greater",
            ),
            ("-s 0 http://h/", "timeout must be at least"),
            ("-n", "option requires an argument -- n"),
            ("-j http://h/", "illegal option -- j"),
            ("--nope http://h/", "unknown option --nope"),
            ("-n 5", "wrong number of arguments"),
            ("http://a/ http://b/", "wrong number of arguments"),
            ("-i -m GET -i http://h/", "Cannot mix HEAD"),
            ("-H nocolon http://h/", "expected 'Name: value'"),
            ("-g out.tsv http://h/", "-g (gnuplot"),
            ("-b 4096 http://h/", "-b (TCP"),
            ("-B 127.0.0.2 http://h/", "-B (local"),
            ("-X proxy:3128 http://h/", "-X (proxy)"),
            ("-Z AES http://h/", "-Z (TLS"),
            ("-E c.pem http://h/", "-E (TLS"),
            ("-I https://h/", "--sni"),
            ("-f TLS1.2 https://h/", "-f TLS1.2"),
            ("-v 2 http://h/", "-v 2 (per-response"),
            (
                "--barrage-json - http://h/",
                "ab: --barrage-json needs a file name",
            ),
            (
                "-p /no/such/file http://h/",
                "Could not open POST data file",
            ),
        ] {
            let e = error(line);
            assert!(e.contains(want), "{line}: {e}");
            assert!(!e.contains('\n'), "{line}: {e}");
        }
    }
}
