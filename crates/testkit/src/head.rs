//! HTTP/1 request heads: where one ends. The test servers of this crate
//! read requests with it; it imports none of them.

/// Find the end of an HTTP request head in `buf`; returns the head's length (including the
/// blank line) if it is complete. Accepts `\r\n\r\n` and bare `\n\n` line endings.
pub fn find_head_end(buf: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(p) = buf[i..].iter().position(|&b| b == b'\n') {
        let nl = i + p;
        match buf.get(nl + 1) {
            Some(b'\n') => return Some(nl + 2),
            Some(b'\r') if buf.get(nl + 2) == Some(&b'\n') => return Some(nl + 3),
            _ => i = nl + 1,
        }
    }
    None
}
