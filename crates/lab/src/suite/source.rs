//! Reading the lab's TOML files (suites and server manifests) so that every
//! error names the file, the line and the key, and says what is expected.
//!
//! A file is read twice by the TOML parser: once into the raw serde structs
//! of its format (through `serde_path_to_error`, which gives the key path of
//! a type error; the toml error gives its byte span), and once into a tree of
//! spans ([`Tree`]), which locates the keys of the errors found later, when
//! the raw structs are validated. Owns no format: suite.rs and manifest.rs do.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use toml::Spanned;

/// An error in a suite or a manifest. Displays as one line:
/// `FILE:LINE: KEY: what is wrong; expected what`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    pub file: PathBuf,
    /// 1-based; absent when no line is to blame (a missing top-level key,
    /// a file that cannot be read).
    pub line: Option<usize>,
    /// The key path, e.g. `scenario[1].protocol` (indices count from 0).
    pub key: Option<String>,
    /// What is wrong.
    pub problem: String,
    /// What is expected instead.
    pub expected: Option<String>,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(key) = &self.key {
            write!(f, ": {key}")?;
        }
        write!(f, ": {}", self.problem)?;
        if let Some(expected) = &self.expected {
            write!(f, "; expected {expected}")?;
        }
        Ok(())
    }
}

impl std::error::Error for FormatError {}

/// One step of a key path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Seg {
    Key(String),
    Index(usize),
}

/// Where a value is in a file: `server[0].variants.THREADS`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct KeyPath(Vec<Seg>);

impl KeyPath {
    pub(crate) fn root() -> KeyPath {
        KeyPath(Vec::new())
    }

    /// This path, then `key`.
    pub(crate) fn key(&self, key: &str) -> KeyPath {
        let mut segs = self.0.clone();
        segs.push(Seg::Key(key.to_string()));
        KeyPath(segs)
    }

    /// This path, then `[index]`.
    pub(crate) fn index(&self, index: usize) -> KeyPath {
        let mut segs = self.0.clone();
        segs.push(Seg::Index(index));
        KeyPath(segs)
    }

    fn from_serde(path: &serde_path_to_error::Path) -> KeyPath {
        use serde_path_to_error::Segment;
        let segs = path
            .iter()
            .filter_map(|seg| match seg {
                Segment::Seq { index } => Some(Seg::Index(*index)),
                Segment::Map { key } | Segment::Enum { variant: key } => {
                    Some(Seg::Key(key.clone()))
                }
                Segment::Unknown => None,
            })
            .collect();
        KeyPath(segs)
    }
}

impl fmt::Display for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Index(n) => write!(f, "[{n}]")?,
                Seg::Key(k) => {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    if is_bare_key(k) {
                        f.write_str(k)?;
                    } else {
                        write!(f, "{k:?}")?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// A key TOML lets one write without quotes.
fn is_bare_key(key: &str) -> bool {
    !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// A problem found while validating a parsed file, at a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problem {
    pub(crate) at: KeyPath,
    pub(crate) problem: String,
    pub(crate) expected: String,
}

/// Shorthand for a [`Problem`].
pub(crate) fn problem(
    at: &KeyPath,
    what: impl Into<String>,
    expected: impl Into<String>,
) -> Problem {
    Problem {
        at: at.clone(),
        problem: what.into(),
        expected: expected.into(),
    }
}

/// A file's text, kept to locate the problems found after parsing.
pub(crate) struct Source {
    file: PathBuf,
    text: String,
    tree: Option<Tree>,
}

impl Source {
    /// Reads `path`; a file that cannot be read is a [`FormatError`] too.
    pub(crate) fn read(path: &Path, what: &str) -> Result<Source, FormatError> {
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(Source::new(path, text)),
            Err(e) => Err(FormatError {
                file: path.to_path_buf(),
                line: None,
                key: None,
                problem: format!("cannot read: {e}"),
                expected: Some(format!("a readable {what} (TOML, UTF-8)")),
            }),
        }
    }

    pub(crate) fn new(path: &Path, text: String) -> Source {
        Source {
            file: path.to_path_buf(),
            text,
            tree: None,
        }
    }

    /// Parses the text into `T`, the raw struct of its format.
    pub(crate) fn parse<T: DeserializeOwned>(&mut self) -> Result<T, FormatError> {
        let de = toml::de::Deserializer::new(&self.text);
        let raw = serde_path_to_error::deserialize(de).map_err(|e| self.serde_error(e))?;
        // The text parsed once, so it parses again; a tree is only a help
        // for locating keys, so a failure here only costs line numbers.
        self.tree = toml::from_str(&self.text).ok();
        Ok(raw)
    }

    /// A problem found after parsing, at its key's line.
    pub(crate) fn error(&self, p: Problem) -> FormatError {
        let offset = self.tree.as_ref().and_then(|t| t.locate(&p.at.0));
        FormatError {
            file: self.file.clone(),
            line: offset.map(|o| self.line_of(o)),
            key: (!p.at.0.is_empty()).then(|| p.at.to_string()),
            problem: p.problem,
            expected: (!p.expected.is_empty()).then_some(p.expected),
        }
    }

    fn line_of(&self, offset: usize) -> usize {
        let end = offset.min(self.text.len());
        self.text.as_bytes()[..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    }

    fn serde_error(&self, e: serde_path_to_error::Error<toml::de::Error>) -> FormatError {
        let mut at = KeyPath::from_serde(e.path());
        let inner = e.into_inner();
        let line = inner.span().map(|s| self.line_of(s.start));
        let message = inner.message().trim().to_string();
        let (problem, expected) = if let Some(field) = between(&message, "missing field `", "`") {
            at = at.key(field);
            (
                "missing".to_string(),
                Some("a value: the key is required".to_string()),
            )
        } else if message.starts_with("unknown field `") {
            ("unknown key".to_string(), Some(known_fields(&message)))
        } else if at.0.is_empty() {
            // TOML syntax: the parser's own words, on one line.
            let key = line.and_then(|l| key_on_line(&self.text, l));
            return FormatError {
                file: self.file.clone(),
                line,
                key,
                problem: one_line(&message),
                expected: None,
            };
        } else {
            data_message(&message)
        };
        FormatError {
            file: self.file.clone(),
            line,
            key: (!at.0.is_empty()).then(|| at.to_string()),
            problem,
            expected,
        }
    }
}

/// The text between `start` (at the beginning of `s`) and the next `end`.
fn between<'a>(s: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let rest = s.strip_prefix(start)?;
    Some(&rest[..rest.find(end)?])
}

/// "unknown field `x`, expected one of `a`, `b`" → "one of a, b".
fn known_fields(message: &str) -> String {
    let names: Vec<&str> = message.split('`').skip(3).step_by(2).collect();
    match names.as_slice() {
        [] => "no key here".to_string(),
        [one] => (*one).to_string(),
        many => format!("one of {}", many.join(", ")),
    }
}

/// serde's "invalid type: integer `1`, expected a string" → problem and
/// expectation, in the words of the file format (tables, arrays).
fn data_message(message: &str) -> (String, Option<String>) {
    let message = one_line(message).replace('`', "");
    match message.split_once(", expected ") {
        Some((what, expected)) => (what.to_string(), Some(toml_words(expected))),
        None => match message.split_once("; expected ") {
            Some((what, expected)) => (what.to_string(), Some(expected.to_string())),
            None => (message, None),
        },
    }
}

/// Rust and serde type names as a TOML user knows them.
fn toml_words(expected: &str) -> String {
    match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a non-negative integer".to_string(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "an integer".to_string(),
        "f32" | "f64" => "a number".to_string(),
        "a sequence" => "an array".to_string(),
        "a map" => "a table".to_string(),
        e if e.starts_with("struct ") => "a table".to_string(),
        e => e.to_string(),
    }
}

/// A multi-line parser message on one line.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// For a syntax error: the key written on that line (`key = ...`) or the
/// table header (`[a.b]`), when the line has one.
fn key_on_line(text: &str, line: usize) -> Option<String> {
    let l = text.lines().nth(line.checked_sub(1)?)?.trim();
    let key = if l.starts_with('[') {
        l.trim_start_matches('[').split(']').next()?
    } else {
        l.split('=').next()?
    };
    let key = key.trim();
    let plain = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-.\"' ".contains(&b));
    plain.then(|| key.to_string())
}

/// Every key and value of a file with its byte span.
#[derive(Debug)]
enum Tree {
    Table(Vec<(Spanned<String>, Spanned<Tree>)>),
    Array(Vec<Spanned<Tree>>),
    Leaf,
}

impl Tree {
    /// The byte offset of the key at `path` (of the array element, for an
    /// index), or of the deepest part of the path that exists.
    fn locate(&self, path: &[Seg]) -> Option<usize> {
        let (first, rest) = path.split_first()?;
        let (here, child) = match (self, first) {
            (Tree::Table(entries), Seg::Key(k)) => {
                let (key, value) = entries.iter().find(|(key, _)| key.get_ref() == k)?;
                (key.span().start, value.get_ref())
            }
            (Tree::Array(items), Seg::Index(i)) => {
                let item = items.get(*i)?;
                (item.span().start, item.get_ref())
            }
            _ => return None,
        };
        Some(child.locate(rest).unwrap_or(here))
    }
}

impl<'de> Deserialize<'de> for Tree {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tree, D::Error> {
        struct TreeVisitor;
        impl<'de> Visitor<'de> for TreeVisitor {
            type Value = Tree;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any TOML value")
            }
            fn visit_bool<E>(self, _: bool) -> Result<Tree, E> {
                Ok(Tree::Leaf)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Tree, E> {
                Ok(Tree::Leaf)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Tree, E> {
                Ok(Tree::Leaf)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Tree, E> {
                Ok(Tree::Leaf)
            }
            fn visit_str<E>(self, _: &str) -> Result<Tree, E> {
                Ok(Tree::Leaf)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tree, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Tree::Array(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tree, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key()? {
                    entries.push((key, map.next_value()?));
                }
                Ok(Tree::Table(entries))
            }
        }
        d.deserialize_any(TreeVisitor)
    }
}

/// A string, or a number or boolean taken as its text (`THREADS = [1, 2]`
/// means `"1"` and `"2"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Scalar(pub(crate) String);

struct ScalarVisitor;

impl Visitor<'_> for ScalarVisitor {
    type Value = Scalar;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string or a number")
    }
    fn visit_str<E>(self, v: &str) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }
    fn visit_bool<E>(self, v: bool) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
        d.deserialize_any(ScalarVisitor)
    }
}

/// One [`Scalar`] or an array of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Scalars(pub(crate) Vec<String>);

impl<'de> Deserialize<'de> for Scalars {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scalars, D::Error> {
        struct ScalarsVisitor;
        impl<'de> Visitor<'de> for ScalarsVisitor {
            type Value = Scalars;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string or an array of strings")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalars, E> {
                Ok(Scalars(vec![v.to_string()]))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalars, E> {
                Ok(Scalars(vec![v.to_string()]))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalars, E> {
                Ok(Scalars(vec![v.to_string()]))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Scalars, E> {
                Ok(Scalars(vec![v.to_string()]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Scalars, A::Error> {
                let mut out = Vec::new();
                while let Some(Scalar(s)) = seq.next_element()? {
                    out.push(s);
                }
                Ok(Scalars(out))
            }
        }
        d.deserialize_any(ScalarsVisitor)
    }
}

/// A table whose keys are the user's (variables, files), in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Ordered<V>(pub(crate) Vec<(String, V)>);

impl<V> Default for Ordered<V> {
    fn default() -> Self {
        Ordered(Vec::new())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Ordered<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Ordered<V>, D::Error> {
        struct OrderedVisitor<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for OrderedVisitor<V> {
            type Value = Ordered<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a table")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered<V>, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    entries.push((key, map.next_value()?));
                }
                Ok(Ordered(entries))
            }
        }
        d.deserialize_map(OrderedVisitor(std::marker::PhantomData))
    }
}

/// Cores as written: `[1, 2]`, `"1-3,5"` (taskset's cpu-list), or `"all"`
/// (no pinning: an empty list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CpuList(pub(crate) Vec<usize>);

const CPU_LIST_EXPECTED: &str =
    "core numbers: an array such as [0, 1], a cpu list such as \"1-3,5\", or \"all\"";

impl<'de> Deserialize<'de> for CpuList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CpuList, D::Error> {
        struct CpuListVisitor;
        impl<'de> Visitor<'de> for CpuListVisitor {
            type Value = CpuList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(CPU_LIST_EXPECTED)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<CpuList, E> {
                parse_cpu_list(v).map(CpuList).map_err(E::custom)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<CpuList, E> {
                core_number(v).map(|c| CpuList(vec![c])).map_err(E::custom)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CpuList, A::Error> {
                let mut cores = Vec::new();
                while let Some(n) = seq.next_element::<i64>()? {
                    cores.push(core_number(n).map_err(de::Error::custom)?);
                }
                cores.sort_unstable();
                cores.dedup();
                Ok(CpuList(cores))
            }
        }
        d.deserialize_any(CpuListVisitor)
    }
}

/// The largest core number accepted (sched_setaffinity's default set size).
const MAX_CORE: i64 = 1023;

fn core_number(n: i64) -> Result<usize, String> {
    if (0..=MAX_CORE).contains(&n) {
        Ok(n as usize)
    } else {
        Err(format!(
            "core {n} is out of range; expected a core number from 0 to {MAX_CORE}"
        ))
    }
}

/// Parses taskset's cpu-list syntax (`0,2-3`) or `all`; sorted, deduplicated.
pub(crate) fn parse_cpu_list(text: &str) -> Result<Vec<usize>, String> {
    let text = text.trim();
    if text == "all" {
        return Ok(Vec::new());
    }
    let bad = || format!("invalid cpu list {text:?}; expected {CPU_LIST_EXPECTED}");
    let number = |s: &str| s.trim().parse::<i64>().map_err(|_| bad());
    let mut cores = Vec::new();
    for part in text.split(',') {
        match part.split_once('-') {
            Some((lo, hi)) => {
                let (lo, hi) = (number(lo)?, number(hi)?);
                if lo > hi {
                    return Err(bad());
                }
                for n in lo..=hi {
                    cores.push(core_number(n)?);
                }
            }
            None => cores.push(core_number(number(part)?)?),
        }
    }
    cores.sort_unstable();
    cores.dedup();
    Ok(cores)
}

/// A duration as written in the files: humantime's `10s`, `500ms`, `1m 30s`.
pub(crate) fn parse_duration(text: &str, at: &KeyPath) -> Result<Duration, Problem> {
    humantime::parse_duration(text.trim()).map_err(|_| {
        problem(
            at,
            format!("{text:?} is not a duration"),
            "a number with a unit, such as \"10s\", \"500ms\" or \"1m 30s\"",
        )
    })
}

/// A duration that must be more than zero.
pub(crate) fn positive_duration(text: &str, at: &KeyPath) -> Result<Duration, Problem> {
    let d = parse_duration(text, at)?;
    if d.is_zero() {
        return Err(problem(
            at,
            "zero",
            "a duration above zero, such as \"10s\"",
        ));
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_lists() {
        let table: &[(&str, Result<Vec<usize>, ()>)] = &[
            ("1", Ok(vec![1])),
            ("1-3,5", Ok(vec![1, 2, 3, 5])),
            ("5,1-2,2", Ok(vec![1, 2, 5])),
            ("all", Ok(vec![])),
            ("3-1", Err(())),
            ("x", Err(())),
            ("", Err(())),
            ("1-", Err(())),
            ("2000", Err(())),
        ];
        for (text, want) in table {
            let got = parse_cpu_list(text).map_err(|_| ());
            assert_eq!(&got, want, "{text:?}");
        }
    }

    #[test]
    fn key_paths_display_as_toml_writes_them() {
        let p = KeyPath::root()
            .key("server")
            .index(1)
            .key("variants")
            .key("THREADS");
        assert_eq!(p.to_string(), "server[1].variants.THREADS");
        let p = KeyPath::root().key("start").key("files").key("nginx.conf");
        assert_eq!(p.to_string(), "start.files.\"nginx.conf\"");
    }

    #[test]
    fn serde_messages_in_toml_words() {
        let table = [
            (
                "invalid type: integer `1`, expected a string",
                ("invalid type: integer 1", Some("a string")),
            ),
            (
                "invalid value: integer `-1`, expected u32",
                ("invalid value: integer -1", Some("a non-negative integer")),
            ),
            ("something else", ("something else", None)),
        ];
        for (message, (what, expected)) in table {
            let (w, e) = data_message(message);
            assert_eq!((w.as_str(), e.as_deref()), (what, expected), "{message}");
        }
        assert_eq!(
            known_fields("unknown field `when`, expected one of `name`, `path`, `method`"),
            "one of name, path, method"
        );
        assert_eq!(
            known_fields("unknown field `x`, expected `name` or `path`"),
            "one of name, path"
        );
        assert_eq!(
            known_fields("unknown field `x`, there are no fields"),
            "no key here"
        );
    }
}
