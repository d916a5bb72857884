//! httperf's command line, read as its getopt_long reads it: long options
//! as `--name=value` or `--name value`, abbreviated to any unique prefix
//! (`--ra 10`), and the short options `-d N`, `-h`, `-v`, `-V` (groupable:
//! `-vV`). A flag barrage cannot honour is refused here, before anything
//! runs, with one line naming it and the nearest native option.

use std::ffi::OsString;

use crate::dialect::getopt::{self, Getopt, Item, Takes};

/// How connections arrive.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Rate {
    /// No `--rate` (or a rate of 0): each connection starts when the
    /// previous one has ended.
    Sequential,
    /// `--rate X` or `--period=dT`: a new connection every 1/X seconds.
    Fixed(f64),
    /// `--period=eT`: exponential gaps of mean T seconds (Poisson arrivals).
    Exponential { mean_s: f64 },
}

/// `--wlog=B,FILE`: URIs to request in turn, from a NUL-separated file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Wlog {
    /// `y`: start again at the top when the list ends; `n`: stop there.
    pub wrap: bool,
    pub file: String,
}

/// Everything the command line said, with httperf's defaults.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Options {
    pub verbose: u32,
    pub hog: bool,
    /// `--timeout` in seconds; 0 means none was given (httperf: no timeout).
    pub timeout_s: f64,
    pub think_timeout_s: f64,
    pub client: (u64, u64),
    pub server: String,
    pub server_name: Option<String>,
    /// `None`: 80, or 443 with `--ssl`.
    pub port: Option<u16>,
    pub uri: String,
    pub failure_status: Option<u64>,
    pub http_version: (u32, u32),
    pub max_connections: Option<u64>,
    pub max_piped_calls: Option<u64>,
    pub rate: Rate,
    pub send_buffer: u64,
    pub recv_buffer: u64,
    pub retry_on_failure: bool,
    pub ssl: bool,
    pub ssl_no_reuse: bool,
    /// `--add-header`, as given (escapes not yet read); the last one wins, as in httperf.
    pub add_header: Option<String>,
    pub method: Option<String>,
    pub num_conns: u64,
    pub num_calls: u64,
    pub wlog: Option<Wlog>,
    /// barrage's own: write barrage's JSON report to this file.
    pub barrage_json: Option<std::path::PathBuf>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            verbose: 0,
            hog: false,
            timeout_s: 0.0,
            think_timeout_s: 0.0,
            client: (0, 1),
            server: "localhost".into(),
            server_name: None,
            port: None,
            uri: "/".into(),
            failure_status: None,
            http_version: (1, 1),
            max_connections: None,
            max_piped_calls: None,
            rate: Rate::Sequential,
            send_buffer: 4096,
            recv_buffer: 16384,
            retry_on_failure: false,
            ssl: false,
            ssl_no_reuse: false,
            add_header: None,
            method: None,
            num_conns: 1,
            num_calls: 1,
            wlog: None,
            barrage_json: None,
        }
    }
}

impl Options {
    /// The port connections go to.
    pub fn port(&self) -> u16 {
        self.port.unwrap_or(if self.ssl { 443 } else { 80 })
    }
}

/// What the command line asks for.
pub(crate) type Command = super::super::Command<Box<Options>>;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Arg {
    No,
    Required,
    Optional,
}

/// httperf 0.9.0's long options (its `--help`, plus the undocumented
/// `--wsesspage`), for prefix matching as getopt_long does it.
const LONG: [(&str, Arg); 39] = [
    ("add-header", Arg::Required),
    ("burst-length", Arg::Required),
    ("client", Arg::Required),
    ("close-with-reset", Arg::No),
    ("debug", Arg::Required),
    ("failure-status", Arg::Required),
    ("help", Arg::No),
    ("hog", Arg::No),
    ("http-version", Arg::Required),
    ("max-connections", Arg::Required),
    ("max-piped-calls", Arg::Required),
    ("method", Arg::Required),
    ("no-host-hdr", Arg::No),
    ("num-calls", Arg::Required),
    ("num-conns", Arg::Required),
    ("period", Arg::Required),
    ("port", Arg::Required),
    ("print-reply", Arg::Optional),
    ("print-request", Arg::Optional),
    ("rate", Arg::Required),
    ("recv-buffer", Arg::Required),
    ("retry-on-failure", Arg::No),
    ("send-buffer", Arg::Required),
    ("server", Arg::Required),
    ("server-name", Arg::Required),
    ("session-cookies", Arg::No),
    ("ssl", Arg::No),
    ("ssl-ciphers", Arg::Required),
    ("ssl-no-reuse", Arg::No),
    ("think-timeout", Arg::Required),
    ("timeout", Arg::Required),
    ("uri", Arg::Required),
    ("verbose", Arg::No),
    ("version", Arg::No),
    ("wlog", Arg::Required),
    ("wsess", Arg::Required),
    ("wsesslog", Arg::Required),
    ("wsesspage", Arg::Required),
    ("wset", Arg::Required),
];

/// barrage's own option (matched whole, never as an abbreviation).
const BARRAGE_JSON: &str = "barrage-json";

/// Reads the arguments after `httperf`.
pub(crate) fn parse(args: &[OsString]) -> Result<Command, String> {
    let args: Vec<String> = args
        .iter()
        .map(|a| {
            a.to_str()
                .map(str::to_string)
                .ok_or_else(|| format!("httperf: argument {a:?} is not valid UTF-8"))
        })
        .collect::<Result<_, _>>()?;
    let mut o = Options::default();
    for item in Getopt::new(&options(), args) {
        match item.map_err(getopt_error)? {
            Item::Opt { key, value, .. } => {
                let value = value.as_deref();
                match key {
                    Key::BarrageJson => {
                        let file =
                            crate::dialect::barrage_json_file("httperf", value.unwrap_or_default())
                                .map_err(|e| format!("httperf: {e}"))?;
                        o.barrage_json = Some(file);
                    }
                    Key::Long(name) => {
                        if let Some(command) = apply(&mut o, name, value)? {
                            return Ok(command);
                        }
                    }
                }
            }
            Item::Operand(word) => return Err(unexpected(&word)),
        }
    }
    Ok(Command::Run(Box::new(o)))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    /// One of httperf's options, by its long name.
    Long(&'static str),
    BarrageJson,
}

/// httperf's long options, its letters (`-d` is `--debug`) and barrage's
/// `--barrage-json` (matched whole, never as an abbreviation).
fn options() -> Vec<getopt::Opt<Key>> {
    let mut table: Vec<getopt::Opt<Key>> = LONG
        .iter()
        .map(|&(name, arg)| {
            let takes = match arg {
                Arg::No => Takes::No,
                Arg::Required => Takes::Required,
                Arg::Optional => Takes::Optional,
            };
            let short = match name {
                "debug" => Some('d'),
                "help" => Some('h'),
                "version" => Some('V'),
                "verbose" => Some('v'),
                _ => None,
            };
            getopt::Opt::long(name, short, takes, Key::Long(name))
        })
        .collect();
    table.push(getopt::Opt::exact(
        BARRAGE_JSON,
        Takes::Required,
        Key::BarrageJson,
    ));
    table
}

/// getopt's complaint, in httperf's (glibc's) words.
fn getopt_error(e: getopt::Error) -> String {
    format!("httperf: {e}")
}

fn unexpected(arg: &str) -> String {
    format!(
        "httperf: unexpected argument {arg:?}: httperf takes no URL; give --server, --port and --uri"
    )
}

/// A flag barrage does not run: why, and the nearest thing it does.
fn unsupported(flag: &str, why: &str, nearest: &str) -> String {
    format!("httperf: {flag} is not supported: {why}; nearest: {nearest}")
}

/// Applies one option; `Some` ends the parse (help, version).
fn apply(o: &mut Options, name: &str, value: Option<&str>) -> Result<Option<Command>, String> {
    if let Some(why) = refused(name) {
        return Err(why);
    }
    let v = value.unwrap_or("");
    match name {
        "help" => return Ok(Some(Command::Help)),
        "version" => return Ok(Some(Command::Version)),
        "verbose" => o.verbose += 1,
        "debug" => {
            // httperf 0.9.0 is built without DEBUG: it ignores the level too.
        }
        "hog" => o.hog = true,
        "add-header" => o.add_header = Some(v.to_string()),
        "burst-length" => burst_length(v)?,
        "client" => o.client = client(v)?,
        "failure-status" => o.failure_status = Some(failure_status(v)?),
        "http-version" => o.http_version = http_version(v)?,
        "max-connections" => o.max_connections = Some(count(v, "max. # of connection")?),
        "max-piped-calls" => o.max_piped_calls = Some(count(v, "max. # of piped calls")?),
        // The engine checks that the method is a token (LoadSpec::validate).
        "method" => o.method = Some(v.to_string()),
        "num-calls" => o.num_calls = at_least_one(v, "number of calls", "--num-calls")?,
        "num-conns" => o.num_conns = at_least_one(v, "number of connections", "--num-conns")?,
        "period" => o.rate = period(v)?,
        "port" => o.port = Some(port(v)?),
        "rate" => o.rate = rate(v)?,
        "recv-buffer" => o.recv_buffer = count(v, "receive buffer size")?,
        "send-buffer" => o.send_buffer = count(v, "send buffer size")?,
        "retry-on-failure" => o.retry_on_failure = true,
        "server" => o.server = server(v)?,
        "server-name" => o.server_name = Some(v.to_string()),
        "ssl" => o.ssl = true,
        "ssl-no-reuse" => o.ssl_no_reuse = true,
        "think-timeout" => o.think_timeout_s = non_negative(v, "think timeout value")?,
        "timeout" => o.timeout_s = non_negative(v, "connect timeout")?,
        "uri" => o.uri = uri(v)?,
        "wlog" => o.wlog = Some(wlog(v)?),
        other => unreachable!("an option missing from the match: {other}"),
    }
    Ok(None)
}

/// The line for an option barrage does not run at all, `None` for the others.
fn refused(name: &str) -> Option<String> {
    Some(match name {
        "close-with-reset" => unsupported(
            "--close-with-reset",
            "barrage closes its connections normally, never with a reset",
            "leave it out (barrage load closes the same way)",
        ),
        "no-host-hdr" => unsupported(
            "--no-host-hdr",
            "barrage always sends a Host header",
            "--server-name NAME to change it (barrage load -H 'Host: NAME')",
        ),
        "print-reply" | "print-request" => unsupported(
            &format!("--{name}"),
            "barrage does not print each request or reply",
            "--barrage-json FILE for the run's counts and histograms (curl -v to see one exchange)",
        ),
        "session-cookies" => unsupported(
            "--session-cookies",
            "cookies apply to --wsess/--wsesslog sessions, which barrage does not run",
            "--rate R --num-conns N --num-calls K (barrage load --conn-rate R --num-conns N --calls K)",
        ),
        "ssl-ciphers" => unsupported(
            "--ssl-ciphers",
            "barrage offers rustls's TLS 1.2 and 1.3 cipher suites and cannot narrow them",
            "--ssl alone (barrage load https://HOST:PORT/PATH -k)",
        ),
        "wsess" | "wsesspage" => unsupported(
            &format!("--{name}"),
            "sessions of call bursts separated by think times are not modelled",
            "--rate R --num-conns N --num-calls K (barrage load --conn-rate R --num-conns N --calls K)",
        ),
        "wsesslog" => unsupported(
            "--wsesslog",
            "session log files (bursts, think times, per-request methods) are not modelled",
            "--wlog y,FILE for a list of URIs (barrage load --urls FILE) with --rate and --num-calls",
        ),
        "wset" => unsupported(
            "--wset",
            "working-set URI generation is not modelled",
            "--wlog y,FILE listing the URIs (barrage load --urls FILE)",
        ),
        _ => return None,
    })
}

/// An unsigned decimal count, as httperf's `strtoul(…, 10)` with nothing after it.
fn count(v: &str, what: &str) -> Result<u64, String> {
    v.parse::<u64>()
        .map_err(|_| format!("httperf: illegal {what} {v}"))
}

/// A finite number, as httperf's `strtod` with nothing after it.
fn seconds(v: &str, what: &str) -> Result<f64, String> {
    match v.trim_start().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!("httperf: illegal {what} {v}")),
    }
}

fn non_negative(v: &str, what: &str) -> Result<f64, String> {
    let x = seconds(v, what)?;
    if x < 0.0 {
        return Err(format!(
            "httperf: illegal {what} {v}: expected seconds, 0 or more"
        ));
    }
    Ok(x)
}

/// A count of 1 or more (`--num-calls`, `--num-conns`).
fn at_least_one(v: &str, what: &str, flag: &str) -> Result<u64, String> {
    let n = count(v, what)?;
    if n == 0 {
        return Err(format!("httperf: {flag} must be at least 1"));
    }
    Ok(n)
}

/// `--burst-length`: 1, the only length barrage runs.
fn burst_length(v: &str) -> Result<(), String> {
    let n = count(v, "burst-length")?;
    if n == 0 {
        return Err(format!("httperf: illegal burst-length {v}"));
    }
    if n > 1 {
        return Err(unsupported(
            "--burst-length above 1",
            "barrage's sessions send one call at a time per connection, not pipelined bursts",
            "barrage load --pipeline N (a closed loop of pipelined connections)",
        ));
    }
    Ok(())
}

/// `--failure-status`: a status other than 0.
fn failure_status(v: &str) -> Result<u64, String> {
    let n = count(v, "failure status")?;
    if n == 0 {
        return Err(format!("httperf: illegal failure status {v}"));
    }
    Ok(n)
}

/// `--http-version`: 1.0 or 1.1.
fn http_version(v: &str) -> Result<(u32, u32), String> {
    match v {
        "1.0" => Ok((1, 0)),
        "1.1" => Ok((1, 1)),
        _ => Err(format!(
            "httperf: illegal version number {v}: barrage sends HTTP/1.0 or HTTP/1.1 (--http-version=1.0 or 1.1)"
        )),
    }
}

/// `--port`: 1 to 65535.
fn port(v: &str) -> Result<u16, String> {
    match v.parse::<u16>() {
        Ok(p) if p > 0 => Ok(p),
        _ => Err(format!("httperf: illegal port number {v}")),
    }
}

/// `--rate`: connections per second, 0 for one after another.
fn rate(v: &str) -> Result<Rate, String> {
    let r = seconds(v, "request rate")?;
    Ok(if r > 0.0 {
        Rate::Fixed(r)
    } else {
        Rate::Sequential
    })
}

/// `--server`: a host name or address, not empty.
fn server(v: &str) -> Result<String, String> {
    if v.is_empty() {
        return Err("httperf: --server needs a host name or address".into());
    }
    Ok(v.to_string())
}

/// `--uri`: a path starting with `/`.
fn uri(v: &str) -> Result<String, String> {
    if !v.starts_with('/') {
        return Err(format!(
            "httperf: --uri {v:?}: expected a path starting with / (e.g. --uri=/index.html)"
        ));
    }
    Ok(v.to_string())
}

/// `--client=I/N`: this is client I of N (0 ≤ I < N).
fn client(v: &str) -> Result<(u64, u64), String> {
    let (id, n) = v
        .split_once('/')
        .ok_or_else(|| format!("httperf: client id not followed by `/' (rest: `{v}')"))?;
    let id = id
        .parse::<u64>()
        .map_err(|_| format!("httperf: bad client id (rest: `{v}')"))?;
    match n.parse::<u64>() {
        Ok(n) if id < n => Ok((id, n)),
        _ => Err(format!("httperf: bad number of clients (rest: `{n}')")),
    }
}

/// `--period=[d|u|e]T1[,T2]`.
fn period(v: &str) -> Result<Rate, String> {
    let (dist, rest) = match v.chars().next() {
        Some(c) if c.is_ascii_digit() || c == '.' => ('d', v),
        Some(c) => (c.to_ascii_lowercase(), &v[c.len_utf8()..]),
        None => return Err("httperf: illegal mean interarrival time ".into()),
    };
    match dist {
        'd' | 'e' => {
            let t = non_negative(rest, "mean interarrival time")?;
            Ok(match (dist, t > 0.0) {
                (_, false) => Rate::Sequential,
                ('d', true) => Rate::Fixed(1.0 / t),
                _ => Rate::Exponential { mean_s: t },
            })
        }
        'u' => Err(unsupported(
            "--period=u (interarrival times uniform over [T1,T2))",
            "barrage spaces arrivals evenly or as a Poisson process",
            "--period=dT or --rate X (fixed), --period=eT (Poisson): barrage load --arrival uniform|poisson",
        )),
        other => Err(format!(
            "httperf: illegal interarrival distribution '{other}' in {v}"
        )),
    }
}

/// `--wlog=y|n,FILE`.
fn wlog(v: &str) -> Result<Wlog, String> {
    let (flag, file) = v
        .split_once(',')
        .ok_or_else(|| format!("httperf: --wlog {v:?}: expected y,FILE or n,FILE"))?;
    let wrap = match flag {
        "y" | "Y" => true,
        "n" | "N" => false,
        _ => return Err(format!("httperf: --wlog {v:?}: expected y,FILE or n,FILE")),
    };
    if file.is_empty() {
        return Err(format!("httperf: --wlog {v:?}: no file name"));
    }
    Ok(Wlog {
        wrap,
        file: file.to_string(),
    })
}

/// httperf 0.9.0's `--help`, and what barrage adds.
pub(crate) const USAGE: &str = "\
Usage: httperf [-hdvV] [--add-header S] [--burst-length N] [--client N/N]
\t[--close-with-reset] [--debug N] [--failure-status N]
\t[--help] [--hog] [--http-version S] [--max-connections N]
\t[--max-piped-calls N] [--method S] [--no-host-hdr]
\t[--num-calls N] [--num-conns N] [--period [d|u|e]T1[,T2]]
\t[--port N] [--print-reply [header|body]] [--print-request [header|body]]
\t[--rate X] [--recv-buffer N] [--retry-on-failure] [--send-buffer N]
\t[--server S] [--server-name S] [--session-cookies]
\t[--ssl] [--ssl-ciphers L] [--ssl-no-reuse]
\t[--think-timeout X] [--timeout X] [--uri S] [--verbose] [--version]
\t[--wlog y|n,file] [--wsess N,N,X] [--wsesslog N,X,file]
\t[--wset N,X]
\t[--barrage-json FILE]

This is barrage's httperf dialect: the command line runs on barrage's engine
as sessions (barrage load --conn-rate R --calls K --num-conns N) and prints
httperf's report. --barrage-json FILE also writes barrage's JSON report.
Not supported: --burst-length above 1, --close-with-reset, --no-host-hdr,
--period=u, --print-reply, --print-request, --session-cookies, --ssl-ciphers,
--wsess, --wsesslog, --wsesspage, --wset.
";

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str) -> Result<Options, String> {
        crate::dialect::run_line(parse, line)
    }

    #[test]
    fn the_seed_command_line() {
        let o = run("--timeout=5 --client=0/1 --server=127.0.0.1 --port=8080 --uri=/?value=benchmarks --rate=100 --send-buffer=4096 --recv-buffer=16384 --num-conns=5000 --num-calls=10").unwrap();
        assert_eq!(o.timeout_s, 5.0);
        assert_eq!(o.client, (0, 1));
        assert_eq!(o.server, "127.0.0.1");
        assert_eq!(o.port(), 8080);
        assert_eq!(o.uri, "/?value=benchmarks");
        assert_eq!(o.rate, Rate::Fixed(100.0));
        assert_eq!((o.send_buffer, o.recv_buffer), (4096, 16384));
        assert_eq!((o.num_conns, o.num_calls), (5000, 10));
    }

    #[test]
    fn getopt_conventions() {
        // Separate values, abbreviations, grouped short options.
        let o =
            run("--ra 10 --num-co 7 --num-ca=3 --server x --server-n y -vv --hog --ssl").unwrap();
        assert_eq!(o.rate, Rate::Fixed(10.0));
        assert_eq!((o.num_conns, o.num_calls), (7, 3));
        assert_eq!(o.server, "x");
        assert_eq!(o.server_name.as_deref(), Some("y"));
        assert_eq!(o.verbose, 2);
        assert!(o.hog && o.ssl);
        assert_eq!(o.port(), 443);
        // An exact name wins over the longer names it begins; a prefix of
        // two names is ambiguous, as in getopt_long.
        assert!(run("--ssl").unwrap().ssl);
        assert!(run("--ser x")
            .unwrap_err()
            .contains("'--server' '--server-name'"));
        assert_eq!(run("-d 3 -d4 --debug=1").unwrap(), Options::default());
        assert_eq!(
            run("--period=0.25").unwrap().rate,
            Rate::Fixed(4.0),
            "a bare period is deterministic"
        );
        assert_eq!(run("--period=d0.5").unwrap().rate, Rate::Fixed(2.0));
        assert_eq!(
            run("--period=e0.01").unwrap().rate,
            Rate::Exponential { mean_s: 0.01 }
        );
        assert_eq!(run("--rate=0").unwrap().rate, Rate::Sequential);
        assert_eq!(run("--rate=5 --rate=0").unwrap().rate, Rate::Sequential);
        let o = run("--barrage-json out.json --barrage-json=o2.json").unwrap();
        assert_eq!(o.barrage_json.as_deref(), Some("o2.json".as_ref()));
        let o = run("--wlog=y,/tmp/list --http-version=1.0").unwrap();
        assert_eq!(
            o.wlog,
            Some(Wlog {
                wrap: true,
                file: "/tmp/list".into()
            })
        );
        assert_eq!(o.http_version, (1, 0));
        let help = |l: &str| parse(&[OsString::from(l)]).unwrap();
        assert_eq!(help("-h"), Command::Help);
        assert_eq!(help("--he"), Command::Help);
        assert_eq!(help("-vV"), Command::Version);
        assert_eq!(help("--vers"), Command::Version);
    }

    #[test]
    fn errors_are_one_line_and_name_the_flag() {
        let cases = [
            ("--bogus", "unrecognized option '--bogus'"),
            (
                "--r=5",
                "option '--r=5' is ambiguous; possibilities: '--rate' '--recv-buffer' '--retry-on-failure'",
            ),
            ("--rate", "option '--rate' requires an argument"),
            ("--hog=1", "option '--hog' doesn't allow an argument"),
            ("--rate=abc", "illegal request rate abc"),
            ("--num-conns=0", "--num-conns must be at least 1"),
            ("--num-calls=-1", "illegal number of calls -1"),
            ("--port=70000", "illegal port number 70000"),
            ("--client=1/1", "bad number of clients"),
            ("--client=3", "client id not followed by `/'"),
            ("--http-version=2.0", "illegal version number 2.0"),
            ("--timeout=-1", "illegal connect timeout -1"),
            ("--period=x1", "illegal interarrival distribution 'x'"),
            ("--uri=index.html", "expected a path starting with /"),
            ("-x", "invalid option -- 'x'"),
            ("-d", "option requires an argument -- 'd'"),
            ("--nope=1", "unrecognized option '--nope=1'"),
            ("http://x/", "unexpected argument \"http://x/\""),
            ("--wsess=10,5,2", "--wsess is not supported"),
            ("--wsesspage=10,5,2", "--wsesspage is not supported"),
            ("--wsesslog=10,1,f", "--wsesslog is not supported"),
            ("--wset=10,0.5", "--wset is not supported"),
            ("--burst-length=2", "--burst-length above 1 is not supported"),
            ("--period=u1,3", "--period=u"),
            ("--print-reply", "--print-reply is not supported"),
            ("--print-request=header", "--print-request is not supported"),
            ("--session-cookies", "--session-cookies is not supported"),
            ("--ssl-ciphers=AES", "--ssl-ciphers is not supported"),
            ("--close-with-reset", "--close-with-reset is not supported"),
            ("--no-host-hdr", "--no-host-hdr is not supported"),
            ("--wlog=x,f", "expected y,FILE or n,FILE"),
            ("--barrage-json=-", "--barrage-json needs a file name"),
        ];
        for (line, want) in cases {
            let err = run(line).unwrap_err();
            assert!(err.starts_with("httperf: "), "{line}: {err}");
            assert!(err.contains(want), "{line}: {err}");
            assert!(!err.contains('\n'), "{line}: {err}");
        }
        // Unsupported flags name the nearest native option.
        let err = run("--wsess=10,5,2").unwrap_err();
        assert!(err.contains("nearest: ") && err.contains("barrage load --conn-rate"));
        // The first problem is the one reported, as getopt stops there.
        let err = run("--wset=1,1 --bogus").unwrap_err();
        assert!(err.contains("--wset"), "{err}");
        assert_eq!(run("--burst-length=1").unwrap(), Options::default());
    }
}
