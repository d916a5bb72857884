//! A settings-only script's request, read back from the bytes wrk.format()
//! gives into the engine's [`RequestTemplate`].

use barrage_engine::RequestTemplate;

/// `bytes` (one HTTP/1.1 request as wrk.format() writes it) as a template.
/// The Host header is left out when it says what the engine would say
/// (`authority`); any other Host is kept.
pub(crate) fn template(bytes: &[u8], authority: &str) -> Result<RequestTemplate, String> {
    let mut headers = [httparse::EMPTY_HEADER; 128];
    let mut request = httparse::Request::new(&mut headers);
    let head_len = match request.parse(bytes) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => {
            return Err(
                "the script's request is incomplete (no blank line after the headers)".into(),
            )
        }
        Err(e) => return Err(format!("the script's request is not valid HTTP/1.1: {e}")),
    };
    let method = request.method.unwrap_or("GET").to_string();
    let path = request.path.unwrap_or("/").to_string();
    let mut kept = Vec::new();
    let mut content_length = None;
    for h in request.headers.iter() {
        let value = String::from_utf8_lossy(h.value).into_owned();
        if h.name.eq_ignore_ascii_case("content-length") {
            content_length = value.trim().parse::<usize>().ok();
        }
        if h.name == "Host" && value == authority {
            continue;
        }
        kept.push((h.name.to_string(), value));
    }
    let body = &bytes[head_len..];
    if body.len() != content_length.unwrap_or(0) {
        return Err(format!(
            "the script's request is not one whole request: {} bytes follow its head, Content-Length says {}",
            body.len(),
            content_length.map_or("nothing".to_string(), |n| n.to_string())
        ));
    }
    Ok(RequestTemplate {
        method,
        path,
        headers: kept,
        body: body.to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_a_formatted_request() {
        let t = template(
            b"POST /p?q HTTP/1.1\r\nHost: h:1\r\nX-A: 1\r\nContent-Length: 3\r\n\r\nabc",
            "h:1",
        )
        .unwrap();
        assert_eq!(t.method, "POST");
        assert_eq!(t.path, "/p?q");
        assert_eq!(
            t.headers,
            vec![
                ("X-A".to_string(), "1".to_string()),
                ("Content-Length".to_string(), "3".to_string())
            ]
        );
        assert_eq!(t.body, b"abc");
        let other_host = template(b"GET / HTTP/1.1\r\nHost: other\r\n\r\n", "h:1").unwrap();
        assert_eq!(other_host.headers, vec![("Host".into(), "other".into())]);
        assert!(template(b"GET / HTTP/1.1\r\n\r\nextra", "h").is_err());
        assert!(template(b"GET / HTTP/1.1\r\n", "h").is_err());
    }
}
