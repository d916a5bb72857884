//! Rust source with its comments and the insides of its literals blanked,
//! and the tokens of what is left: enough to find items, braces and paths
//! without a parser (a brace in a string or a comment is not a brace).

/// `text` with every comment and the inside of every string and char
/// literal replaced by spaces. Newlines are kept, so a byte's line is the
/// same in both; quotes are kept, so a literal still separates tokens.
pub fn blank(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank_range = |out: &mut String, range: &[char]| {
        for &c in range {
            out.push(if c == '\n' { '\n' } else { ' ' });
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let prev_ident = i > 0 && is_ident(chars[i - 1]);
        if c == '/' && next == Some('/') {
            let end = chars[i..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(chars.len(), |n| i + n);
            blank_range(&mut out, &chars[i..end]);
            i = end;
        } else if c == '/' && next == Some('*') {
            let end = block_comment_end(&chars, i);
            blank_range(&mut out, &chars[i..end]);
            i = end;
        } else if let Some(hashes) = raw_string_start(&chars, i, prev_ident) {
            // r"…", r#"…"#, br#"…"#: no escapes; ends at a quote and as
            // many hashes as it opened with.
            let open = i + usize::from(c == 'b') + 1 + hashes + 1;
            let mut end = open;
            while end < chars.len() {
                if chars[end] == '"' && chars[end + 1..].iter().take(hashes).all(|&h| h == '#') {
                    break;
                }
                end += 1;
            }
            out.push('"');
            blank_range(&mut out, &chars[i + 1..end.min(chars.len())]);
            out.push('"');
            out.extend(std::iter::repeat_n(' ', hashes));
            i = (end + 1 + hashes).min(chars.len());
        } else if c == '"' {
            let mut end = i + 1;
            while end < chars.len() && chars[end] != '"' {
                end += if chars[end] == '\\' { 2 } else { 1 };
            }
            out.push('"');
            blank_range(&mut out, &chars[i + 1..end.min(chars.len())]);
            out.push('"');
            i = end + 1;
        } else if c == '\'' {
            match char_literal_end(&chars, i) {
                Some(end) => {
                    out.push('\'');
                    blank_range(&mut out, &chars[i + 1..end]);
                    out.push('\'');
                    i = end + 1;
                }
                None => {
                    // A lifetime or a label: 'a, 'static.
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn block_comment_end(chars: &[char], start: usize) -> usize {
    let (mut depth, mut i) = (0usize, start);
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    chars.len()
}

/// The number of hashes of a raw string literal starting at `i`, if one does.
fn raw_string_start(chars: &[char], i: usize, prev_ident: bool) -> Option<usize> {
    if prev_ident {
        return None;
    }
    let mut j = i;
    if chars[j] == 'b' {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let hashes = chars[j..].iter().take_while(|&&c| c == '#').count();
    (chars.get(j + hashes) == Some(&'"')).then_some(hashes)
}

/// Where the char literal opening at `i` closes: `'x'`, `'\n'`, `'\u{7f}'`,
/// `'\''`; `None` for a lifetime.
fn char_literal_end(chars: &[char], i: usize) -> Option<usize> {
    match chars.get(i + 1)? {
        '\\' => {
            let close = chars[i + 3..].iter().position(|&c| c == '\'')?;
            Some(i + 3 + close)
        }
        _ if chars.get(i + 2) == Some(&'\'') => Some(i + 2),
        _ => None,
    }
}

/// One token of blanked source: an identifier or keyword, `::`, or one
/// punctuation character, with its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub text: String,
    pub line: usize,
}

/// The tokens of blanked source (literals' quotes are tokens too; numbers
/// are identifiers, which no rule minds).
pub fn tokens(blanked: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut line = 1;
    let mut chars = blanked.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\n' {
            line += 1;
        } else if is_ident(c) {
            let mut text = String::from(c);
            while let Some(&n) = chars.peek() {
                if !is_ident(n) {
                    break;
                }
                text.push(n);
                chars.next();
            }
            out.push(Token { text, line });
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            out.push(Token {
                text: "::".into(),
                line,
            });
        } else if !c.is_whitespace() {
            out.push(Token {
                text: c.to_string(),
                line,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_literals_are_blanked_and_lines_kept() {
        let src =
            "fn a() { \"{\" } // {\n/* { /* } */ { */ let c = '{'; 'a: loop {}\nr#\"}\"# b'}'\n";
        let out = blank(src);
        assert_eq!(out.lines().count(), src.lines().count());
        assert_eq!(out.matches('{').count(), 2, "{out}");
        assert_eq!(out.matches('}').count(), 2, "{out}");
        assert!(out.contains("'a: loop"), "{out}");
    }

    #[test]
    fn an_escaped_quote_does_not_end_a_string() {
        let out = blank("let s = \"a\\\"{\"; let t = '\\'';\n{");
        assert_eq!(out.matches('{').count(), 1, "{out}");
    }

    #[test]
    fn tokens_split_paths() {
        let t: Vec<String> = tokens("use crate::a::{b, c};")
            .into_iter()
            .map(|t| t.text)
            .collect();
        assert_eq!(
            t,
            ["use", "crate", "::", "a", "::", "{", "b", ",", "c", "}", ";"]
        );
    }
}
