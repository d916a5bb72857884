//! The one HTTP/1 response parser: fed the bytes of a connection in pieces
//! of any size, it reports each final head, the body's end, or a protocol
//! error, and says what a close of the connection means. The load's
//! session (`H1Session`) and the probes' blocking exchange (`http1`) both
//! drive it, so that they judge a response alike.
//!
//! It does no I/O, reads no clock, and allocates nothing per response
//! unless told to keep heads and bodies ([`ResponseParser::keep`]); a head
//! split across reads is copied once into a buffer that is reused. Framing
//! rules are in `head.rs`, the chunked decoder in `chunked.rs`.

use super::chunked::{self, Chunk};
use super::head::{self, Body, Head, Kept, MAX_HEAD};
use crate::session::ProtocolError;

/// What [`ResponseParser::feed`] found in the bytes it used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// Every byte was used and the response is not complete: feed more.
    NeedMore,
    /// A final head was parsed ([`ResponseParser::head`]); interim `1xx`
    /// heads before it were skipped. Its body follows: feed on.
    Head,
    /// The response is complete; the bytes after it start the next one.
    Complete,
}

/// Where a close of the connection cut a response short.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// Inside a head ([`ResponseParser::partial_head`] holds its bytes).
    Head,
    /// After `got` of the `announced` Content-Length bytes.
    Body { got: u64, announced: u64 },
    /// Inside a chunked body.
    Chunked,
}

/// Where the parser is in the response being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    Head,
    Body { remaining: u64, announced: u64 },
    Chunked(Chunk),
    UntilClose,
}

/// The state of the responses read on one connection.
#[derive(Debug)]
pub struct ResponseParser {
    reading: Reading,
    /// A head split across reads.
    partial: Vec<u8>,
    /// The last final head parsed.
    head: Head,
    kept: Option<Box<Kept>>,
}

impl Default for ResponseParser {
    fn default() -> Self {
        ResponseParser::new()
    }
}

impl ResponseParser {
    /// A parser that keeps nothing but the last head's summary.
    pub fn new() -> ResponseParser {
        ResponseParser {
            reading: Reading::Head,
            partial: Vec::new(),
            head: Head::NONE,
            kept: None,
        }
    }

    /// Keeps each response's reason, header fields and (de-chunked) body
    /// from its head until the next head.
    pub fn keep(&mut self) {
        self.kept.get_or_insert_with(Box::default);
    }

    /// Uses bytes from the start of `data` and says what they completed.
    /// `head_only`: the response being read answers a `HEAD` (it matters
    /// only when its head is parsed). Call again with the bytes not used
    /// until it returns [`Event::NeedMore`] (having used them all).
    pub fn feed(&mut self, data: &[u8], head_only: bool) -> Result<(usize, Event), ProtocolError> {
        match self.reading {
            Reading::Head => self.feed_head(data, head_only),
            Reading::Body {
                remaining,
                announced,
            } => {
                let take = remaining.min(data.len() as u64);
                self.keep_body(&data[..take as usize]);
                if take == remaining {
                    return Ok((take as usize, self.completed()));
                }
                let remaining = remaining - take;
                self.reading = Reading::Body {
                    remaining,
                    announced,
                };
                Ok((data.len(), Event::NeedMore))
            }
            Reading::Chunked(chunk) => {
                let body = self.kept.as_deref_mut().map(|k| &mut k.body);
                match chunked::step(chunk, data, body)? {
                    (used, None) => Ok((used, self.completed())),
                    (used, Some(chunk)) => {
                        self.reading = Reading::Chunked(chunk);
                        Ok((used, Event::NeedMore))
                    }
                }
            }
            Reading::UntilClose => {
                self.keep_body(data);
                Ok((data.len(), Event::NeedMore))
            }
        }
    }

    /// The connection was closed: `Ok(true)` when that completed a body
    /// delimited by the close, `Ok(false)` when no response was begun,
    /// else where the response was cut.
    pub fn on_eof(&mut self) -> Result<bool, Cut> {
        match self.reading {
            Reading::UntilClose | Reading::Body { remaining: 0, .. } => {
                self.reading = Reading::Head;
                Ok(true)
            }
            Reading::Head if self.partial.is_empty() => Ok(false),
            Reading::Head => Err(Cut::Head),
            Reading::Body {
                remaining,
                announced,
            } => Err(Cut::Body {
                got: announced - remaining,
                announced,
            }),
            Reading::Chunked(_) => Err(Cut::Chunked),
        }
    }

    /// The last final head parsed.
    pub fn head(&self) -> &Head {
        &self.head
    }

    /// Between responses, or inside a head: the next bytes are a head's.
    pub fn reading_head(&self) -> bool {
        self.reading == Reading::Head
    }

    /// Reading a body that ends when the connection closes.
    pub fn reading_until_close(&self) -> bool {
        self.reading == Reading::UntilClose
    }

    /// The bytes of a head begun and not complete.
    pub fn partial_head(&self) -> &[u8] {
        &self.partial
    }

    /// The last head's reason phrase (kept responses only, else empty).
    pub fn reason(&self) -> &[u8] {
        self.kept.as_deref().map_or(&[], |k| &k.reason)
    }

    /// The last head's fields as received, in order (kept responses only).
    pub fn headers(&self) -> &[(Vec<u8>, Vec<u8>)] {
        self.kept.as_deref().map_or(&[], |k| &k.headers)
    }

    /// The body read so far, de-chunked (kept responses only).
    pub fn body(&self) -> &[u8] {
        self.kept.as_deref().map_or(&[], |k| &k.body)
    }

    /// Takes the body read so far, leaving it empty.
    pub fn take_body(&mut self) -> Vec<u8> {
        self.kept
            .as_deref_mut()
            .map(|k| std::mem::take(&mut k.body))
            .unwrap_or_default()
    }

    fn keep_body(&mut self, bytes: &[u8]) {
        if let Some(kept) = self.kept.as_deref_mut() {
            kept.body.extend_from_slice(bytes);
        }
    }

    fn completed(&mut self) -> Event {
        self.reading = Reading::Head;
        Event::Complete
    }

    /// Parses heads from `data`, skipping interim ones, up to a final head.
    fn feed_head(&mut self, data: &[u8], head_only: bool) -> Result<(usize, Event), ProtocolError> {
        let mut used = 0;
        while used < data.len() {
            let Some((head, n)) = self.parse_head(&data[used..], head_only)? else {
                return Ok((data.len(), Event::NeedMore));
            };
            used += n;
            if head.is_interim() {
                continue;
            }
            self.head = head;
            self.reading = match head.body {
                Body::None => Reading::Body {
                    remaining: 0,
                    announced: 0,
                },
                Body::Length(n) => Reading::Body {
                    remaining: n,
                    announced: n,
                },
                Body::Chunked => Reading::Chunked(Chunk::START),
                Body::UntilClose => Reading::UntilClose,
            };
            return Ok((used, Event::Head));
        }
        Ok((used, Event::NeedMore))
    }

    /// A head from `data` after any partial bytes kept from earlier reads,
    /// and how many bytes of `data` it took; `None`: `data` was kept, and
    /// the head needs more.
    fn parse_head(
        &mut self,
        data: &[u8],
        head_only: bool,
    ) -> Result<Option<(Head, usize)>, ProtocolError> {
        let kept = self.kept.as_deref_mut();
        if self.partial.is_empty() {
            if let Some(head) = head::parse(data, head_only, kept)? {
                return Ok(Some((head, head.head_bytes)));
            }
            if data.len() > MAX_HEAD {
                return Err(head::too_long());
            }
            self.partial.extend_from_slice(data);
            return Ok(None);
        }
        let before = self.partial.len();
        self.partial.extend_from_slice(data);
        match head::parse(&self.partial, head_only, kept)? {
            Some(head) => {
                self.partial.clear();
                Ok(Some((head, head.head_bytes - before)))
            }
            None if self.partial.len() > MAX_HEAD => Err(head::too_long()),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests;
