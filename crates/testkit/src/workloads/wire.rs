//! HTTP/1.1 for the workload server: requests read off a connection
//! (pipelined ones kept for the next read, Content-Length and chunked
//! bodies), responses written with `Server`, `Date` and `Content-Length`.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::find_head_end;

/// Largest body read (the contract's `MAX_UPLOAD`).
const MAX_BODY: usize = 32 << 20;
const READ: usize = 64 * 1024;

/// A request as read.
#[derive(Debug)]
pub(crate) struct Request {
    pub method: String,
    pub path: String,
    pub query: Option<String>,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// The body came chunked.
    pub chunked: bool,
}

impl Request {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What the connection held when a request was wanted.
#[derive(Debug)]
pub(crate) enum Next {
    Request(Request),
    /// The peer closed between requests.
    Closed,
    /// Not HTTP, or a body cut short: the bytes received.
    Bad(Vec<u8>),
}

/// Reads requests off one connection.
pub(crate) struct Reader {
    pub buf: Vec<u8>,
    /// Reads made so far.
    pub reads: usize,
    /// Ignore `Transfer-Encoding` (a broken server).
    pub no_chunked: bool,
}

impl Reader {
    pub(crate) fn new(no_chunked: bool) -> Reader {
        Reader {
            buf: Vec::new(),
            reads: 0,
            no_chunked,
        }
    }

    /// Reads more; false at the end of the stream.
    fn more(&mut self, s: &mut TcpStream) -> io::Result<bool> {
        let start = self.buf.len();
        self.buf.resize(start + READ, 0);
        let n = s.read(&mut self.buf[start..]);
        self.buf.truncate(start + *n.as_ref().unwrap_or(&0));
        self.reads += 1;
        Ok(n? > 0)
    }

    /// The next request.
    pub(crate) fn next(&mut self, s: &mut TcpStream) -> io::Result<Next> {
        let head_end = loop {
            if let Some(end) = find_head_end(&self.buf) {
                break end;
            }
            if !self.more(s)? {
                return Ok(match self.buf.is_empty() {
                    true => Next::Closed,
                    false => Next::Bad(std::mem::take(&mut self.buf)),
                });
            }
        };
        let Some(mut req) = parse_head(&self.buf[..head_end]) else {
            return Ok(Next::Bad(std::mem::take(&mut self.buf)));
        };
        self.buf.drain(..head_end);
        let length = req.header("content-length").map(str::parse::<usize>);
        if req.header("transfer-encoding").is_some() && !self.no_chunked {
            req.chunked = true;
            match self.chunked(s)? {
                Some(body) => req.body = body,
                None => return Ok(Next::Bad(std::mem::take(&mut self.buf))),
            }
        } else if let Some(length) = length {
            let Ok(n) = length.map(|n| n.min(MAX_BODY)) else {
                return Ok(Next::Bad(std::mem::take(&mut self.buf)));
            };
            while self.buf.len() < n {
                if !self.more(s)? {
                    return Ok(Next::Bad(std::mem::take(&mut self.buf)));
                }
            }
            req.body = self.buf.drain(..n).collect();
        }
        Ok(Next::Request(req))
    }

    /// A chunked body (no trailers), or `None` when cut short or malformed.
    fn chunked(&mut self, s: &mut TcpStream) -> io::Result<Option<Vec<u8>>> {
        let mut body = Vec::new();
        loop {
            let line = loop {
                if let Some(p) = self.buf.windows(2).position(|w| w == b"\r\n") {
                    break p;
                }
                if !self.more(s)? {
                    return Ok(None);
                }
            };
            let size = std::str::from_utf8(&self.buf[..line])
                .ok()
                .and_then(|l| usize::from_str_radix(l.split(';').next()?.trim(), 16).ok());
            let Some(size) = size.filter(|n| body.len() + n <= MAX_BODY) else {
                return Ok(None);
            };
            while self.buf.len() < line + 2 + size + 2 {
                if !self.more(s)? {
                    return Ok(None);
                }
            }
            body.extend_from_slice(&self.buf[line + 2..line + 2 + size]);
            self.buf.drain(..line + 2 + size + 2);
            if size == 0 {
                return Ok(Some(body));
            }
        }
    }
}

fn parse_head(head: &[u8]) -> Option<Request> {
    let text = std::str::from_utf8(head).ok()?;
    let mut lines = text.lines();
    let mut first = lines.next()?.split(' ');
    let (method, target, version) = (first.next()?, first.next()?, first.next()?);
    if !version.starts_with("HTTP/1.") || !method.bytes().all(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p, Some(q.to_string())),
        None => (target, None),
    };
    let mut headers = Vec::new();
    for line in lines.take_while(|l| !l.is_empty()) {
        let (name, value) = line.split_once(':')?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    Some(Request {
        method: method.to_string(),
        path: path.to_string(),
        query,
        headers,
        body: Vec::new(),
        chunked: false,
    })
}

/// A response to write.
pub(crate) struct Reply {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub(crate) fn new(status: u16, content_type: &str, body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status,
            headers: vec![("Content-Type", content_type.to_string())],
            body: body.into(),
        }
    }

    /// The bytes: status line, `Server`, `Date` (unless `date` is `None`),
    /// the headers, `Content-Length`, the body.
    pub(crate) fn write(&self, s: &mut TcpStream, date: Option<&str>) -> io::Result<()> {
        let mut out = format!(
            "HTTP/1.1 {} {}\r\nServer: testkit\r\n",
            self.status,
            reason(self.status)
        );
        if let Some(date) = date {
            out.push_str(&format!("Date: {date}\r\n"));
        }
        for (n, v) in &self.headers {
            out.push_str(&format!("{n}: {v}\r\n"));
        }
        out.push_str(&format!("Content-Length: {}\r\n\r\n", self.body.len()));
        let mut bytes = out.into_bytes();
        bytes.extend_from_slice(&self.body);
        s.write_all(&bytes)
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        _ => "Other",
    }
}

/// The time now as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`).
pub(crate) fn http_date(now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Civil from days (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    format!(
        "{}, {day:02} {} {year} {:02}:{:02}:{:02} GMT",
        DAYS[days.rem_euclid(7) as usize],
        MONTHS[month as usize - 1],
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_are_imf_fixdates() {
        let t = UNIX_EPOCH + Duration::from_secs(784_111_777);
        assert_eq!(http_date(t), "Sun, 06 Nov 1994 08:49:37 GMT");
        let t = UNIX_EPOCH + Duration::from_secs(1_709_208_000);
        assert_eq!(http_date(t), "Thu, 29 Feb 2024 12:00:00 GMT");
    }
}
