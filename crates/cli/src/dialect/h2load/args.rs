//! h2load's command line, read as nghttp2 1.52's getopt_long reads it:
//! `-n2000` and `-n 2000`, clustered short flags (`-vn10`), `--requests=10`
//! and `--requests 10`, unique prefixes of long names (`--warm-up=1`),
//! operands anywhere, `--` ending the flags.
//!
//! Values are checked here, with h2load's own messages. Flags barrage cannot
//! honour are refused here too, each with one line naming the nearest native
//! option, so nothing runs.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use crate::dialect::getopt::{self, Getopt, Item, Takes};

/// What the command line asks for.
pub(crate) type Command = super::super::Command<Box<Options>>;

/// Cleartext protocol (`-p`, `--h1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoTlsProto {
    H2c,
    Http11,
}

/// Every h2load setting the dialect honours, with h2load's defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// `-n` (default 1).
    pub requests: u64,
    /// `-c` (default 1).
    pub clients: u64,
    /// `-t` (default 1).
    pub threads: u64,
    /// `-m` (default 1).
    pub streams: u64,
    /// `-w` (default 30, as h2load 1.52).
    pub window_bits: u8,
    /// `-W` (default 30, as h2load 1.52).
    pub connection_window_bits: u8,
    /// `-H`: names lower-cased, values as given after the colon's spaces.
    pub headers: Vec<(String, String)>,
    /// `-p`, `--h1`.
    pub no_tls_proto: NoTlsProto,
    /// `--npn-list`, `--h1`; `None`: h2load's default `h2,h2-16,h2-14,http/1.1`.
    pub npn_list: Option<Vec<String>>,
    /// `-d FILE`: POST its contents.
    pub data: Option<PathBuf>,
    /// `-r`: connections started per rate period (0: off).
    pub rate: u64,
    /// `--rate-period` (default 1s).
    pub rate_period: Duration,
    /// `-D` (zero: not a timed run).
    pub duration: Duration,
    /// `--warm-up-time`.
    pub warm_up: Duration,
    /// `-T` (zero: none).
    pub active_timeout: Duration,
    /// `-N` (zero: none).
    pub inactivity_timeout: Duration,
    /// `-i FILE` (`-` for stdin).
    pub input_file: Option<String>,
    /// `-B URI`.
    pub base_uri: Option<String>,
    /// `--connect-to HOST[:PORT]` (port 0: the URI's).
    pub connect_to: Option<(String, u16)>,
    /// `--rps` per client (0: off).
    pub rps: f64,
    /// The URIs on the command line.
    pub uris: Vec<String>,
    /// `--barrage-json FILE`: barrage's own JSON report as well.
    pub barrage_json: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            requests: 1,
            clients: 1,
            threads: 1,
            streams: 1,
            window_bits: 30,
            connection_window_bits: 30,
            headers: Vec::new(),
            no_tls_proto: NoTlsProto::H2c,
            npn_list: None,
            data: None,
            rate: 0,
            rate_period: Duration::from_secs(1),
            duration: Duration::ZERO,
            warm_up: Duration::ZERO,
            active_timeout: Duration::ZERO,
            inactivity_timeout: Duration::ZERO,
            input_file: None,
            base_uri: None,
            connect_to: None,
            rps: 0.0,
            uris: Vec::new(),
            barrage_json: None,
        }
    }
}

/// h2load's flags (and `--barrage-json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flag {
    Requests,
    Clients,
    Threads,
    InputFile,
    Streams,
    MaxFrameSize,
    WindowBits,
    ConnectionWindowBits,
    Header,
    Ciphers,
    Tls13Ciphers,
    NoTlsProto,
    Data,
    Rate,
    RatePeriod,
    Duration,
    WarmUpTime,
    ActiveTimeout,
    InactivityTimeout,
    TimingScriptFile,
    BaseUri,
    NpnList,
    H1,
    HeaderTableSize,
    EncoderHeaderTableSize,
    LogFile,
    QlogFileBase,
    ConnectTo,
    Rps,
    Groups,
    NoUdpGso,
    MaxUdpPayloadSize,
    Ktls,
    Verbose,
    Version,
    Help,
    BarrageJson,
}

/// (long name, short letter, takes a value, flag), in h2load's order.
const FLAGS: &[(&str, Option<char>, bool, Flag)] = &[
    ("requests", Some('n'), true, Flag::Requests),
    ("clients", Some('c'), true, Flag::Clients),
    ("data", Some('d'), true, Flag::Data),
    ("threads", Some('t'), true, Flag::Threads),
    ("max-concurrent-streams", Some('m'), true, Flag::Streams),
    ("window-bits", Some('w'), true, Flag::WindowBits),
    ("max-frame-size", Some('f'), true, Flag::MaxFrameSize),
    (
        "connection-window-bits",
        Some('W'),
        true,
        Flag::ConnectionWindowBits,
    ),
    ("input-file", Some('i'), true, Flag::InputFile),
    ("header", Some('H'), true, Flag::Header),
    ("no-tls-proto", Some('p'), true, Flag::NoTlsProto),
    ("verbose", Some('v'), false, Flag::Verbose),
    ("help", Some('h'), false, Flag::Help),
    ("version", None, false, Flag::Version),
    ("ciphers", None, true, Flag::Ciphers),
    ("rate", Some('r'), true, Flag::Rate),
    (
        "connection-active-timeout",
        Some('T'),
        true,
        Flag::ActiveTimeout,
    ),
    (
        "connection-inactivity-timeout",
        Some('N'),
        true,
        Flag::InactivityTimeout,
    ),
    ("duration", Some('D'), true, Flag::Duration),
    ("timing-script-file", None, true, Flag::TimingScriptFile),
    ("base-uri", Some('B'), true, Flag::BaseUri),
    ("npn-list", None, true, Flag::NpnList),
    ("rate-period", None, true, Flag::RatePeriod),
    ("h1", None, false, Flag::H1),
    ("header-table-size", None, true, Flag::HeaderTableSize),
    (
        "encoder-header-table-size",
        None,
        true,
        Flag::EncoderHeaderTableSize,
    ),
    ("warm-up-time", None, true, Flag::WarmUpTime),
    ("log-file", None, true, Flag::LogFile),
    ("connect-to", None, true, Flag::ConnectTo),
    ("rps", None, true, Flag::Rps),
    ("groups", None, true, Flag::Groups),
    ("tls13-ciphers", None, true, Flag::Tls13Ciphers),
    ("no-udp-gso", None, false, Flag::NoUdpGso),
    ("qlog-file-base", None, true, Flag::QlogFileBase),
    ("max-udp-payload-size", None, true, Flag::MaxUdpPayloadSize),
    ("ktls", None, false, Flag::Ktls),
    ("barrage-json", None, true, Flag::BarrageJson),
];

/// h2load's defaults for the TLS lists: given as they are, they change nothing.
const DEFAULT_CIPHERS: &str = "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305:DHE-RSA-AES128-GCM-SHA256:DHE-RSA-AES256-GCM-SHA384";
const DEFAULT_TLS13_CIPHERS: &str =
    "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_CCM_SHA256";
const DEFAULT_GROUPS: &str = "X25519:P-256:P-384:P-521";

/// Reads the arguments after the tool's name.
pub fn parse(args: &[OsString]) -> Result<Command, String> {
    let mut words = Vec::with_capacity(args.len());
    for a in args {
        match a.to_str() {
            Some(s) => words.push(s.to_string()),
            None => return Err(format!("argument {a:?} is not valid UTF-8")),
        }
    }
    let mut o = Options::default();
    let table: Vec<getopt::Opt<Flag>> = FLAGS
        .iter()
        .map(|&(long, short, takes, flag)| {
            let takes = if takes { Takes::Required } else { Takes::No };
            getopt::Opt::long(long, short, takes, flag)
        })
        .collect();
    for item in Getopt::new(&table, words) {
        match item.map_err(getopt_error)? {
            Item::Opt { key, value, .. } => {
                if let Some(cmd) = apply(&mut o, key, value.as_deref())? {
                    return Ok(cmd);
                }
            }
            Item::Operand(word) => o.uris.push(word),
        }
    }
    Ok(Command::Run(Box::new(o)))
}

/// getopt's complaint, in h2load's (glibc's) words; barrage adds where help is.
fn getopt_error(e: getopt::Error) -> String {
    match e {
        getopt::Error::UnknownShort(_) | getopt::Error::UnknownLong { .. } => {
            format!("{e}; see 'barrage h2load --help'")
        }
        e => e.to_string(),
    }
}

/// Applies one flag; `Some` for `--help` and `--version`.
fn apply(o: &mut Options, flag: Flag, value: Option<&str>) -> Result<Option<Command>, String> {
    let v = value.unwrap_or("");
    match flag {
        Flag::Help => return Ok(Some(Command::Help)),
        Flag::Version => return Ok(Some(Command::Version)),
        Flag::Requests => o.requests = uint(v, "-n")?,
        Flag::Clients => o.clients = uint(v, "-c")?,
        Flag::Threads => o.threads = uint(v, "-t")?,
        Flag::Streams => o.streams = uint(v, "-m")?,
        Flag::WindowBits => o.window_bits = window_bits(v, 'w')?,
        Flag::ConnectionWindowBits => o.connection_window_bits = window_bits(v, 'W')?,
        Flag::MaxFrameSize => max_frame_size(v)?,
        Flag::Header => o.headers.push(header(v)?),
        Flag::Ciphers => default_only(v, DEFAULT_CIPHERS, "--ciphers")?,
        Flag::Tls13Ciphers => default_only(v, DEFAULT_TLS13_CIPHERS, "--tls13-ciphers")?,
        Flag::Groups => default_only(v, DEFAULT_GROUPS, "--groups")?,
        Flag::NoTlsProto => o.no_tls_proto = no_tls_proto(v)?,
        Flag::Data => o.data = Some(PathBuf::from(v)),
        Flag::Rate => o.rate = rate(v)?,
        Flag::RatePeriod => o.rate_period = duration(v, "--rate-period")?,
        Flag::Duration => o.duration = duration(v, "-D")?,
        Flag::WarmUpTime => o.warm_up = duration(v, "--warm-up-time")?,
        Flag::ActiveTimeout => o.active_timeout = duration(v, "-T")?,
        Flag::InactivityTimeout => o.inactivity_timeout = duration(v, "-N")?,
        Flag::TimingScriptFile | Flag::LogFile => return Err(refused(flag)),
        Flag::InputFile => o.input_file = Some(v.to_string()),
        Flag::BaseUri => o.base_uri = Some(base_uri(v)?),
        Flag::NpnList => o.npn_list = Some(v.split(',').map(str::to_string).collect()),
        Flag::H1 => {
            o.npn_list = Some(vec!["http/1.1".to_string()]);
            o.no_tls_proto = NoTlsProto::Http11;
        }
        Flag::HeaderTableSize => header_table_size(v, "header-table-size")?,
        Flag::EncoderHeaderTableSize => header_table_size(v, "encoder-header-table-size")?,
        Flag::ConnectTo => o.connect_to = Some(connect_to(v)?),
        Flag::Rps => o.rps = rps(v)?,
        Flag::MaxUdpPayloadSize => max_udp_payload_size(v)?,
        // QUIC only (no effect over TCP, as in h2load), kTLS and debug output:
        // accepted, no effect on barrage's run.
        Flag::QlogFileBase | Flag::NoUdpGso | Flag::Ktls | Flag::Verbose => {}
        Flag::BarrageJson => o.barrage_json = Some(crate::dialect::barrage_json_file("h2load", v)?),
    }
    Ok(None)
}

/// `-w`/`-W`: a window of 2^bits - 1 bytes, bits in 0..=30.
fn window_bits(v: &str, letter: char) -> Result<u8, String> {
    match parse_uint(v) {
        Some(n) if n <= 30 => Ok(n as u8),
        _ => Err(format!(
            "-{letter}: specify the integer in the range [0, 30], inclusive"
        )),
    }
}

/// `-f`: h2load's range checks, then barrage's one frame size.
fn max_frame_size(v: &str) -> Result<(), String> {
    let n = size(v).ok_or_else(|| format!("--max-frame-size: bad option value: {v}"))?;
    if n < 16384 {
        return Err("--max-frame-size: minimum 16384".into());
    }
    if n > 16 * 1024 * 1024 - 1 {
        return Err("--max-frame-size: maximum 16777215".into());
    }
    if n != 16384 {
        return Err(unsupported(
            &format!("-f/--max-frame-size {v}"),
            "barrage receives HTTP/2 frames of at most 16,384 bytes (the protocol's default, h2load's -f 16K); give -f 16K or leave it out",
        ));
    }
    Ok(())
}

/// `-p`: h2c or http/1.1, in any case.
fn no_tls_proto(v: &str) -> Result<NoTlsProto, String> {
    if v.eq_ignore_ascii_case("h2c") {
        Ok(NoTlsProto::H2c)
    } else if v.eq_ignore_ascii_case("http/1.1") {
        Ok(NoTlsProto::Http11)
    } else {
        Err(format!("-p: unsupported protocol {v}"))
    }
}

/// `-r`: a positive count of connections per period.
fn rate(v: &str) -> Result<u64, String> {
    let n = uint(v, "-r")?;
    if n == 0 {
        return Err("-r: the rate at which connections are made must be positive.".into());
    }
    Ok(n)
}

/// The line for a flag whose whole purpose barrage does not have.
fn refused(flag: Flag) -> String {
    match flag {
        Flag::TimingScriptFile => unsupported(
            "--timing-script-file",
            "barrage has no per-request schedule; use -i FILE for the URIs with --rps N for a fixed rate (barrage load --urls FILE -R RATE)",
        ),
        _ => unsupported(
            "--log-file",
            "barrage keeps exact histograms, not a per-request log; use --barrage-json FILE (barrage load --json FILE, or --hdr-log FILE for one histogram per second)",
        ),
    }
}

/// `-B`: a URI with a host (not a unix socket).
fn base_uri(v: &str) -> Result<String, String> {
    if v.len() >= 5 && v[..5].eq_ignore_ascii_case("unix:") {
        return Err(unsupported(
            &format!("-B {v}"),
            "barrage connects over TCP only; listen on 127.0.0.1 and give an http:// base URI",
        ));
    }
    let ok = url::Url::parse(v).is_ok_and(|u| u.host_str().is_some());
    if !ok {
        return Err(format!("--base-uri: invalid base URI: {v}"));
    }
    Ok(v.to_string())
}

/// `--header-table-size`, `--encoder-header-table-size` (`name`): h2load's
/// range check, then barrage's one table size.
fn header_table_size(v: &str, name: &str) -> Result<(), String> {
    let n = size(v).ok_or_else(|| format!("--{name}: Bad option value: {v}"))?;
    if n > u64::from(u32::MAX) {
        return Err(format!(
            "--{name}: Value too large.  It should be less than or equal to {}",
            u32::MAX
        ));
    }
    if n != 4096 {
        return Err(unsupported(
            &format!("--{name} {v}"),
            "barrage's HPACK tables are the protocol's default 4,096 bytes (h2load's default 4K); give 4K or leave it out",
        ));
    }
    Ok(())
}

/// `--rps`: a positive rate whose period is at least a microsecond.
fn rps(v: &str) -> Result<f64, String> {
    let rps: f64 = v
        .parse()
        .ok()
        .filter(|r: &f64| r.is_finite() && 1.0 / r >= 1e-6)
        .ok_or_else(|| format!("--rps: Invalid value {v}"))?;
    if rps <= 0.0 {
        return Err(format!("--rps: Invalid value {v}"));
    }
    Ok(rps)
}

/// `--max-udp-payload-size`: checked as h2load does, no effect over TCP.
fn max_udp_payload_size(v: &str) -> Result<(), String> {
    let n = size(v).ok_or_else(|| format!("--max-udp-payload-size: bad option value: {v}"))?;
    if n > 65536 {
        return Err("--max-udp-payload-size: must not exceed 65536".into());
    }
    Ok(())
}

/// The one line for a flag barrage cannot honour.
fn unsupported(flag: &str, instead: &str) -> String {
    format!("h2load {flag} is not supported by barrage: {instead}")
}

fn default_only(v: &str, default: &str, flag: &str) -> Result<(), String> {
    if v == default {
        return Ok(());
    }
    Err(unsupported(
        flag,
        "barrage's TLS (rustls) offers its own suites and groups, with no option to choose them; leave the flag out",
    ))
}

/// h2load's `util::parse_uint`: digits only.
fn parse_uint(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn uint(s: &str, flag: &str) -> Result<u64, String> {
    parse_uint(s).ok_or_else(|| format!("{flag}: bad option value: {s}"))
}

/// `<SIZE>`: an integer and an optional K, M or G (powers of 1024).
fn size(s: &str) -> Option<u64> {
    let (digits, scale) = match s.chars().last()? {
        'k' | 'K' => (&s[..s.len() - 1], 1u64 << 10),
        'm' | 'M' => (&s[..s.len() - 1], 1 << 20),
        'g' | 'G' => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    parse_uint(digits)?.checked_mul(scale)
}

/// `<DURATION>`: an integer and an optional unit h, m, s or ms (seconds
/// without one).
pub fn parse_duration(s: &str) -> Option<Duration> {
    let split = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let n = parse_uint(&s[..split])?;
    let secs = match s[split..].to_ascii_lowercase().as_str() {
        "" | "s" => n,
        "ms" => return Some(Duration::from_millis(n)),
        "m" => n.checked_mul(60)?,
        "h" => n.checked_mul(3600)?,
        _ => return None,
    };
    Some(Duration::from_secs(secs))
}

fn duration(s: &str, flag: &str) -> Result<Duration, String> {
    parse_duration(s).ok_or_else(|| match flag {
        "-T" => format!("-T: bad value for the conn_active_timeout wait time: {s}"),
        "-N" => format!("-N: bad value for the conn_inactivity_timeout wait time: {s}"),
        _ => format!("{flag}: value error {s}"),
    })
}

/// `-H`: `name: value`; the name may start with `:` (a pseudo-header).
fn header(h: &str) -> Result<(String, String), String> {
    let colon = h
        .get(1..)
        .and_then(|rest| rest.find(':'))
        .map(|i| i + 1)
        .filter(|&i| !(h.starts_with(':') && i == 1));
    let Some(colon) = colon else {
        return Err(format!("-H: invalid header: {h}"));
    };
    let name = &h[..colon];
    let value = h[colon + 1..].trim_start();
    if value.is_empty() {
        return Err(format!("-H: invalid header - value missing: {h}"));
    }
    // The engine checks the name and value (LoadSpec::validate).
    Ok((name.to_ascii_lowercase(), value.to_string()))
}

/// `--connect-to HOST[:PORT]`, `[v6]:PORT` too.
fn connect_to(v: &str) -> Result<(String, u16), String> {
    let bad = || format!("--connect-to: Invalid value {v}");
    let (host, port) = if let Some(rest) = v.strip_prefix('[') {
        let (host, after) = rest.split_once(']').ok_or_else(bad)?;
        match after.strip_prefix(':') {
            Some(p) => (host, p),
            None if after.is_empty() => (host, ""),
            None => return Err(bad()),
        }
    } else {
        match v.rsplit_once(':') {
            Some((h, p)) if !h.contains(':') => (h, p),
            Some(_) => (v, ""),
            None => (v, ""),
        }
    };
    if host.is_empty() {
        return Err(bad());
    }
    let port = if port.is_empty() {
        0
    } else {
        parse_uint(port)
            .and_then(|p| u16::try_from(p).ok())
            .ok_or_else(bad)?
    };
    Ok((host.to_string(), port))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str) -> Result<Options, String> {
        crate::dialect::run_line(parse, line)
    }

    #[test]
    fn seed_lines() {
        let o = run("-n2000000 -c500 -m100 https://127.0.0.1:3000/").unwrap();
        assert_eq!((o.requests, o.clients, o.streams), (2_000_000, 500, 100));
        assert_eq!((o.window_bits, o.connection_window_bits), (30, 30));
        assert_eq!(o.uris, ["https://127.0.0.1:3000/"]);
        let o = run("-n2000000 -c500 -m100 -w30 -W30 http://h/").unwrap();
        assert_eq!((o.window_bits, o.connection_window_bits), (30, 30));
        let o = run("-n 100 -c 10 -m 10 -w16 -W 16 http://h/").unwrap();
        assert_eq!((o.requests, o.clients, o.streams), (100, 10, 10));
        assert_eq!((o.window_bits, o.connection_window_bits), (16, 16));
    }

    #[test]
    fn long_forms_prefixes_and_clusters() {
        let o = run("--requests=5 --clients 2 --warm-up=1 -D 2s --h1 -vt2 http://h/ x").unwrap();
        assert_eq!((o.requests, o.clients, o.threads), (5, 2, 2));
        assert_eq!(o.warm_up, Duration::from_secs(1));
        assert_eq!(o.duration, Duration::from_secs(2));
        assert_eq!(o.no_tls_proto, NoTlsProto::Http11);
        assert_eq!(o.npn_list, Some(vec!["http/1.1".to_string()]));
        assert_eq!(o.uris, ["http://h/", "x"]);
        let o = run("-- -n5").unwrap();
        assert_eq!(o.uris, ["-n5"]);
        // glibc's words; a long option named by the whole word.
        for (line, says) in [
            ("--bogus", "unrecognized option '--bogus'"),
            ("--nope=1", "unrecognized option '--nope=1'"),
            (
                "--c=1",
                "option '--c=1' is ambiguous; possibilities: '--clients'",
            ),
            ("-x", "invalid option -- 'x'"),
            ("-n", "option requires an argument -- 'n'"),
            ("--h1=yes", "option '--h1' doesn't allow an argument"),
        ] {
            let e = run(line).unwrap_err();
            assert!(e.contains(says), "{line}: {e}");
        }
    }

    #[test]
    fn values() {
        assert_eq!(run("-nabc").unwrap_err(), "-n: bad option value: abc");
        assert_eq!(run("-n-1").unwrap_err(), "-n: bad option value: -1");
        assert!(run("-w31").unwrap_err().contains("[0, 30]"));
        assert_eq!(run("-D1.5").unwrap_err(), "-D: value error 1.5");
        assert_eq!(
            run("-r0").unwrap_err(),
            "-r: the rate at which connections are made must be positive."
        );
        assert_eq!(run("-pfoo").unwrap_err(), "-p: unsupported protocol foo");
        assert_eq!(
            run("--barrage-json=- http://h/").unwrap_err(),
            "--barrage-json needs a file name (stdout carries h2load's report)"
        );
        let o = run("-D500ms --rate-period=2m -N 3 -T1h -r 4 --rps 2.5").unwrap();
        assert_eq!(o.duration, Duration::from_millis(500));
        assert_eq!(o.rate_period, Duration::from_secs(120));
        assert_eq!(o.inactivity_timeout, Duration::from_secs(3));
        assert_eq!(o.active_timeout, Duration::from_secs(3600));
        assert_eq!((o.rate, o.rps), (4, 2.5));
        assert!(run("--rps=0").is_err());
        assert_eq!(parse_duration("10"), Some(Duration::from_secs(10)));
        assert_eq!(parse_duration("10S"), Some(Duration::from_secs(10)));
        assert_eq!(parse_duration("s"), None);
        assert_eq!(size("16K"), Some(16384));
        assert_eq!(size("1m"), Some(1 << 20));
        assert_eq!(size("x"), None);
    }

    #[test]
    fn headers() {
        assert_eq!(header("X-A: b"), Ok(("x-a".into(), "b".into())));
        assert_eq!(
            header(":authority:h:1"),
            Ok((":authority".into(), "h:1".into()))
        );
        assert!(header("nocolon").is_err());
        assert!(header(":x").is_err());
        assert!(header("::v").is_err());
        assert!(header("X-A:   ").unwrap_err().contains("value missing"));
        let o = run("-H Accept:*/* -HX:1 http://h/").unwrap();
        assert_eq!(o.headers.len(), 2);
    }

    #[test]
    fn connect_to_values() {
        assert_eq!(connect_to("h:81"), Ok(("h".into(), 81)));
        assert_eq!(connect_to("h"), Ok(("h".into(), 0)));
        assert_eq!(connect_to("[::1]:9"), Ok(("::1".into(), 9)));
        assert!(connect_to(":9").is_err());
        assert!(connect_to("h:x").is_err());
    }

    #[test]
    fn unsupported_flags_are_one_line() {
        for line in [
            "--log-file=x http://h/",
            "--timing-script-file x",
            "--ciphers=AES",
            "--tls13-ciphers X",
            "--groups P-256",
            "-f 32K",
            "--header-table-size=8K",
            "-B unix:/tmp/s",
        ] {
            let e = run(line).unwrap_err();
            assert!(e.contains("not supported by barrage"), "{line}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
        assert!(run(&format!(
            "--groups={DEFAULT_GROUPS} -f16K --header-table-size 4K http://h/"
        ))
        .is_ok());
        assert!(run("--ktls --no-udp-gso --qlog-file-base=q -v http://h/").is_ok());
    }

    #[test]
    fn help_and_version() {
        let args =
            |s: &str| -> Vec<OsString> { s.split_whitespace().map(OsString::from).collect() };
        assert!(matches!(parse(&args("-n1 -h")), Ok(Command::Help)));
        assert!(matches!(parse(&args("--version")), Ok(Command::Version)));
        assert!(matches!(parse(&args("--vers")), Ok(Command::Version)));
    }
}
