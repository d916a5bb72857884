//! Placeholder text: a template split once into literal runs and slots
//! (`{rand LO..HI}`, `{seq}`), and its rendering with drawn values into a
//! buffer the caller owns (no allocation per request). Anything else in
//! braces is literal, so JSON bodies need no escaping.

use serde::{Deserialize, Serialize};

/// One part of a template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Part {
    /// `text[start..end]`.
    Lit { start: u32, end: u32 },
    /// A random integer, `lo..=hi`.
    Rand { lo: i64, hi: i64 },
    /// The sequence number.
    Seq,
}

/// A template split into literal runs and slots.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Pieces {
    text: Vec<u8>,
    parts: Vec<Part>,
    /// How many of `parts` are slots.
    slots: usize,
}

/// Where values for the slots come from: a worker's generator and the
/// process's sequence.
pub(crate) trait Draw {
    fn rand(&mut self, lo: i64, hi: i64) -> i64;
    fn seq(&mut self) -> i64;
}

impl Pieces {
    /// Splits `text`; an error names the placeholder that is malformed.
    pub fn parse(text: &[u8]) -> Result<Pieces, String> {
        let mut p = Pieces {
            text: text.to_vec(),
            parts: Vec::new(),
            slots: 0,
        };
        let (mut lit, mut i) = (0, 0);
        while i < text.len() {
            let rest = &text[i..];
            let slot = if rest.starts_with(b"{seq}") {
                Some((Part::Seq, 5))
            } else if rest.starts_with(b"{rand") {
                let end = rest
                    .iter()
                    .position(|&b| b == b'}')
                    .ok_or_else(|| format!("{:?} has no closing brace", excerpt(rest)))?;
                Some((parse_rand(&rest[..=end])?, end + 1))
            } else {
                None
            };
            match slot {
                Some((part, len)) => {
                    p.push_lit(lit, i);
                    p.parts.push(part);
                    p.slots += 1;
                    i += len;
                    lit = i;
                }
                None => i += 1,
            }
        }
        p.push_lit(lit, text.len());
        Ok(p)
    }

    /// `bytes` as they are, with no placeholder (a body from a file, random bytes).
    pub fn parse_literal(bytes: &[u8]) -> Pieces {
        let mut p = Pieces {
            text: bytes.to_vec(),
            parts: Vec::new(),
            slots: 0,
        };
        p.push_lit(0, bytes.len());
        p
    }

    fn push_lit(&mut self, start: usize, end: usize) {
        if end > start {
            let (start, end) = (start as u32, end as u32);
            self.parts.push(Part::Lit { start, end });
        }
    }

    /// Whether it has any placeholder.
    pub fn has_slots(&self) -> bool {
        self.slots > 0
    }

    /// How many placeholders.
    pub fn slots(&self) -> usize {
        self.parts
            .iter()
            .filter(|p| !matches!(p, Part::Lit { .. }))
            .count()
    }

    /// The text with every slot at its lowest value (`{seq}` as 0).
    pub fn lowest(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut lows = Lowest;
        let mut values = Vec::new();
        self.draw(&mut lows, &mut values);
        self.write(&values, &mut out);
        out
    }

    /// The longest the text can be once filled.
    pub fn max_len(&self) -> usize {
        let digits = |v: i64| itoa::Buffer::new().format(v).len();
        self.parts
            .iter()
            .map(|p| match *p {
                Part::Lit { start, end } => (end - start) as usize,
                Part::Rand { lo, hi } => digits(lo).max(digits(hi)),
                Part::Seq => 20,
            })
            .sum()
    }

    /// Appends one value per slot, in order, to `values`.
    #[inline]
    pub(crate) fn draw(&self, from: &mut impl Draw, values: &mut Vec<i64>) {
        for p in &self.parts {
            match *p {
                Part::Lit { .. } => {}
                Part::Rand { lo, hi } => values.push(from.rand(lo, hi)),
                Part::Seq => values.push(from.seq()),
            }
        }
    }

    /// The length once filled with `values` (one per slot).
    #[inline]
    pub(crate) fn len(&self, values: &[i64]) -> usize {
        let mut v = values.iter();
        let mut buf = itoa::Buffer::new();
        self.parts
            .iter()
            .map(|p| match *p {
                Part::Lit { start, end } => (end - start) as usize,
                _ => buf.format(*v.next().unwrap_or(&0)).len(),
            })
            .sum()
    }

    /// Appends the text filled with `values` (one per slot) to `out`.
    #[inline]
    pub(crate) fn write(&self, values: &[i64], out: &mut Vec<u8>) {
        // One capacity check for the whole text (20 bytes a number at most).
        out.reserve(self.text.len() + 20 * self.slots);
        let mut v = values.iter();
        let mut buf = itoa::Buffer::new();
        for p in &self.parts {
            match *p {
                Part::Lit { start, end } => {
                    out.extend_from_slice(&self.text[start as usize..end as usize])
                }
                _ => out.extend_from_slice(buf.format(*v.next().unwrap_or(&0)).as_bytes()),
            }
        }
    }
}

/// Every slot at its lowest: `LO`, and 0 for the sequence.
struct Lowest;

impl Draw for Lowest {
    fn rand(&mut self, lo: i64, _hi: i64) -> i64 {
        lo
    }
    fn seq(&mut self) -> i64 {
        0
    }
}

/// `{rand LO..HI}` (spaces allowed around the numbers).
fn parse_rand(slot: &[u8]) -> Result<Part, String> {
    let text = std::str::from_utf8(slot).map_err(|_| format!("{:?} is not text", excerpt(slot)))?;
    let inner = &text["{rand".len()..text.len() - 1];
    let bad = || {
        format!("{text:?} is not a placeholder: write {{rand LO..HI}} with integers LO ≤ HI, or {{seq}}")
    };
    if !inner.starts_with(' ') {
        return Err(bad());
    }
    let (lo, hi) = inner.split_once("..").ok_or_else(bad)?;
    let lo: i64 = lo.trim().parse().map_err(|_| bad())?;
    let hi: i64 = hi.trim().parse().map_err(|_| bad())?;
    if lo > hi {
        return Err(bad());
    }
    Ok(Part::Rand { lo, hi })
}

fn excerpt(b: &[u8]) -> String {
    String::from_utf8_lossy(&b[..b.len().min(24)]).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed(i64);
    impl Draw for Fixed {
        fn rand(&mut self, lo: i64, _: i64) -> i64 {
            lo + self.0
        }
        fn seq(&mut self) -> i64 {
            self.0 += 1;
            self.0
        }
    }

    fn fill(text: &str, from: &mut Fixed) -> String {
        let p = Pieces::parse(text.as_bytes()).unwrap();
        let mut values = Vec::new();
        p.draw(from, &mut values);
        let mut out = Vec::new();
        p.write(&values, &mut out);
        assert_eq!(out.len(), p.len(&values));
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn placeholders_are_filled_and_the_rest_is_literal() {
        let mut f = Fixed(0);
        assert_eq!(fill("/a?x={rand 10..20}&s={seq}", &mut f), "/a?x=10&s=1");
        assert_eq!(fill("{seq}{seq}", &mut f), "23");
        assert_eq!(
            fill(r#"{"a": {rand -5..5}, "b": {}}"#, &mut f),
            r#"{"a": -2, "b": {}}"#
        );
        assert_eq!(fill("plain", &mut f), "plain");
        assert_eq!(fill("", &mut f), "");
        assert!(Pieces::parse(b"{rand}x").is_err());
        for bad in [
            "{rand 5..1}",
            "{rand 1..x}",
            "{rand 1}",
            "{rand 1..2",
            "{rand1..2}",
        ] {
            let e = Pieces::parse(bad.as_bytes()).unwrap_err();
            assert!(e.contains("rand"), "{bad}: {e}");
        }
        let p = Pieces::parse(b"n={rand -100..7}").unwrap();
        assert_eq!(
            (p.slots(), p.max_len(), p.lowest()),
            (1, 6, b"n=-100".to_vec())
        );
    }
}
