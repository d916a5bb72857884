//! A deliberately small raw HTTP/1.1 client over `std::net::TcpStream`, so
//! the tests do not share an HTTP implementation with the server.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use barrage_target::{Target, TargetConfig};

/// A target on an ephemeral loopback port with two workers.
pub fn start() -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 2,
        tls: None,
        h3: false,
    })
    .expect("target starts")
}

/// A parsed response.
#[derive(Debug)]
pub struct Resp {
    pub version: String,
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Resp {
    /// The value of the only `name` header; panics if repeated.
    pub fn header(&self, name: &str) -> Option<&str> {
        let mut values = self
            .headers
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str());
        let first = values.next();
        assert!(values.next().is_none(), "header {name} repeated");
        first
    }

    pub fn body_str(&self) -> &str {
        std::str::from_utf8(&self.body).expect("utf-8 body")
    }

    /// Asserts the headers every contract response carries.
    pub fn assert_common_headers(&self) {
        assert_eq!(
            self.header("server"),
            Some(barrage_target::contract::SERVER),
            "{self:?}"
        );
        let date = self.header("date").expect("date header");
        assert!(date.ends_with(" GMT"), "date {date:?}");
        assert!(self.header("content-type").is_some(), "{self:?}");
        assert!(self.header("content-length").is_some(), "{self:?}");
    }
}

/// One client connection.
pub struct Conn {
    reader: BufReader<TcpStream>,
}

impl Conn {
    pub fn connect(addr: SocketAddr) -> Conn {
        let stream = TcpStream::connect(addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream.set_nodelay(true).unwrap();
        Conn {
            reader: BufReader::new(stream),
        }
    }

    /// Writes raw bytes.
    pub fn send(&mut self, raw: &[u8]) {
        self.reader.get_mut().write_all(raw).expect("write");
    }

    /// Sends `METHOD target HTTP/1.1` without a body and reads the response.
    pub fn request(&mut self, method: &str, target: &str) -> Resp {
        self.send(format!("{method} {target} HTTP/1.1\r\nHost: test\r\n\r\n").as_bytes());
        self.read_response(method == "HEAD")
    }

    /// Reads one response; `head` means no body follows (response to HEAD).
    pub fn read_response(&mut self, head: bool) -> Resp {
        let status_line = self.line();
        let mut parts = status_line.splitn(3, ' ');
        let version = parts.next().unwrap().to_string();
        let status = parts
            .next()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("bad status line {status_line:?}"));
        let mut headers = Vec::new();
        loop {
            let line = self.line();
            if line.is_empty() {
                break;
            }
            let (name, value) = line
                .split_once(':')
                .unwrap_or_else(|| panic!("bad header line {line:?}"));
            headers.push((name.trim().to_string(), value.trim().to_string()));
        }
        let mut resp = Resp {
            version,
            status,
            headers,
            body: Vec::new(),
        };
        assert!(
            resp.header("transfer-encoding").is_none(),
            "unexpected chunked response"
        );
        if !head {
            let len: usize = resp
                .header("content-length")
                .expect("content-length")
                .parse()
                .expect("numeric content-length");
            resp.body = vec![0; len];
            self.reader.read_exact(&mut resp.body).expect("body");
        }
        resp
    }

    /// True once the server has closed the connection (EOF).
    pub fn is_closed(&mut self) -> bool {
        let mut buf = [0u8; 1];
        matches!(self.reader.read(&mut buf), Ok(0))
    }

    fn line(&mut self) -> String {
        let mut line = String::new();
        self.reader.read_line(&mut line).expect("read line");
        assert!(line.ends_with("\r\n"), "unterminated line {line:?}");
        line.truncate(line.len() - 2);
        line
    }
}

/// One GET on a fresh connection.
pub fn get(addr: SocketAddr, target: &str) -> Resp {
    Conn::connect(addr).request("GET", target)
}
