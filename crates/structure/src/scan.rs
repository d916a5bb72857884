//! What one source file declares and names, read from its tokens: its
//! functions and their lengths, its `mod` declarations, the items it
//! defines, its `use` trees and the paths its code names. Whatever sits
//! under `#[cfg(test)]` or `#[test]` is skipped: the rules are about
//! production code.

use crate::lex::{blank, tokens, Token};

/// A function's name, its first line and its length in lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    pub name: String,
    pub line: usize,
    pub lines: usize,
}

/// `mod name;`, with its `#[path]` if any and whether it is test-only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModDecl {
    pub name: String,
    pub path: Option<String>,
    pub test: bool,
}

/// One leaf of a `use` tree: `use a::b::{c as d, e::*}` gives `a::b::c`
/// bound to `d`, and a glob of `a::b::e`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    pub segs: Vec<String>,
    /// The name it binds (`None` for a glob).
    pub binds: Option<String>,
    pub glob: bool,
    /// `pub use` (any visibility): a re-export.
    pub public: bool,
}

#[derive(Debug, Default)]
pub struct Scan {
    pub functions: Vec<Function>,
    pub mods: Vec<ModDecl>,
    /// Names of the items defined at the file's top level.
    pub defines: Vec<String>,
    pub uses: Vec<Use>,
    /// Paths of two or more segments named in code (`crate::a::b`,
    /// `spec::LoadSpec`), outside `use`.
    pub paths: Vec<Vec<String>>,
}

const ITEM_KEYWORDS: [&str; 7] = [
    "struct", "enum", "trait", "type", "const", "static", "union",
];

pub fn scan(text: &str) -> Scan {
    let toks = tokens(&blank(text));
    let mut s = Scan::default();
    let mut cursor = Cursor {
        toks: &toks,
        i: 0,
        depth: 0,
        attrs: Vec::new(),
        inline: Vec::new(),
    };
    cursor.run(&mut s);
    s
}

struct Cursor<'a> {
    toks: &'a [Token],
    i: usize,
    depth: usize,
    /// The attributes read since the last item, as their token texts joined.
    attrs: Vec<String>,
    /// The brace depths at which the inline modules we are in opened.
    inline: Vec<usize>,
}

impl Cursor<'_> {
    fn text(&self, at: usize) -> &str {
        self.toks.get(at).map_or("", |t| t.text.as_str())
    }

    fn test_only(&self) -> bool {
        self.attrs.iter().any(|a| {
            a == "test" || (a.starts_with("cfg(") && a.contains("test") && !a.contains("not("))
        })
    }

    /// The index of the token that closes the bracket opened at `open`.
    fn matching(&self, open: usize) -> usize {
        let (mut depth, mut j) = (0i64, open);
        while j < self.toks.len() {
            match self.text(j) {
                "{" | "(" | "[" => depth += 1,
                "}" | ")" | "]" => {
                    depth -= 1;
                    if depth == 0 {
                        return j;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        self.toks.len() - 1
    }

    /// The first `{` or `;` at bracket depth 0 from `from` on.
    fn body_or_end(&self, from: usize) -> usize {
        let mut j = from;
        while j < self.toks.len() {
            match self.text(j) {
                "{" | ";" => return j,
                "(" | "[" => j = self.matching(j),
                _ => {}
            }
            j += 1;
        }
        self.toks.len() - 1
    }

    fn run(&mut self, s: &mut Scan) {
        while self.i < self.toks.len() {
            let t = self.text(self.i).to_string();
            match t.as_str() {
                "#" if self.text(self.i + 1) == "[" || self.text(self.i + 1) == "!" => {
                    let open = if self.text(self.i + 1) == "!" {
                        self.i + 2
                    } else {
                        self.i + 1
                    };
                    let close = self.matching(open);
                    let attr: String = (open + 1..close).map(|j| self.text(j)).collect();
                    if self.text(self.i + 1) == "[" {
                        self.attrs.push(attr);
                    }
                    self.i = close + 1;
                    continue;
                }
                "fn" => self.function(s),
                "mod" => self.module(s),
                "use" => self.use_tree(s),
                "impl" | "trait" if self.test_only() => self.skip_item(),
                "macro_rules" if self.text(self.i + 1) == "!" => {
                    if self.depth == 0 {
                        s.defines.push(self.text(self.i + 2).to_string());
                    }
                    self.i += 2;
                }
                k if ITEM_KEYWORDS.contains(&k) && self.text(self.i.wrapping_sub(1)) != "'" => {
                    if self.test_only() {
                        self.skip_item();
                        continue;
                    }
                    let name = self.text(self.i + 1);
                    let named = name
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_alphabetic() || c == '_');
                    if self.depth == 0 && named && name != "fn" {
                        s.defines.push(name.to_string());
                    }
                    self.attrs.clear();
                    self.i += 1;
                }
                "{" => {
                    self.depth += 1;
                    self.attrs.clear();
                    self.i += 1;
                }
                "}" => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.inline.last() == Some(&self.depth) {
                        self.inline.pop();
                    }
                    self.attrs.clear();
                    self.i += 1;
                }
                ";" => {
                    self.attrs.clear();
                    self.i += 1;
                }
                _ => self.path(s),
            }
        }
    }

    /// A path named inside inline modules, as the file's module names it:
    /// `super::x` one inline module down is the file's own `self::x`; a path
    /// that stays inside the inline module is the file itself (`self`).
    fn outer(&self, mut segs: Vec<String>) -> Vec<String> {
        let n = self.inline.len();
        let supers = segs.iter().take_while(|s| *s == "super").count();
        if n == 0 {
            segs
        } else if supers >= n {
            segs.drain(..n);
            if supers == n {
                segs.insert(0, "self".into());
            }
            segs
        } else if matches!(segs[0].as_str(), "super" | "self") {
            vec!["self".into()]
        } else {
            segs
        }
    }

    /// Past the item starting here, test-only: to its `;` or closing brace.
    fn skip_item(&mut self) {
        let end = self.body_or_end(self.i);
        self.i = if self.text(end) == "{" {
            self.matching(end) + 1
        } else {
            end + 1
        };
        self.attrs.clear();
    }

    fn function(&mut self, s: &mut Scan) {
        let name = self.text(self.i + 1).to_string();
        if self.test_only() {
            self.skip_item();
            return;
        }
        let end = self.body_or_end(self.i);
        if self.text(end) == "{" {
            let close = self.matching(end);
            let first = self.toks[self.i].line;
            s.functions.push(Function {
                name,
                line: first,
                lines: self.toks[close].line - first + 1,
            });
        }
        // Go on inside the body: its `use`s and paths count, and so do
        // the functions nested in it.
        self.attrs.clear();
        self.i += 2;
    }

    fn module(&mut self, s: &mut Scan) {
        let name = self.text(self.i + 1).to_string();
        let test = self.test_only();
        let path = self
            .attrs
            .iter()
            .find_map(|a| a.strip_prefix("path=").map(|p| p.to_string()));
        if self.text(self.i + 2) == ";" {
            s.mods.push(ModDecl { name, path, test });
            self.attrs.clear();
            self.i += 3;
        } else if test {
            self.skip_item();
        } else {
            // An inline module: read as part of this file, its relative
            // paths made the file's (`outer`).
            self.inline.push(self.depth);
            self.attrs.clear();
            self.i += 2;
        }
    }

    fn use_tree(&mut self, s: &mut Scan) {
        let public = self.text(self.i.wrapping_sub(1)) == "pub"
            || (self.text(self.i.wrapping_sub(1)) == ")" && {
                let mut j = self.i - 1;
                while j > 0 && self.text(j) != "(" {
                    j -= 1;
                }
                self.text(j.wrapping_sub(1)) == "pub"
            });
        let end = self.body_or_end_semicolon(self.i);
        if !self.test_only() {
            let words: Vec<&str> = (self.i + 1..end).map(|j| self.text(j)).collect();
            let mut leaves = Vec::new();
            expand(&words, &mut Vec::new(), &mut leaves);
            for (segs, binds, glob) in leaves {
                s.uses.push(Use {
                    segs: self.outer(segs),
                    binds,
                    glob,
                    public,
                });
            }
        }
        self.attrs.clear();
        self.i = end + 1;
    }

    fn body_or_end_semicolon(&self, from: usize) -> usize {
        (from..self.toks.len())
            .find(|&j| self.text(j) == ";")
            .unwrap_or(self.toks.len() - 1)
    }

    /// A path in code: an identifier followed by `::` and another.
    fn path(&mut self, s: &mut Scan) {
        let starts = self.text(self.i.wrapping_sub(1)) != "::"
            && self.text(self.i + 1) == "::"
            && self
                .text(self.i)
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_');
        if !starts {
            self.i += 1;
            return;
        }
        let mut segs = vec![self.text(self.i).to_string()];
        let mut j = self.i + 1;
        while self.text(j) == "::"
            && self
                .text(j + 1)
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            segs.push(self.text(j + 1).to_string());
            j += 2;
        }
        if segs.len() > 1 {
            s.paths.push(self.outer(segs));
        }
        self.i = j;
    }
}

/// The leaves of a `use` tree's tokens (without `use` and `;`).
fn expand(
    words: &[&str],
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>, bool)>,
) {
    let mut i = 0;
    let base = prefix.len();
    while i < words.len() {
        match words[i] {
            "::" => i += 1,
            "*" => {
                out.push((prefix.clone(), None, true));
                i += 1;
            }
            "{" => {
                let close = close_of(words, i);
                for part in split_top(&words[i + 1..close]) {
                    expand(part, prefix, out);
                }
                i = close + 1;
            }
            "self" if i == 0 && base > 0 => {
                let binds = alias(words, i).unwrap_or_else(|| prefix[base - 1].clone());
                out.push((prefix.clone(), Some(binds), false));
                break;
            }
            w => {
                prefix.push(w.to_string());
                let last = words.get(i + 1).is_none_or(|&n| n == "as" || n == ",");
                if last {
                    let binds = alias(words, i).unwrap_or_else(|| w.to_string());
                    out.push((prefix.clone(), Some(binds), false));
                    break;
                }
                i += 1;
            }
        }
    }
    prefix.truncate(base);
}

fn alias(words: &[&str], at: usize) -> Option<String> {
    (words.get(at + 1) == Some(&"as")).then(|| words.get(at + 2).map(|s| s.to_string()))?
}

fn close_of(words: &[&str], open: usize) -> usize {
    let mut depth = 0;
    for (j, w) in words.iter().enumerate().skip(open) {
        match *w {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    words.len()
}

/// `a, b::{c, d}, e` split at its top-level commas.
fn split_top<'w>(words: &'w [&'w str]) -> Vec<&'w [&'w str]> {
    let (mut parts, mut depth, mut from) = (Vec::new(), 0, 0);
    for (j, w) in words.iter().enumerate() {
        match *w {
            "{" => depth += 1,
            "}" => depth -= 1,
            "," if depth == 0 => {
                parts.push(&words[from..j]);
                from = j + 1;
            }
            _ => {}
        }
    }
    parts.push(&words[from..]);
    parts.retain(|p| !p.is_empty());
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaves(src: &str) -> Vec<(String, Option<String>, bool)> {
        scan(src)
            .uses
            .into_iter()
            .map(|u| (u.segs.join("::"), u.binds, u.glob))
            .collect()
    }

    #[test]
    fn use_trees_expand_to_their_leaves() {
        let got = leaves("use crate::a::{self, b::{C, D as E}, f::*};\npub(crate) use super::g;");
        assert_eq!(
            got,
            [
                ("crate::a".into(), Some("a".into()), false),
                ("crate::a::b::C".into(), Some("C".into()), false),
                ("crate::a::b::D".into(), Some("E".into()), false),
                ("crate::a::f".into(), None, true),
                ("super::g".into(), Some("g".into()), false),
            ]
        );
        assert!(scan("pub(crate) use super::g;").uses[0].public);
        assert!(!scan("use super::g;").uses[0].public);
    }

    #[test]
    fn test_only_items_are_skipped() {
        let src = "#[cfg(test)]\nmod tests;\n#[cfg(test)]\nmod inline { use crate::x; fn f() {} }\n#[test]\nfn t() { crate::y::z(); }\nfn real() { crate::w::v(); }\n";
        let s = scan(src);
        assert_eq!(
            s.mods,
            [ModDecl {
                name: "tests".into(),
                path: None,
                test: true
            }]
        );
        assert!(s.uses.is_empty());
        assert_eq!(s.functions.len(), 1);
        assert_eq!(s.paths, [vec!["crate".to_string(), "w".into(), "v".into()]]);
    }

    #[test]
    fn paths_in_an_inline_module_are_the_files() {
        let s = scan("mod inner {\n    fn f() { super::encode(); self::g(); }\n    use super::super::up;\n}\nfn h() { crate::a::b(); }\n");
        let paths: Vec<String> = s.paths.iter().map(|p| p.join("::")).collect();
        assert_eq!(paths, ["self::encode", "self", "crate::a::b"]);
        assert_eq!(s.uses[0].segs, ["super", "up"]);
    }

    #[test]
    fn functions_are_measured_to_their_closing_brace() {
        let src = "fn a(x: [u8; 4]) -> u8 {\n    let s = \"}\";\n    x[0]\n}\ntrait T { fn decl(&self); }\n";
        let s = scan(src);
        assert_eq!(
            s.functions,
            [Function {
                name: "a".into(),
                line: 1,
                lines: 4
            }]
        );
        assert_eq!(s.defines, ["T"]);
    }
}
