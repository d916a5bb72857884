use super::*;

/// Writes `text` as a mix file in a fresh directory (with `extra` files
/// beside it) and reads it.
fn read_text(text: &str, extra: &[(&str, &[u8])]) -> Result<MixFileRead, String> {
    let dir = std::env::temp_dir().join(format!(
        "barrage-mix-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, bytes) in extra {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    let path = dir.join("mix.toml");
    std::fs::write(&path, text).unwrap();
    let out = read(&path, &[("X-All".into(), "1".into())]);
    std::fs::remove_dir_all(&dir).unwrap();
    out
}

#[test]
fn a_full_file_reads() {
    let text = r#"
[[request]]
name = "get"
path = "/baseline?a={rand 0..1000000}&b={rand 0..1000000}"
weight = 3

[[request]]
method = "POST"
path = "/baseline?x=1"
headers = { "Accept-Encoding" = "gzip, br", "X-All" = "mine" }
body = "{rand 0..10}"
chunked = true

[[request]]
method = "POST"
path = "/upload"
body = "@data.bin"
close = true

[[request]]
path = "/r"
body_random = 16

[[request]]
raw = "GETT / HTTP/1.1\r\nHost: x\r\n\r\n"

[[request]]
raw_random = 256
"#;
    let m = read_text(text, &[("data.bin", b"\x00\x01{rand 1..2}")])
        .unwrap()
        .mix;
    let names: Vec<&str> = m.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "get",
            "POST /baseline",
            "POST /upload",
            "GET /r",
            "raw GETT / HTTP/1.1",
            "raw 256 random bytes"
        ]
    );
    assert_eq!(m.entries[0].weight, 3);
    let MixSend::Http {
        request,
        body_placeholders,
        chunked,
    } = &m.entries[1].send
    else {
        panic!()
    };
    assert!(*body_placeholders && *chunked);
    assert!(
        request.headers.contains(&("X-All".into(), "mine".into())),
        "the file's own header wins"
    );
    let MixSend::Http {
        request,
        body_placeholders,
        ..
    } = &m.entries[2].send
    else {
        panic!()
    };
    assert_eq!(
        (&request.body[..], *body_placeholders),
        (&b"\x00\x01{rand 1..2}"[..], false)
    );
    assert!(request.headers.contains(&("X-All".into(), "1".into())));
    assert!(m.entries[2].close);
    let MixSend::Http { request, .. } = &m.entries[3].send else {
        panic!()
    };
    assert_eq!(request.body.len(), 16);
    assert_eq!(
        m.entries[4].send,
        MixSend::Raw(b"GETT / HTTP/1.1\r\nHost: x\r\n\r\n".to_vec())
    );
    let MixSend::Raw(bytes) = &m.entries[5].send else {
        panic!()
    };
    assert_eq!(bytes.len(), 256);
}

#[test]
fn bad_files_are_one_line_naming_file_and_line() {
    let cases: [(&str, usize, &str); 12] = [
        (
            "[[request]]\npath = \"/\"\nweight = 0\n",
            3,
            "positive integer",
        ),
        (
            "[[request]]\npath = \"/\"\nweight = -2\n",
            3,
            "positive integer",
        ),
        (
            "[[request]]\n\npath = \"/a?x={rand 5..1}\"\n",
            3,
            "{rand LO..HI}",
        ),
        (
            "[[request]]\npath = \"/\"\nbody = \"{rand 1..}\"\n",
            3,
            "placeholder",
        ),
        ("[[request]]\npath = \"/\"\nbogus = 1\n", 3, "bogus"),
        ("[[request]]\nmethod = \"GET\"\n", 1, "no path"),
        ("[[request]]\npath = \"x\"\n", 2, "must start with /"),
        (
            "[[request]]\nname = \"a\"\npath = \"/\"\n[[request]]\nname = \"a\"\npath = \"/x\"\n",
            4,
            "named \"a\"",
        ),
        (
            "[[request]]\npath = \"/\"\nbody = \"@missing.bin\"\n",
            3,
            "relative to the mix file",
        ),
        (
            "[[request]]\nraw = \"x\"\npath = \"/\"\n",
            2,
            "path does not apply",
        ),
        ("[[request]]\npath = \"/a b\"\n", 1, "space"),
        ("[[request]\npath = \"/\"\n", 1, "--mix"),
    ];
    for (text, line, says) in cases {
        let e = read_text(text, &[]).map(|_| ()).expect_err(text);
        assert!(!e.contains('\n'), "{text:?}: {e}");
        let at = format!("mix.toml:{line}: ");
        assert!(
            e.starts_with("--mix ") && e.contains(&at),
            "{text:?}: wanted {at}: {e}"
        );
        assert!(e.contains(says), "{text:?}: wanted {says:?}: {e}");
    }
    let e = read_text("", &[]).map(|_| ()).unwrap_err();
    assert!(e.contains("mix.toml:1: no [[request]]"), "{e}");
}

#[test]
fn default_names_alike_are_told_apart_by_line() {
    let text = "[[request]]\npath = \"/a?x=1\"\n\n[[request]]\npath = \"/a?x=2\"\n";
    let m = read_text(text, &[]).unwrap().mix;
    let names: Vec<&str> = m.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["GET /a", "GET /a (line 4)"]);
}

#[test]
fn the_run_checks_name_the_line() {
    let text = "[[request]]\npath = \"/\"\n\n[[request]]\nraw = \"GETT\"\n";
    let read = read_text(text, &[]).unwrap();
    assert!(read.check(Protocol::Http1, Scheme::Http, 1).is_ok());
    let e = read.check(Protocol::H2, Scheme::Http, 1).unwrap_err();
    assert!(
        e.contains("mix.toml:4: ") && e.contains("HTTP/1 only"),
        "{e}"
    );
    let e = read.check(Protocol::Http1, Scheme::Http, 8).unwrap_err();
    assert!(
        e.contains("mix.toml:4: ") && e.contains("--pipeline 1"),
        "{e}"
    );
}
