//! One tokenizer for the four dialects' command lines, as glibc's getopt
//! and getopt_long read them: bundled short options (`-kc10`), a short
//! option's value in the same word or the next, long options with `=value`
//! or the next word, long names abbreviated to any unique prefix (an exact
//! name beats longer ones it begins), `--` ending the options, `-` an
//! operand, and options and operands in any order.
//!
//! Each tool keeps its table of options and its `apply()`; only the words
//! are read here, and each tool words the errors as the original does.

/// Whether an option takes a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    No,
    /// In the same word or the next.
    Required,
    /// Only in the same word (`--name=value`), as getopt_long's optional arguments.
    Optional,
}

/// One option of a tool: its long name and its letter (either may be
/// missing), what it takes, and the tool's own key for it.
#[derive(Debug, Clone, Copy)]
pub struct Opt<K> {
    pub long: Option<&'static str>,
    pub short: Option<char>,
    pub takes: Takes,
    /// The long name may be abbreviated (false: barrage's own options,
    /// matched whole so a tool's abbreviations never reach them).
    pub abbreviates: bool,
    pub key: K,
}

impl<K> Opt<K> {
    pub const fn long(name: &'static str, short: Option<char>, takes: Takes, key: K) -> Opt<K> {
        Opt {
            long: Some(name),
            short,
            takes,
            abbreviates: true,
            key,
        }
    }

    pub const fn short(letter: char, takes: Takes, key: K) -> Opt<K> {
        Opt {
            long: None,
            short: Some(letter),
            takes,
            abbreviates: true,
            key,
        }
    }

    /// A long option matched only by its whole name.
    pub const fn exact(name: &'static str, takes: Takes, key: K) -> Opt<K> {
        Opt {
            long: Some(name),
            short: None,
            takes,
            abbreviates: false,
            key,
        }
    }
}

/// A word of the command line, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item<K> {
    Opt {
        key: K,
        /// As the tools name it in messages: `--connections` or `-c`.
        flag: String,
        value: Option<String>,
    },
    Operand(String),
}

/// What getopt would complain about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A letter not in the table.
    UnknownShort(char),
    /// `--name` matches no long option; `word` is the whole argument.
    UnknownLong {
        name: String,
        word: String,
    },
    /// `--name` begins several long options.
    Ambiguous {
        name: String,
        word: String,
        candidates: Vec<&'static str>,
    },
    /// The option needs a value and the command line ended.
    MissingShort(char),
    MissingLong(&'static str),
    /// `--name=value` for an option that takes none.
    ValueNotAllowed(&'static str),
}

/// glibc getopt_long's words for the error, without the program's name
/// (wrk, h2load and httperf print them after `NAME: `; ab's apr_getopt
/// words them otherwise). A long option is named by the whole word given,
/// `=value` included, as glibc does.
impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::UnknownShort(c) => write!(f, "invalid option -- '{c}'"),
            Error::UnknownLong { word, .. } => write!(f, "unrecognized option '{word}'"),
            Error::Ambiguous {
                word, candidates, ..
            } => {
                write!(f, "option '{word}' is ambiguous; possibilities:")?;
                candidates.iter().try_for_each(|n| write!(f, " '--{n}'"))
            }
            Error::MissingShort(c) => write!(f, "option requires an argument -- '{c}'"),
            Error::MissingLong(full) => write!(f, "option '--{full}' requires an argument"),
            Error::ValueNotAllowed(full) => {
                write!(f, "option '--{full}' doesn't allow an argument")
            }
        }
    }
}

/// Reads `args` with `table`; yields items in order, stopping at the first error.
pub struct Getopt<'t, K> {
    table: &'t [Opt<K>],
    args: std::vec::IntoIter<String>,
    /// The rest of a word of bundled letters.
    bundle: Option<(String, usize)>,
    operands_only: bool,
    /// An error was yielded: nothing more is read.
    failed: bool,
}

impl<'t, K: Copy> Getopt<'t, K> {
    pub fn new(table: &'t [Opt<K>], args: Vec<String>) -> Getopt<'t, K> {
        Getopt {
            table,
            args: args.into_iter(),
            bundle: None,
            operands_only: false,
            failed: false,
        }
    }

    /// The long option `name` names: exactly, or as the only one it begins.
    fn find_long(&self, name: &str, word: &str) -> Result<&'t Opt<K>, Error> {
        let exact = self.table.iter().find(|o| o.long == Some(name));
        if let Some(o) = exact {
            return Ok(o);
        }
        let begins: Vec<&'t Opt<K>> = self
            .table
            .iter()
            .filter(|o| o.abbreviates && !name.is_empty())
            .filter(|o| o.long.is_some_and(|l| l.starts_with(name)))
            .collect();
        match begins[..] {
            [one] => Ok(one),
            [] => Err(Error::UnknownLong {
                name: name.to_string(),
                word: word.to_string(),
            }),
            _ => Err(Error::Ambiguous {
                name: name.to_string(),
                word: word.to_string(),
                candidates: begins.iter().filter_map(|o| o.long).collect(),
            }),
        }
    }

    fn long_item(&mut self, word: &str, body: &str) -> Result<Item<K>, Error> {
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        let opt = self.find_long(name, word)?;
        let full = opt.long.expect("found by its long name");
        let value = match (opt.takes, inline) {
            (Takes::No, Some(_)) => return Err(Error::ValueNotAllowed(full)),
            (Takes::No, None) | (Takes::Optional, None) => None,
            (_, Some(v)) => Some(v),
            (Takes::Required, None) => Some(self.args.next().ok_or(Error::MissingLong(full))?),
        };
        Ok(Item::Opt {
            key: opt.key,
            flag: format!("--{full}"),
            value,
        })
    }

    /// The next letter of the bundle being read.
    fn short_item(&mut self, word: String, at: usize) -> Result<Item<K>, Error> {
        let c = word[at..].chars().next().expect("a letter left");
        let next = at + c.len_utf8();
        let opt = self
            .table
            .iter()
            .find(|o| o.short == Some(c))
            .ok_or(Error::UnknownShort(c))?;
        let rest = &word[next..];
        let value = match opt.takes {
            Takes::No => {
                if !rest.is_empty() {
                    self.bundle = Some((word.clone(), next));
                }
                None
            }
            Takes::Optional if rest.is_empty() => None,
            _ if !rest.is_empty() => Some(rest.to_string()),
            _ => Some(self.args.next().ok_or(Error::MissingShort(c))?),
        };
        Ok(Item::Opt {
            key: opt.key,
            flag: format!("-{c}"),
            value,
        })
    }
}

impl<K: Copy> Iterator for Getopt<'_, K> {
    type Item = Result<Item<K>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let item = self.read();
        self.failed = matches!(item, Some(Err(_)));
        item
    }
}

impl<K: Copy> Getopt<'_, K> {
    /// The next item, as [`Iterator::next`] but without the stop at an error.
    fn read(&mut self) -> Option<Result<Item<K>, Error>> {
        if let Some((word, at)) = self.bundle.take() {
            return Some(self.short_item(word, at));
        }
        let word = self.args.next()?;
        if self.operands_only {
            return Some(Ok(Item::Operand(word)));
        }
        if word == "--" {
            self.operands_only = true;
            return self.read();
        }
        if let Some(body) = word.strip_prefix("--") {
            let body = body.to_string();
            return Some(self.long_item(&word, &body));
        }
        if word.len() > 1 && word.starts_with('-') {
            return Some(self.short_item(word, 1));
        }
        Some(Ok(Item::Operand(word)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum K {
        Connections,
        Connect,
        Keep,
        Header,
        Level,
        Json,
    }

    const TABLE: [Opt<K>; 6] = [
        Opt::long("connections", Some('c'), Takes::Required, K::Connections),
        Opt::long("connect-to", None, Takes::Required, K::Connect),
        Opt::long("keepalive", Some('k'), Takes::No, K::Keep),
        Opt::long("header", Some('H'), Takes::Required, K::Header),
        Opt::long("level", Some('l'), Takes::Optional, K::Level),
        Opt::exact("barrage-json", Takes::Required, K::Json),
    ];

    fn read(words: &[&str]) -> Result<Vec<Item<K>>, Error> {
        let args = words.iter().map(|w| w.to_string()).collect();
        Getopt::new(&TABLE, args).collect()
    }

    fn opt(key: K, flag: &str, value: Option<&str>) -> Item<K> {
        Item::Opt {
            key,
            flag: flag.into(),
            value: value.map(String::from),
        }
    }

    fn operand(w: &str) -> Item<K> {
        Item::Operand(w.into())
    }

    #[test]
    fn bundles_values_and_operands_in_any_order() {
        assert_eq!(
            read(&["-kc10", "url", "-c", "5", "-H", "A: b", "-", "-kk"]),
            Ok(vec![
                opt(K::Keep, "-k", None),
                opt(K::Connections, "-c", Some("10")),
                operand("url"),
                opt(K::Connections, "-c", Some("5")),
                opt(K::Header, "-H", Some("A: b")),
                operand("-"),
                opt(K::Keep, "-k", None),
                opt(K::Keep, "-k", None),
            ])
        );
    }

    #[test]
    fn long_names_values_and_prefixes() {
        assert_eq!(
            read(&[
                "--connections=3",
                "--head",
                "X: y",
                "--keep",
                "--connections",
                "4"
            ]),
            Ok(vec![
                opt(K::Connections, "--connections", Some("3")),
                opt(K::Header, "--header", Some("X: y")),
                opt(K::Keep, "--keepalive", None),
                opt(K::Connections, "--connections", Some("4")),
            ])
        );
        // `--connect` begins two names: ambiguous; `--connect-to` is exact.
        assert_eq!(
            read(&["--connect", "x"]),
            Err(Error::Ambiguous {
                name: "connect".into(),
                word: "--connect".into(),
                candidates: vec!["connections", "connect-to"],
            })
        );
        assert_eq!(
            read(&["--connect-to=h:1"]),
            Ok(vec![opt(K::Connect, "--connect-to", Some("h:1"))])
        );
    }

    #[test]
    fn an_exact_name_beats_the_longer_names_it_begins() {
        const T: [Opt<u8>; 2] = [
            Opt::long("rate", None, Takes::Required, 1),
            Opt::long("rate-period", None, Takes::Required, 2),
        ];
        let args = vec!["--rate".to_string(), "5".to_string()];
        let got: Vec<_> = Getopt::new(&T, args).collect();
        assert_eq!(
            got,
            [Ok(Item::Opt {
                key: 1,
                flag: "--rate".into(),
                value: Some("5".into())
            })]
        );
    }

    #[test]
    fn barrages_own_options_are_never_abbreviated() {
        assert_eq!(
            read(&["--barrage", "f"]),
            Err(Error::UnknownLong {
                name: "barrage".into(),
                word: "--barrage".into()
            })
        );
        assert_eq!(
            read(&["--barrage-json", "f"]),
            Ok(vec![opt(K::Json, "--barrage-json", Some("f"))])
        );
    }

    #[test]
    fn double_dash_ends_the_options() {
        assert_eq!(
            read(&["-k", "--", "-c", "--keepalive"]),
            Ok(vec![
                opt(K::Keep, "-k", None),
                operand("-c"),
                operand("--keepalive")
            ])
        );
    }

    #[test]
    fn optional_values_only_in_the_same_word() {
        assert_eq!(
            read(&["--level", "x", "--level=2", "-l", "-l3"]),
            Ok(vec![
                opt(K::Level, "--level", None),
                operand("x"),
                opt(K::Level, "--level", Some("2")),
                opt(K::Level, "-l", None),
                opt(K::Level, "-l", Some("3")),
            ])
        );
    }

    #[test]
    fn what_getopt_complains_about() {
        assert_eq!(read(&["-kx"]), Err(Error::UnknownShort('x')));
        assert_eq!(read(&["-c"]), Err(Error::MissingShort('c')));
        assert_eq!(read(&["--header"]), Err(Error::MissingLong("header")));
        assert_eq!(
            read(&["--keepalive=yes"]),
            Err(Error::ValueNotAllowed("keepalive"))
        );
        assert_eq!(
            read(&["--nope=1"]),
            Err(Error::UnknownLong {
                name: "nope".into(),
                word: "--nope=1".into()
            })
        );
        // In glibc's words, the whole word named.
        let words = |args: &[&str]| read(args).unwrap_err().to_string();
        assert_eq!(words(&["-x"]), "invalid option -- 'x'");
        assert_eq!(words(&["-c"]), "option requires an argument -- 'c'");
        assert_eq!(words(&["--nope=1"]), "unrecognized option '--nope=1'");
        assert_eq!(
            words(&["--connect=1"]),
            "option '--connect=1' is ambiguous; possibilities: '--connections' '--connect-to'"
        );
        assert_eq!(
            words(&["--header"]),
            "option '--header' requires an argument"
        );
        assert_eq!(
            words(&["--keep=1"]),
            "option '--keepalive' doesn't allow an argument"
        );
        // The first error ends the reading.
        let args = vec!["-x".to_string(), "-k".to_string()];
        let mut g = Getopt::new(&TABLE, args);
        assert_eq!(g.next(), Some(Err(Error::UnknownShort('x'))));
        assert_eq!(g.next(), None);
        // A letter wanting a value at the end of a bundle.
        assert_eq!(read(&["-kc"]), Err(Error::MissingShort('c')));
    }

    #[test]
    fn long_only_options_have_no_letter() {
        // `--connect-to` has no letter: `-C` is no abbreviation of it.
        assert_eq!(read(&["-C", "h:1"]), Err(Error::UnknownShort('C')));
        assert_eq!(
            read(&["--connect-", "h:1"]),
            Ok(vec![opt(K::Connect, "--connect-to", Some("h:1"))])
        );
        assert_eq!(
            read(&["--connect-to"]),
            Err(Error::MissingLong("connect-to"))
        );
    }

    #[test]
    fn a_required_value_is_the_next_word_whatever_it_looks_like() {
        assert_eq!(
            read(&["-c", "-k", "--header", "--", "--connections", "-"]),
            Ok(vec![
                opt(K::Connections, "-c", Some("-k")),
                opt(K::Header, "--header", Some("--")),
                opt(K::Connections, "--connections", Some("-")),
            ])
        );
        assert_eq!(
            read(&["--header=", "-c="]),
            Ok(vec![
                opt(K::Header, "--header", Some("")),
                opt(K::Connections, "-c", Some("=")),
            ])
        );
    }
}
