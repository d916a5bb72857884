//! ghz's command line (v0.121, kingpin): `--flag value` and `--flag=value`,
//! `-c 10` and `-c10`, boolean flags without a value, the address as the
//! one argument. Long names are matched whole (kingpin takes no
//! abbreviations).
//!
//! Values are checked here, with messages close to ghz's own. Flags barrage
//! cannot honour are refused here too, with one line naming the flag.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use crate::dialect::getopt::{self, Getopt, Item, Opt, Takes};

/// What the command line asks for.
pub(crate) type Command = super::super::Command<Box<Options>>;

/// `--load-schedule`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    Const,
    Step,
    Line,
}

/// `-O`: what ghz prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Summary,
    Json,
    Pretty,
    Csv,
}

/// Every ghz setting the dialect honours, with ghz's defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub proto: Option<String>,
    pub protoset: Option<String>,
    pub call: Option<String>,
    /// `-i`: comma-separated in one value.
    pub import_paths: Vec<String>,
    /// `-d`: JSON text, or `@` (standard input), or `@FILE` (barrage's addition).
    pub data: Option<String>,
    /// `-D`.
    pub data_file: Option<String>,
    /// `-m`: a JSON object of strings.
    pub metadata: Option<String>,
    /// `-M`.
    pub metadata_file: Option<String>,
    /// `-c` workers (default 50).
    pub concurrency: u64,
    /// `-n` calls (default 200).
    pub total: u64,
    /// `-z` (zero: not given).
    pub duration: Duration,
    /// `-x` (zero: not given).
    pub max_duration: Duration,
    /// `--rps` (0: no limit).
    pub rps: u64,
    pub insecure: bool,
    pub skip_tls: bool,
    pub cacert: Option<PathBuf>,
    pub cname: Option<String>,
    /// `--connections` (default 1).
    pub connections: u64,
    pub load_schedule: Schedule,
    pub load_start: u64,
    pub load_end: u64,
    pub load_step: i64,
    pub load_step_duration: Duration,
    pub load_max_duration: Duration,
    /// `--stream-call-count` (0: the data's messages once).
    pub stream_call_count: u64,
    pub format: Format,
    /// `-o` (none: standard output).
    pub output: Option<PathBuf>,
    pub name: Option<String>,
    /// `-t` per call (default 20s; zero: none).
    pub timeout: Duration,
    /// `--cpus` (none: every core).
    pub cpus: Option<u64>,
    /// The address, `host:port`.
    pub host: Option<String>,
    /// `--barrage-json FILE`: barrage's own JSON report as well.
    pub barrage_json: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            proto: None,
            protoset: None,
            call: None,
            import_paths: Vec::new(),
            data: None,
            data_file: None,
            metadata: None,
            metadata_file: None,
            concurrency: 50,
            total: 200,
            duration: Duration::ZERO,
            max_duration: Duration::ZERO,
            rps: 0,
            insecure: false,
            skip_tls: false,
            cacert: None,
            cname: None,
            connections: 1,
            load_schedule: Schedule::Const,
            load_start: 0,
            load_end: 0,
            load_step: 0,
            load_step_duration: Duration::ZERO,
            load_max_duration: Duration::ZERO,
            stream_call_count: 0,
            format: Format::Summary,
            output: None,
            name: None,
            timeout: Duration::from_secs(20),
            cpus: None,
            host: None,
            barrage_json: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum K {
    Proto,
    Protoset,
    Call,
    ImportPaths,
    Data,
    DataFile,
    Metadata,
    MetadataFile,
    Concurrency,
    Total,
    Duration,
    MaxDuration,
    Rps,
    Insecure,
    SkipTls,
    CaCert,
    CName,
    Connections,
    LoadSchedule,
    LoadStart,
    LoadEnd,
    LoadStep,
    LoadStepDuration,
    LoadMaxDuration,
    StreamCallCount,
    Format,
    Output,
    Name,
    Timeout,
    Cpus,
    Help,
    Version,
    BarrageJson,
    /// A ghz flag barrage does not honour, and why.
    Unsupported(&'static str),
}

/// A long flag with an optional letter, matched whole as kingpin does.
const fn flag(name: &'static str, short: Option<char>, takes: Takes, key: K) -> Opt<K> {
    Opt {
        long: Some(name),
        short,
        takes,
        abbreviates: false,
        key,
    }
}

const V: Takes = Takes::Required;
const B: Takes = Takes::No;
const NO_TLS_FILES: K =
    K::Unsupported("client certificates are not supported; barrage load has none either");
const NO_SCHEDULE: K = K::Unsupported(
    "barrage's closed loop keeps its calls in flight for the whole run; run barrage ghz once per concurrency",
);
const NO_STREAM_TIMING: K = K::Unsupported(
    "barrage sends a stream's messages back to back; see barrage load --grpc --grpc-unit message",
);
const NO_TUNING: K = K::Unsupported("barrage has no such setting");

const TABLE: &[Opt<K>] = &[
    flag("proto", None, V, K::Proto),
    flag("protoset", None, V, K::Protoset),
    flag("call", None, V, K::Call),
    flag("import-paths", Some('i'), V, K::ImportPaths),
    flag("data", Some('d'), V, K::Data),
    flag("data-file", Some('D'), V, K::DataFile),
    flag("metadata", Some('m'), V, K::Metadata),
    flag("metadata-file", Some('M'), V, K::MetadataFile),
    flag("concurrency", Some('c'), V, K::Concurrency),
    flag("total", Some('n'), V, K::Total),
    flag("duration", Some('z'), V, K::Duration),
    flag("max-duration", Some('x'), V, K::MaxDuration),
    flag("rps", Some('r'), V, K::Rps),
    flag("insecure", None, B, K::Insecure),
    flag("skipTLS", None, B, K::SkipTls),
    flag("cacert", None, V, K::CaCert),
    flag("cname", None, V, K::CName),
    flag("connections", None, V, K::Connections),
    flag("load-schedule", None, V, K::LoadSchedule),
    flag("load-start", None, V, K::LoadStart),
    flag("load-end", None, V, K::LoadEnd),
    flag("load-step", None, V, K::LoadStep),
    flag("load-step-duration", None, V, K::LoadStepDuration),
    flag("load-max-duration", None, V, K::LoadMaxDuration),
    flag("stream-call-count", None, V, K::StreamCallCount),
    flag("format", Some('O'), V, K::Format),
    flag("output", Some('o'), V, K::Output),
    flag("name", None, V, K::Name),
    flag("timeout", Some('t'), V, K::Timeout),
    flag("cpus", None, V, K::Cpus),
    flag("help", Some('h'), B, K::Help),
    flag("version", Some('v'), B, K::Version),
    flag("barrage-json", None, V, K::BarrageJson),
    flag(
        "config",
        None,
        V,
        K::Unsupported("config files are not read; give the flags"),
    ),
    flag("cert", None, V, NO_TLS_FILES),
    flag("key", None, V, NO_TLS_FILES),
    flag("authority", None, V, NO_TUNING),
    flag("async", None, B, NO_SCHEDULE),
    flag("concurrency-schedule", None, V, NO_SCHEDULE),
    flag("concurrency-start", None, V, NO_SCHEDULE),
    flag("concurrency-end", None, V, NO_SCHEDULE),
    flag("concurrency-step", None, V, NO_SCHEDULE),
    flag("concurrency-step-duration", None, V, NO_SCHEDULE),
    flag("concurrency-max-duration", None, V, NO_SCHEDULE),
    flag("duration-stop", None, V, NO_TUNING),
    flag(
        "binary",
        Some('b'),
        B,
        K::Unsupported("binary call data is not supported; give JSON with -d or -D"),
    ),
    flag(
        "binary-file",
        Some('B'),
        V,
        K::Unsupported("binary call data is not supported; give JSON with -d or -D"),
    ),
    flag("stream-interval", None, V, NO_STREAM_TIMING),
    flag("stream-call-duration", None, V, NO_STREAM_TIMING),
    flag("stream-dynamic-messages", None, B, NO_STREAM_TIMING),
    flag(
        "reflect-metadata",
        None,
        V,
        K::Unsupported("server reflection is not supported; give --proto or --protoset"),
    ),
    flag(
        "skipFirst",
        None,
        V,
        K::Unsupported("barrage has no per-call skip; see barrage load --warmup"),
    ),
    flag("count-errors", None, B, NO_TUNING),
    flag("connect-timeout", None, V, NO_TUNING),
    flag("keepalive", None, V, NO_TUNING),
    flag("tags", None, V, NO_TUNING),
    flag("debug", None, V, NO_TUNING),
    flag(
        "enable-compression",
        Some('e'),
        B,
        K::Unsupported("barrage sends no compressed messages"),
    ),
    flag("lb-strategy", None, V, NO_TUNING),
    flag("max-recv-message-size", None, V, NO_TUNING),
    flag("max-send-message-size", None, V, NO_TUNING),
    flag("disable-template-functions", None, B, NO_TUNING),
    flag("disable-template-data", None, B, NO_TUNING),
];

/// Reads ghz's command line.
pub fn parse(args: &[OsString]) -> Result<Command, String> {
    let words = args
        .iter()
        .map(|a| {
            a.to_str()
                .map(str::to_string)
                .ok_or_else(|| format!("argument is not UTF-8: {a:?}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut o = Options::default();
    for item in Getopt::new(TABLE, words) {
        match item.map_err(kingpin_words)? {
            Item::Operand(word) => {
                if o.host.is_some() {
                    return Err(format!("unexpected {word}, try --help"));
                }
                o.host = Some(word);
            }
            Item::Opt { key, flag, value } => {
                if let Some(done) = apply(&mut o, key, &flag, value.unwrap_or_default())? {
                    return Ok(done);
                }
            }
        }
    }
    Ok(Command::Run(Box::new(o)))
}

/// getopt's complaint in kingpin's words.
fn kingpin_words(e: getopt::Error) -> String {
    match e {
        getopt::Error::UnknownShort(c) => format!("unknown short flag '-{c}', try --help"),
        getopt::Error::UnknownLong { name, .. } | getopt::Error::Ambiguous { name, .. } => {
            format!("unknown long flag '--{name}', try --help")
        }
        getopt::Error::MissingShort(c) => format!("expected argument for flag '-{c}'"),
        getopt::Error::MissingLong(n) => format!("expected argument for flag '--{n}'"),
        getopt::Error::ValueNotAllowed(n) => format!("flag '--{n}' takes no value"),
    }
}

/// Applies one flag; `Some` ends the reading (help, version).
fn apply(o: &mut Options, key: K, flag: &str, v: String) -> Result<Option<Command>, String> {
    match key {
        K::Proto => o.proto = Some(v),
        K::Protoset => o.protoset = Some(v),
        K::Call => o.call = Some(v),
        K::ImportPaths => {
            o.import_paths = v
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(String::from)
                .collect()
        }
        K::Data => o.data = Some(v),
        K::DataFile => o.data_file = Some(v),
        K::Metadata => o.metadata = Some(v),
        K::MetadataFile => o.metadata_file = Some(v),
        K::Concurrency => o.concurrency = uint(flag, &v)?,
        K::Total => o.total = uint(flag, &v)?,
        K::Duration => o.duration = go_duration(flag, &v)?,
        K::MaxDuration => o.max_duration = go_duration(flag, &v)?,
        K::Rps => o.rps = uint(flag, &v)?,
        K::Insecure => o.insecure = true,
        K::SkipTls => o.skip_tls = true,
        K::CaCert => o.cacert = Some(PathBuf::from(v)),
        K::CName => o.cname = Some(v),
        K::Connections => o.connections = uint(flag, &v)?,
        K::LoadSchedule => o.load_schedule = schedule(&v)?,
        K::LoadStart => o.load_start = uint(flag, &v)?,
        K::LoadEnd => o.load_end = uint(flag, &v)?,
        K::LoadStep => {
            o.load_step = v
                .trim()
                .parse()
                .map_err(|_| format!("{flag}: expected an integer, got '{v}'"))?
        }
        K::LoadStepDuration => o.load_step_duration = go_duration(flag, &v)?,
        K::LoadMaxDuration => o.load_max_duration = go_duration(flag, &v)?,
        K::StreamCallCount => o.stream_call_count = uint(flag, &v)?,
        K::Format => o.format = format(&v)?,
        K::Output => o.output = Some(PathBuf::from(v)),
        K::Name => o.name = Some(v),
        K::Timeout => o.timeout = go_duration(flag, &v)?,
        K::Cpus => o.cpus = Some(uint(flag, &v)?),
        K::Help => return Ok(Some(Command::Help)),
        K::Version => return Ok(Some(Command::Version)),
        K::BarrageJson => o.barrage_json = Some(crate::dialect::barrage_json_file("ghz", &v)?),
        K::Unsupported(why) => return Err(format!("{flag}: not supported by barrage: {why}")),
    }
    Ok(None)
}

fn uint(flag: &str, v: &str) -> Result<u64, String> {
    v.trim()
        .parse()
        .map_err(|_| format!("{flag}: expected a non-negative integer, got '{v}'"))
}

fn schedule(v: &str) -> Result<Schedule, String> {
    match v {
        "const" => Ok(Schedule::Const),
        "step" => Ok(Schedule::Step),
        "line" => Ok(Schedule::Line),
        _ => Err(format!(
            "--load-schedule: schedule must be \"const\", \"step\", or \"line\", got '{v}'"
        )),
    }
}

fn format(v: &str) -> Result<Format, String> {
    match v {
        "summary" => Ok(Format::Summary),
        "json" => Ok(Format::Json),
        "pretty" => Ok(Format::Pretty),
        "csv" => Ok(Format::Csv),
        "html" | "influx-summary" | "influx-details" | "prometheus" => Err(format!(
            "-O {v}: not supported by barrage: summary, json, pretty and csv are (and --barrage-json FILE)"
        )),
        _ => Err(format!(
            "enum value must be one of summary,csv,json,pretty,html,influx-summary,influx-details,prometheus, got '{v}'"
        )),
    }
}

/// A duration as Go's `time.ParseDuration` reads it: `0`, or numbers with
/// units (`ns`, `us`, `µs`, `ms`, `s`, `m`, `h`) one after another: `1m30s`,
/// `1.5s`, `250ms`.
pub fn go_duration(flag: &str, v: &str) -> Result<Duration, String> {
    let bad = || format!("{flag}: time: invalid duration \"{v}\"");
    if v == "0" {
        return Ok(Duration::ZERO);
    }
    let mut rest = v;
    let mut total_s = 0.0f64;
    if rest.is_empty() {
        return Err(bad());
    }
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(bad)?;
        let number: f64 = rest[..digits].parse().map_err(|_| bad())?;
        rest = &rest[digits..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let unit_s = match &rest[..unit_len] {
            "ns" => 1e-9,
            "us" | "µs" => 1e-6,
            "ms" => 1e-3,
            "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            _ => return Err(bad()),
        };
        total_s += number * unit_s;
        rest = &rest[unit_len..];
    }
    Duration::try_from_secs_f64(total_s).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str) -> Result<Options, String> {
        crate::dialect::run_line(parse, line)
    }

    #[test]
    fn defaults_are_ghzs() {
        let o = run("--insecure --proto b.proto --call p.S/M 127.0.0.1:1").unwrap();
        assert_eq!((o.concurrency, o.total, o.connections), (50, 200, 1));
        assert_eq!(o.timeout, Duration::from_secs(20));
        assert_eq!(o.format, Format::Summary);
        assert_eq!(o.load_schedule, Schedule::Const);
        assert!(o.insecure && !o.skip_tls);
        assert_eq!(o.host.as_deref(), Some("127.0.0.1:1"));
        assert_eq!(o.proto.as_deref(), Some("b.proto"));
        assert_eq!(o.call.as_deref(), Some("p.S/M"));
    }

    #[test]
    fn every_honoured_flag() {
        let o = run(concat!(
            "--proto=x.proto -i a,b --call p.S.M -d {\"a\":1} -m {\"k\":\"v\"} -c 100 -n 2000 ",
            "-z 1m30s -x 2s --rps 50 --skipTLS --cacert ca.pem --cname srv --connections 10 ",
            "--load-schedule step --load-start 10 --load-end 50 --load-step 5 ",
            "--load-step-duration 500ms --load-max-duration 3s --stream-call-count 4 ",
            "-O json -o out.json --name run1 -t 0 --cpus 2 --barrage-json b.json h:443"
        ))
        .unwrap();
        assert_eq!(o.import_paths, ["a", "b"]);
        assert_eq!(o.data.as_deref(), Some("{\"a\":1}"));
        assert_eq!(o.metadata.as_deref(), Some("{\"k\":\"v\"}"));
        assert_eq!((o.concurrency, o.total, o.rps), (100, 2000, 50));
        assert_eq!(o.duration, Duration::from_secs(90));
        assert_eq!(o.max_duration, Duration::from_secs(2));
        assert!(o.skip_tls && !o.insecure);
        assert_eq!(o.cacert, Some(PathBuf::from("ca.pem")));
        assert_eq!(o.cname.as_deref(), Some("srv"));
        assert_eq!(o.connections, 10);
        assert_eq!(o.load_schedule, Schedule::Step);
        assert_eq!((o.load_start, o.load_end, o.load_step), (10, 50, 5));
        assert_eq!(o.load_step_duration, Duration::from_millis(500));
        assert_eq!(o.load_max_duration, Duration::from_secs(3));
        assert_eq!(o.stream_call_count, 4);
        assert_eq!(o.format, Format::Json);
        assert_eq!(o.output, Some(PathBuf::from("out.json")));
        assert_eq!(o.name.as_deref(), Some("run1"));
        assert_eq!(o.timeout, Duration::ZERO);
        assert_eq!(o.cpus, Some(2));
        assert_eq!(o.barrage_json, Some(PathBuf::from("b.json")));
        let o = run("-D d.json -M m.json -c10 -n5 --load-step=-2 -O pretty h:1").unwrap();
        assert_eq!(o.data_file.as_deref(), Some("d.json"));
        assert_eq!(o.metadata_file.as_deref(), Some("m.json"));
        assert_eq!((o.concurrency, o.total, o.load_step), (10, 5, -2));
        assert_eq!(o.format, Format::Pretty);
        assert_eq!(run("-d @ h:1").unwrap().data.as_deref(), Some("@"));
    }

    #[test]
    fn go_durations() {
        let d = |v: &str| go_duration("-z", v);
        assert_eq!(d("0"), Ok(Duration::ZERO));
        assert_eq!(d("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(d("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(d("1h2m3s"), Ok(Duration::from_secs(3723)));
        assert_eq!(d("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(d("20us"), Ok(Duration::from_micros(20)));
        assert_eq!(d("10"), Err("-z: time: invalid duration \"10\"".into()));
        assert!(d("").is_err());
        assert!(d("5x").is_err());
        assert!(d("s").is_err());
    }

    #[test]
    fn refusals_name_the_flag() {
        let err = |line: &str| run(line).unwrap_err();
        assert_eq!(
            err("--bogus h:1"),
            "unknown long flag '--bogus', try --help"
        );
        assert_eq!(err("-X h:1"), "unknown short flag '-X', try --help");
        assert_eq!(
            err("--conn 2 h:1"),
            "unknown long flag '--conn', try --help"
        );
        assert_eq!(err("-c"), "expected argument for flag '-c'");
        assert!(err("--async h:1").starts_with("--async: not supported by barrage: "));
        assert!(err("-b h:1").starts_with("-b: not supported by barrage"));
        assert!(err("--cert c.pem h:1").starts_with("--cert: not supported"));
        assert!(err("--concurrency-schedule step h:1").starts_with("--concurrency-schedule:"));
        assert!(err("-O html h:1").starts_with("-O html: not supported"));
        assert!(err("-O yaml h:1").starts_with("enum value must be one of"));
        assert!(err("--load-schedule wave h:1").contains("schedule must be"));
        assert_eq!(
            err("-n ten h:1"),
            "-n: expected a non-negative integer, got 'ten'"
        );
        assert_eq!(
            err("-c -1 h:1"),
            "-c: expected a non-negative integer, got '-1'"
        );
        assert_eq!(err("a:1 b:2"), "unexpected b:2, try --help");
        assert!(err("--barrage-json - h:1").contains("needs a file name"));
    }

    #[test]
    fn help_and_version() {
        let args = |l: &str| l.split_whitespace().map(OsString::from).collect::<Vec<_>>();
        assert!(matches!(parse(&args("-h")), Ok(Command::Help)));
        assert!(matches!(parse(&args("--version")), Ok(Command::Version)));
        assert!(matches!(parse(&args("-v")), Ok(Command::Version)));
    }
}
