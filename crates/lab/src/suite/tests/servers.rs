//! Servers' variants and the suite's hosts.

use std::collections::BTreeMap;

use super::*;

#[test]
fn variants_expand_to_every_combination_in_file_order() {
    let text = edit(
        "name = \"a\"",
        "name = \"a\"\nlabel = \"A\"\nvars = { FIXED = \"x\" }\n[server.variants]\nTHREADS = [1, 2]\ncores = [\"1\", \"all\"]\nMODE = \"fast\"",
    );
    let s = parse(&text).unwrap();
    let got: Vec<(&str, Option<&[usize]>)> = s.servers[0]
        .variants
        .iter()
        .map(|v| (v.label.as_str(), v.cores.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            ("A THREADS=1 cores=1 MODE=fast", Some(&[1][..])),
            ("A THREADS=1 cores=all MODE=fast", Some(&[][..])),
            ("A THREADS=2 cores=1 MODE=fast", Some(&[1][..])),
            ("A THREADS=2 cores=all MODE=fast", Some(&[][..])),
        ]
    );
    let vars = &s.servers[0].variants[2].vars;
    let want: BTreeMap<String, String> = [("FIXED", "x"), ("MODE", "fast"), ("THREADS", "2")]
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .into();
    assert_eq!(vars, &want);
    // Entry-level cores hold for every variant; the suite's are the default.
    let text = edit(
        "name = \"a\"",
        "name = \"a\"\ncores = \"2-3\"\n[[server]]\nname = \"b\"",
    )
    .replace("[load]", "[cores]\nserver = [1]\nclient = \"0\"\n[load]");
    let s = parse(&text).unwrap();
    let (a, b) = (&s.servers[0].variants[0], &s.servers[1].variants[0]);
    assert_eq!(
        (s.server_cores(a), s.server_cores(b)),
        (&[2, 3][..], &[1][..])
    );
    assert_eq!(s.cores.client, [0]);
}

#[test]
fn hosts_are_both_or_neither_and_named_once() {
    let s = parse(&format!(
        "server_host = \"srv\"\nclient_hosts = [\"c1\", \"c2\"]\ninventory = \"../labs/x.toml\"\n{VALID}"
    ))
    .unwrap();
    let h = s.hosts.unwrap();
    assert_eq!(
        (h.server.as_str(), h.clients, h.inventory.as_deref()),
        (
            "srv",
            vec!["c1".to_string(), "c2".into()],
            Some("../labs/x.toml")
        )
    );
    assert!(parse(VALID).unwrap().hosts.is_none());
    let e = error(&format!("server_host = \"srv\"\n{VALID}"));
    assert!(e.contains("server_host without client_hosts"), "{e}");
    let e = error(&format!("client_hosts = [\"c1\"]\n{VALID}"));
    assert!(e.contains("client_hosts without server_host"), "{e}");
    let e = error(&format!(
        "server_host = \"srv\"\nclient_hosts = [\"c1\", \"c1\"]\n{VALID}"
    ));
    assert!(
        e.contains("client_hosts[1]") && e.contains("named twice"),
        "{e}"
    );
    let e = error(&format!(
        "server_host = \"srv\"\nclient_hosts = []\n{VALID}"
    ));
    assert!(e.contains("no client host"), "{e}");
    let e = error(&format!("inventory = \"x.toml\"\n{VALID}"));
    assert!(e.contains("inventory without server_host"), "{e}");
}
