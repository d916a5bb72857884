//! wrk's command line, read as wrk 4.1's `getopt_long` reads it: short
//! options with attached or separate values (`-t100`, `-t 100`), clusters
//! (`-Lt2`), long options with `=` or a separate value and any unambiguous
//! prefix (`--conn 10`, `--timeout=5`), options before or after the URL, and
//! `--` ending the options. Numbers take wrk's SI units (`1k`), times its
//! time units (`30s`, `2m`, `1h`; a bare number is seconds).

use std::ffi::OsString;
use std::path::PathBuf;

use crate::dialect::getopt::{self, Getopt, Item, Takes};

/// A wrk command line to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Options {
    pub threads: u64,
    pub connections: u64,
    pub duration_s: u64,
    pub timeout_s: u64,
    /// `-H` values as given.
    pub headers: Vec<String>,
    /// `--latency`: print the "Latency Distribution" block.
    pub latency: bool,
    /// `-v` was given: print the version line first.
    pub version: bool,
    pub url: String,
    /// `--barrage-json FILE`: barrage's own JSON report.
    pub barrage_json: Option<PathBuf>,
    /// `-s FILE`: a Lua script.
    pub script: Option<PathBuf>,
    /// The words after the URL: the script's init(args) from args[1].
    pub script_args: Vec<String>,
}

/// What the command line asks for: help for `-h`, `-?` and `--help`, the
/// version for `-v` without a URL.
pub(crate) type Command = super::super::Command<Options>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Opt {
    Connections,
    Duration,
    Threads,
    Script,
    Header,
    Latency,
    Timeout,
    Help,
    Version,
    BarrageJson,
}

/// wrk's options (and barrage's own `--barrage-json`).
const OPTIONS: [getopt::Opt<Opt>; 11] = [
    getopt::Opt::long("connections", Some('c'), Takes::Required, Opt::Connections),
    getopt::Opt::long("duration", Some('d'), Takes::Required, Opt::Duration),
    getopt::Opt::long("threads", Some('t'), Takes::Required, Opt::Threads),
    getopt::Opt::long("script", Some('s'), Takes::Required, Opt::Script),
    getopt::Opt::long("header", Some('H'), Takes::Required, Opt::Header),
    getopt::Opt::long("latency", Some('L'), Takes::No, Opt::Latency),
    getopt::Opt::long("timeout", Some('T'), Takes::Required, Opt::Timeout),
    getopt::Opt::long("help", Some('h'), Takes::No, Opt::Help),
    getopt::Opt::short('?', Takes::No, Opt::Help),
    getopt::Opt::long("version", Some('v'), Takes::No, Opt::Version),
    getopt::Opt::long("barrage-json", None, Takes::Required, Opt::BarrageJson),
];

/// Reads a wrk command line (the arguments after `wrk`).
pub(crate) fn parse(args: &[OsString]) -> Result<Command, String> {
    let args = args
        .iter()
        .map(|a| {
            a.to_str()
                .map(str::to_string)
                .ok_or_else(|| format!("wrk: argument {a:?} is not valid UTF-8"))
        })
        .collect::<Result<Vec<String>, String>>()?;
    let mut o = Options {
        threads: 2,
        connections: 10,
        duration_s: 10,
        timeout_s: 2,
        headers: Vec::new(),
        latency: false,
        version: false,
        url: String::new(),
        barrage_json: None,
        script: None,
        script_args: Vec::new(),
    };
    let mut positional = Vec::new();
    let mut help = false;
    for item in Getopt::new(&OPTIONS, args) {
        match item.map_err(getopt_error)? {
            Item::Opt { key, flag, value } => help |= apply(&mut o, key, &flag, value)?,
            Item::Operand(word) => positional.push(word),
        }
    }
    if help {
        return Ok(Command::Help);
    }
    // Words after the URL are arguments of the Lua script (init's args).
    let mut words = positional.into_iter();
    let Some(url) = words.next() else {
        if o.version {
            return Ok(Command::Version);
        }
        return Err(
            "wrk: no URL given; usage: wrk <options> <url> (see 'barrage wrk --help')".into(),
        );
    };
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err(format!(
            "wrk: invalid URL: {url}; expected http://host[:port]/path or https://…"
        ));
    }
    o.url = url;
    o.script_args = words.collect();
    if o.connections < o.threads {
        return Err(format!(
            "wrk: number of connections must be >= threads (-c {} < -t {})",
            o.connections, o.threads
        ));
    }
    Ok(Command::Run(o))
}

/// getopt's complaint, in wrk's (glibc's) words; barrage adds where help is.
fn getopt_error(e: getopt::Error) -> String {
    match e {
        getopt::Error::UnknownShort('R') => wrk2_rate(),
        getopt::Error::UnknownLong { name, .. } if name == "rate" || name == "R" => wrk2_rate(),
        getopt::Error::UnknownShort(_) | getopt::Error::UnknownLong { .. } => {
            format!("wrk: {e} (see 'barrage wrk --help')")
        }
        e => format!("wrk: {e}"),
    }
}

fn wrk2_rate() -> String {
    "wrk: -R/--rate is wrk2's, not wrk's: for an open loop at a fixed rate use `barrage load -R RATE`"
        .into()
}

/// Applies one option; true when it asks for help.
fn apply(o: &mut Options, opt: Opt, flag: &str, value: Option<String>) -> Result<bool, String> {
    let value = value.unwrap_or_default();
    match opt {
        Opt::Threads => {
            o.threads = positive(flag, &value, "number of threads", scan_metric(&value))?
        }
        Opt::Connections => {
            o.connections = positive(flag, &value, "number of connections", scan_metric(&value))?
        }
        Opt::Duration => o.duration_s = positive(flag, &value, "duration", scan_time(&value))?,
        Opt::Timeout => o.timeout_s = positive(flag, &value, "timeout", scan_time(&value))?,
        Opt::Script => o.script = Some(PathBuf::from(value)),
        Opt::Header => o.headers.push(value),
        Opt::Latency => o.latency = true,
        Opt::Version => o.version = true,
        Opt::BarrageJson => {
            let file = crate::dialect::barrage_json_file("wrk", &value)
                .map_err(|e| format!("wrk: {e}"))?;
            o.barrage_json = Some(file);
        }
        Opt::Help => return Ok(true),
    }
    Ok(false)
}

/// A scanned number that must be at least 1, or the one-line error.
fn positive(flag: &str, value: &str, what: &str, scanned: Option<u64>) -> Result<u64, String> {
    let units = if what == "duration" || what == "timeout" {
        "a whole number with an optional unit s, m or h (30s, 2m, 1h; bare numbers are seconds)"
    } else {
        "a whole number with an optional SI unit k, M or G (100, 1k)"
    };
    match scanned {
        Some(0) => Err(format!("wrk {flag} {value}: the {what} must be at least 1")),
        Some(n) => Ok(n),
        None => Err(format!("wrk {flag} {value:?}: expected {units}")),
    }
}

/// A whole number and an optional unit, each unit `scale` times the one
/// before (`base` itself is 1); units match without regard to case.
fn scan_units(s: &str, base: &str, scale: u64, units: &[&str]) -> Option<u64> {
    let s = s.trim();
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let number: u64 = s[..digits].parse().ok()?;
    let unit = s[digits..].trim_start();
    if unit.is_empty() || unit.eq_ignore_ascii_case(base) {
        return Some(number);
    }
    let mut factor = 1u64;
    for u in units {
        factor = factor.checked_mul(scale)?;
        if unit.eq_ignore_ascii_case(u) {
            return number.checked_mul(factor);
        }
    }
    None
}

/// `-t` and `-c`: `100`, `1k` (1000), `1M`.
pub(crate) fn scan_metric(s: &str) -> Option<u64> {
    scan_units(s, "", 1000, &["k", "M", "G", "T", "P"])
}

/// `-d` and `--timeout`, in seconds: `30`, `30s`, `2m`, `1h`.
pub(crate) fn scan_time(s: &str) -> Option<u64> {
    scan_units(s, "s", 60, &["m", "h"])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    fn run(args: &[&str]) -> Options {
        match parse(&os(args)) {
            Ok(Command::Run(o)) => o,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    fn error(args: &[&str]) -> String {
        match parse(&os(args)) {
            Err(e) => e,
            other => panic!("{args:?} should fail: {other:?}"),
        }
    }

    #[test]
    fn the_seed_command_line() {
        let o = run(&["-t100", "-c5000", "-d30s", "http://127.0.0.1:8080/"]);
        assert_eq!(
            (o.threads, o.connections, o.duration_s, o.timeout_s),
            (100, 5000, 30, 2)
        );
        assert_eq!(o.url, "http://127.0.0.1:8080/");
        assert!(!o.latency && !o.version && o.headers.is_empty());
    }

    #[test]
    fn defaults_are_wrks() {
        let o = run(&["http://h/"]);
        assert_eq!(
            (o.threads, o.connections, o.duration_s, o.timeout_s),
            (2, 10, 10, 2)
        );
    }

    #[test]
    fn option_spellings() {
        let forms: [&[&str]; 7] = [
            &[
                "-t",
                "4",
                "-c",
                "8",
                "-d",
                "3",
                "--latency",
                "--timeout",
                "5",
                "U",
            ],
            &["-t4", "-c8", "-d3s", "-L", "-T5s", "U"],
            &[
                "--threads=4",
                "--connections=8",
                "--duration=3",
                "--latency",
                "--timeout=5s",
                "U",
            ],
            &[
                "--thr", "4", "--conn", "8", "--dur", "3s", "--lat", "--time", "5", "U",
            ],
            &["U", "-t4", "-c8", "-d3", "--latency", "--timeout", "5"],
            &["-Lt4", "-c8", "-d", "3S", "-T", "5", "U"],
            &["-t4", "-c8", "-d3", "-L", "-T5", "--", "U"],
        ];
        for args in forms {
            let args: Vec<&str> = args
                .iter()
                .map(|a| if *a == "U" { "http://127.0.0.1:1/x" } else { a })
                .collect();
            let o = run(&args);
            assert_eq!(
                (
                    o.threads,
                    o.connections,
                    o.duration_s,
                    o.timeout_s,
                    o.latency
                ),
                (4, 8, 3, 5, true),
                "{args:?}"
            );
        }
    }

    #[test]
    fn units() {
        assert_eq!(scan_metric("100"), Some(100));
        assert_eq!(scan_metric("1k"), Some(1000));
        assert_eq!(scan_metric("2K"), Some(2000));
        assert_eq!(scan_metric("1M"), Some(1_000_000));
        assert_eq!(scan_metric("1g"), Some(1_000_000_000));
        assert_eq!(scan_metric("1kb"), None);
        assert_eq!(scan_metric("-5"), None);
        assert_eq!(scan_metric("x"), None);
        assert_eq!(scan_metric("99999999999P"), None);
        assert_eq!(scan_time("30"), Some(30));
        assert_eq!(scan_time("30s"), Some(30));
        assert_eq!(scan_time("2m"), Some(120));
        assert_eq!(scan_time("1h"), Some(3600));
        assert_eq!(scan_time("1H"), Some(3600));
        assert_eq!(scan_time("1.5s"), None);
        assert_eq!(scan_time("500ms"), None);
        assert_eq!(scan_time("1d"), None);
    }

    #[test]
    fn headers_and_json() {
        let o = run(&[
            "-H",
            "Accept: */*",
            "--header=X-A: 1",
            "-HConnection: close",
            "--barrage-json",
            "out.json",
            "http://h/",
            "script-arg",
        ]);
        assert_eq!(o.headers, ["Accept: */*", "X-A: 1", "Connection: close"]);
        assert_eq!(o.barrage_json, Some(PathBuf::from("out.json")));
        assert_eq!(o.url, "http://h/");
        let o = run(&["--barrage-json=o.json", "http://h/"]);
        assert_eq!(o.barrage_json, Some(PathBuf::from("o.json")));
    }

    #[test]
    fn help_and_version() {
        for args in [&["--help"][..], &["-h"], &["-?"], &["--hel", "http://h/"]] {
            assert_eq!(parse(&os(args)), Ok(Command::Help), "{args:?}");
        }
        assert_eq!(parse(&os(&["-v"])), Ok(Command::Version));
        assert_eq!(parse(&os(&["--version"])), Ok(Command::Version));
        assert!(run(&["-v", "http://h/"]).version);
    }

    #[test]
    fn scripts_and_their_arguments() {
        for args in [
            &["-s", "x.lua", "http://h/"][..],
            &["-sx.lua", "http://h/"],
            &["--script", "x.lua", "http://h/"],
            &["--script=x.lua", "http://h/"],
            &["--scr", "x.lua", "http://h/"],
            &["-Ls", "x.lua", "http://h/"],
            &["http://h/", "-s", "x.lua"],
        ] {
            let o = run(args);
            assert_eq!(o.script, Some(PathBuf::from("x.lua")), "{args:?}");
            assert!(o.script_args.is_empty(), "{args:?}");
        }
        let o = run(&["-s", "x.lua", "http://h/", "a", "--", "-b"]);
        assert_eq!(o.script_args, ["a", "-b"]);
    }

    #[test]
    fn bad_input_is_one_line() {
        let cases: [(&[&str], &str); 19] = [
            (&[], "no URL given"),
            (
                &["-t0", "http://h/"],
                "-t 0: the number of threads must be at least 1",
            ),
            (
                &["-c", "0", "http://h/"],
                "-c 0: the number of connections must be at least 1",
            ),
            (
                &["-d0", "http://h/"],
                "-d 0: the duration must be at least 1",
            ),
            (
                &["--timeout", "0", "http://h/"],
                "--timeout 0: the timeout must be at least 1",
            ),
            (
                &["-d", "1.5s", "http://h/"],
                "-d \"1.5s\": expected a whole number",
            ),
            (
                &["-d", "500ms", "http://h/"],
                "expected a whole number with an optional unit s, m or h",
            ),
            (
                &["-c", "ten", "http://h/"],
                "-c \"ten\": expected a whole number with an optional SI unit",
            ),
            (
                &["-t", "4", "-c", "2", "http://h/"],
                "number of connections must be >= threads (-c 2 < -t 4)",
            ),
            (&["-x", "http://h/"], "invalid option -- 'x'"),
            (&["--bogus", "http://h/"], "unrecognized option '--bogus'"),
            (
                &["--t", "2", "http://h/"],
                "option '--t' is ambiguous; possibilities: '--threads' '--timeout'",
            ),
            (
                &["--latency=yes", "http://h/"],
                "option '--latency' doesn't allow an argument",
            ),
            (&["http://h/", "-t"], "option requires an argument -- 't'"),
            // glibc names the whole word, `=value` included.
            (
                &["--t=2", "http://h/"],
                "option '--t=2' is ambiguous; possibilities: '--threads' '--timeout'",
            ),
            (&["--nope=1", "http://h/"], "unrecognized option '--nope=1'"),
            (&["-R", "100", "http://h/"], "`barrage load -R RATE`"),
            (&["127.0.0.1:8080/"], "invalid URL: 127.0.0.1:8080/"),
            (
                &["--barrage-json", "-", "http://h/"],
                "wrk: --barrage-json needs a file name (stdout carries wrk's report)",
            ),
        ];
        for (args, want) in cases {
            let e = error(args);
            assert!(e.contains(want), "{args:?}: {e}");
            assert!(e.starts_with("wrk"), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
