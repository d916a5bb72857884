//! The precomputed responder (`barrage serve --precomputed`): HTTP/1.1 over
//! plain TCP answered from memory, so that a client loading it spends more
//! per response than it does. The lab measures the client's ceiling
//! against it (docs/suites.md, "The client's ceiling"): the hyper server
//! costs about as much per response as barrage's client, so against it the
//! ceiling would be the server's, not the client's.
//!
//! One thread, one mio poll. The first time a request's bytes are seen
//! they are sent to the real server (`origin`, barrage serve's hyper on a
//! loopback port of its own) and its response (with a Content-Length) is
//! kept; after that every identical request is answered with those bytes,
//! as many as a read brings, in one write. Requests past [`MAX_CACHED`]
//! distinct ones (random bodies, templates) are relayed every time.
//!
//! Hand-written rather than a library: what it must do is nothing, and
//! every HTTP server crate parses, routes and allocates per request, which
//! is the cost it exists to leave out.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream as StdStream};

use mio::net::{TcpListener, TcpStream};
use mio::{Events, Interest, Poll, Token};

/// Distinct requests kept, at most.
pub const MAX_CACHED: usize = 1024;
/// A request head longer than this closes its connection.
const MAX_HEAD: usize = 64 * 1024;
const LISTENER: Token = Token(usize::MAX);

struct Conn {
    stream: TcpStream,
    inbuf: Vec<u8>,
    out: Vec<u8>,
    close_after: bool,
}

/// Serves `listener` from memory, filling its memory from `origin`, until
/// the process ends.
pub fn serve(listen: SocketAddr, origin: SocketAddr) -> io::Result<()> {
    let mut listener = TcpListener::bind(listen)?;
    let mut poll = Poll::new()?;
    poll.registry()
        .register(&mut listener, LISTENER, Interest::READABLE)?;
    let mut origin = Origin::new(origin);
    let mut conns: HashMap<usize, Conn> = HashMap::new();
    let mut next = 0usize;
    let mut events = Events::with_capacity(1024);
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        poll.poll(&mut events, None)?;
        for ev in events.iter() {
            if ev.token() == LISTENER {
                while let Ok((mut stream, _)) = listener.accept() {
                    let _ = stream.set_nodelay(true);
                    let token = Token(next);
                    next = next.wrapping_add(1) % (usize::MAX - 1);
                    poll.registry().register(
                        &mut stream,
                        token,
                        Interest::READABLE | Interest::WRITABLE,
                    )?;
                    conns.insert(
                        token.0,
                        Conn {
                            stream,
                            inbuf: Vec::new(),
                            out: Vec::new(),
                            close_after: false,
                        },
                    );
                }
                continue;
            }
            let id = ev.token().0;
            let Some(c) = conns.get_mut(&id) else {
                continue;
            };
            let keep = turn(c, &mut buf, &mut origin);
            if !keep {
                if let Some(mut c) = conns.remove(&id) {
                    let _ = poll.registry().deregister(&mut c.stream);
                }
            }
        }
    }
}

/// Reads what there is, answers every whole request, writes what it can;
/// false when the connection is done.
fn turn(c: &mut Conn, buf: &mut [u8], origin: &mut Origin) -> bool {
    loop {
        match c.stream.read(buf) {
            Ok(0) => return false,
            Ok(n) => c.inbuf.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return false,
        }
    }
    let mut used = 0;
    while let Some(len) = request_len(&c.inbuf[used..]) {
        let request = &c.inbuf[used..used + len];
        match origin.answer(request) {
            Some(response) => c.out.extend_from_slice(response),
            None => return false,
        }
        c.close_after |= wants_close(request);
        used += len;
        if c.close_after {
            break;
        }
    }
    c.inbuf.drain(..used);
    if c.inbuf.len() > MAX_HEAD {
        return false;
    }
    while !c.out.is_empty() {
        match c.stream.write(&c.out) {
            Ok(0) => return false,
            Ok(n) => {
                c.out.drain(..n);
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return false,
        }
    }
    !c.close_after
}

/// The length of the whole request at the start of `b` (head and its
/// Content-Length body), when all of it is there.
fn request_len(b: &[u8]) -> Option<usize> {
    let head = b.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    let body = header(&b[..head], b"content-length")
        .and_then(|v| std::str::from_utf8(v).ok()?.trim().parse::<usize>().ok())
        .unwrap_or(0);
    (b.len() >= head + body).then_some(head + body)
}

/// The value of header `name` (lower case) in `head`.
fn header<'a>(head: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    head.split(|&c| c == b'\n').skip(1).find_map(|line| {
        let colon = line.iter().position(|&c| c == b':')?;
        line[..colon]
            .eq_ignore_ascii_case(name)
            .then(|| line[colon + 1..].trim_ascii())
    })
}

fn wants_close(request: &[u8]) -> bool {
    let head_end = request
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or(request.len());
    let head = &request[..head_end];
    match header(head, b"connection") {
        Some(v) => v.eq_ignore_ascii_case(b"close"),
        // HTTP/1.0 closes unless asked to keep alive.
        None => head
            .split(|&c| c == b'\n')
            .next()
            .is_some_and(|line| line.trim_ascii_end().ends_with(b"HTTP/1.0")),
    }
}

/// The real server and the responses it gave, by request.
struct Origin {
    addr: SocketAddr,
    conn: Option<StdStream>,
    cache: HashMap<Vec<u8>, Vec<u8>>,
    /// The last relayed response (past the cache's size).
    last: Vec<u8>,
}

impl Origin {
    fn new(addr: SocketAddr) -> Origin {
        Origin {
            addr,
            conn: None,
            cache: HashMap::new(),
            last: Vec::new(),
        }
    }

    /// The response to `request`: kept, or asked for (None: the origin
    /// could not answer).
    fn answer(&mut self, request: &[u8]) -> Option<&[u8]> {
        if self.cache.contains_key(request) {
            return self.cache.get(request).map(Vec::as_slice);
        }
        let response = self.ask(request).ok()?;
        if self.cache.len() < MAX_CACHED {
            self.cache.insert(request.to_vec(), response);
            return self.cache.get(request).map(Vec::as_slice);
        }
        self.last = response;
        Some(&self.last)
    }

    /// Sends `request` to the origin (kept alive, without its
    /// Connection: close) and reads one response with a Content-Length.
    fn ask(&mut self, request: &[u8]) -> io::Result<Vec<u8>> {
        for _ in 0..2 {
            if self.conn.is_none() {
                let s = StdStream::connect(self.addr)?;
                s.set_nodelay(true)?;
                self.conn = Some(s);
            }
            let conn = self.conn.as_mut().expect("connected above");
            match exchange(conn, request) {
                Ok(r) => return Ok(r),
                Err(_) => self.conn = None,
            }
        }
        Err(io::Error::other("the origin did not answer"))
    }
}

fn exchange(conn: &mut StdStream, request: &[u8]) -> io::Result<Vec<u8>> {
    conn.write_all(request)?;
    let mut got = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    loop {
        if let Some(head) = got.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = head + 4;
            let len = header(&got[..head], b"content-length")
                .and_then(|v| std::str::from_utf8(v).ok()?.trim().parse::<usize>().ok())
                .ok_or_else(|| io::Error::other("a response without Content-Length"))?;
            if got.len() >= head + len {
                got.truncate(head + len);
                return Ok(got);
            }
        }
        let n = conn.read(&mut buf)?;
        if n == 0 {
            return Err(io::Error::other("the origin closed"));
        }
        got.extend_from_slice(&buf[..n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_requests_are_found_with_their_bodies() {
        let get = b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n";
        assert_eq!(request_len(get), Some(get.len()));
        assert_eq!(request_len(&get[..10]), None);
        let post = b"POST /u HTTP/1.1\r\ncontent-length: 3\r\n\r\nabcGET";
        assert_eq!(request_len(post), Some(post.len() - 3));
        assert_eq!(request_len(&post[..post.len() - 5]), None);
    }

    #[test]
    fn close_is_read_from_the_header_or_http_1_0() {
        assert!(wants_close(b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n"));
        assert!(!wants_close(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
        assert!(wants_close(b"GET / HTTP/1.0\r\n\r\n"));
        assert!(!wants_close(
            b"GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"
        ));
    }
}
