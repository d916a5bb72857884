//! The data the workloads serve: the JSON processing dataset and the static
//! set, both made by `scripts/make-workload-data.py` from a fixed seed and
//! checked in under `data/workloads/` (the files are compiled in, so that
//! `barrage serve` and the lab's checks need nothing beside the binary).
//!
//! Also the fixed bodies of the second edition and the rules of its
//! queries, as pure functions over them: `barrage serve` answers with them
//! and the lab's checks compare with them, so both read one definition.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::query_param;

/// Body of `GET /plaintext` (TechEmpower's plaintext test).
pub const PLAINTEXT_BODY: &[u8] = b"Hello, World!";
/// The `message` of `GET /json` (TechEmpower's json test).
pub const JSON_MESSAGE: &str = "Hello, World!";
/// Items in the JSON processing dataset.
pub const DATASET_LEN: usize = 50;
/// Largest multiplier `m` of `/json/{count}?m={m}`; larger values are clamped.
pub const MAX_MULTIPLIER: u64 = 1_000_000;
/// Largest body `/upload` must accept (HttpArena uploads up to 20 MB).
pub const MAX_UPLOAD: u64 = 32 << 20;
/// Upload sizes the workload sends, in bytes (0.5, 2, 10 and 20 MB).
pub const UPLOAD_SIZES: [usize; 4] = [500_000, 2_000_000, 10_000_000, 20_000_000];
/// Largest body `/echo` must echo; a larger one is answered 413.
pub const MAX_ECHO: u64 = 4 << 20;
/// Echo sizes the workload sends, in bytes: 10 KB and 100 KB (HttpArena's
/// "8gbit" profile sends 100 KB) and 1 MB.
pub const ECHO_SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];
/// `Content-Type` of `barrage serve`'s echo (the checks accept any).
pub const ECHO_CONTENT_TYPE: &str = "application/octet-stream";
/// The dataset as checked in (`data/workloads/dataset.json`).
pub const DATASET_JSON: &str = include_str!("../../../data/workloads/dataset.json");

/// One item of the JSON processing dataset. Money and ratings are integers
/// (cents, tenths) so that totals are exact in every language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub id: u64,
    pub name: String,
    pub category: String,
    /// In cents.
    pub price: u64,
    pub quantity: u64,
    pub active: bool,
    pub tags: Vec<String>,
    pub rating: Rating,
}

/// An item's rating: `score` in tenths (10 to 50), `count` of votes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rating {
    pub score: u64,
    pub count: u64,
}

/// An item as `/json/{count}` returns it: the item's fields and its total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProcessedItem {
    #[serde(flatten)]
    pub item: Item,
    /// `price × quantity × m`.
    pub total: u64,
}

/// The body of `/json/{count}?m={m}`: `{"items":[…],"count":N}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Processed {
    pub items: Vec<ProcessedItem>,
    pub count: usize,
}

/// The 50 items, parsed once.
pub fn dataset() -> &'static [Item] {
    static ITEMS: OnceLock<Vec<Item>> = OnceLock::new();
    ITEMS.get_or_init(|| {
        serde_json::from_str(DATASET_JSON).expect("data/workloads/dataset.json is valid")
    })
}

/// Why a `/json/{count}` or `/baseline` request is answered 400.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRequest(pub &'static str);

/// The `count` of a `/json/{count}` path segment: a decimal integer,
/// clamped to [`DATASET_LEN`].
pub fn parse_count(segment: &str) -> Result<usize, BadRequest> {
    digits(
        segment,
        "count in /json/{count} must be a non-negative integer",
    )
    .map(|n| n.min(DATASET_LEN as u64) as usize)
}

/// The multiplier `m` of a `/json/{count}` query: 1 when absent, else a
/// decimal integer clamped to [`MAX_MULTIPLIER`].
pub fn parse_multiplier(query: Option<&str>) -> Result<u64, BadRequest> {
    match query_param(query, "m") {
        None => Ok(1),
        Some(m) => digits(&m, "query parameter m must be a non-negative integer")
            .map(|m| m.min(MAX_MULTIPLIER)),
    }
}

/// The answer to `/json/{count}?m={m}`: the first `count` items with their totals.
pub fn processed(count: usize, m: u64) -> Processed {
    let items: Vec<ProcessedItem> = dataset()
        .iter()
        .take(count)
        .map(|item| ProcessedItem {
            total: item.price * item.quantity * m,
            item: item.clone(),
        })
        .collect();
    Processed {
        count: items.len(),
        items,
    }
}

/// The `a` and `b` of `/baseline?a=A&b=B`: decimal integers, either sign.
pub fn parse_baseline_query(query: Option<&str>) -> Result<(i64, i64), BadRequest> {
    let a = query_param(query, "a").ok_or(BadRequest("missing query parameter a"))?;
    let b = query_param(query, "b").ok_or(BadRequest("missing query parameter b"))?;
    let a = integer(&a).ok_or(BadRequest("query parameter a must be an integer"))?;
    let b = integer(&b).ok_or(BadRequest("query parameter b must be an integer"))?;
    Ok((a, b))
}

/// The number a `POST /baseline` carries: a decimal integer, surrounding
/// ASCII whitespace ignored.
pub fn parse_baseline_body(body: &[u8]) -> Result<i64, BadRequest> {
    std::str::from_utf8(body)
        .ok()
        .and_then(|s| integer(s.trim_ascii()))
        .ok_or(BadRequest("the body of POST /baseline must be an integer"))
}

/// The sum `/baseline` answers, wrapping on overflow as two's complement
/// (the load keeps to small numbers; a server may not be asked beyond i64).
pub fn baseline_sum(a: i64, b: i64, body: Option<i64>) -> i64 {
    a.wrapping_add(b).wrapping_add(body.unwrap_or(0))
}

fn digits(s: &str, why: &'static str) -> Result<u64, BadRequest> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BadRequest(why));
    }
    Ok(s.parse().unwrap_or(u64::MAX))
}

fn integer(s: &str) -> Option<i64> {
    let unsigned = s.strip_prefix('-').unwrap_or(s);
    if unsigned.is_empty() || unsigned.len() > 18 || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// One file of the static set.
#[derive(Debug, Clone, Copy)]
pub struct StaticFile {
    /// Served at `/static/{name}`.
    pub name: &'static str,
    pub content_type: &'static str,
    pub body: &'static [u8],
    /// SHA-256 of `body`, lower-case hex.
    pub sha256: &'static str,
    /// Precompressed variants (text files only): gzip, brotli.
    pub gzip: Option<&'static [u8]>,
    pub brotli: Option<&'static [u8]>,
}

impl StaticFile {
    /// The path the file is served at.
    pub fn path(&self) -> String {
        format!("/static/{}", self.name)
    }
}

macro_rules! text {
    ($name:literal, $ct:literal, $sha:literal) => {
        StaticFile {
            name: $name,
            content_type: $ct,
            body: include_bytes!(concat!("../../../data/workloads/static/", $name)),
            sha256: $sha,
            gzip: Some(include_bytes!(concat!(
                "../../../data/workloads/static/",
                $name,
                ".gz"
            ))),
            brotli: Some(include_bytes!(concat!(
                "../../../data/workloads/static/",
                $name,
                ".br"
            ))),
        }
    };
}

macro_rules! binary {
    ($name:literal, $ct:literal, $sha:literal) => {
        StaticFile {
            name: $name,
            content_type: $ct,
            body: include_bytes!(concat!("../../../data/workloads/static/", $name)),
            sha256: $sha,
            gzip: None,
            brotli: None,
        }
    };
}

/// The 20 files of the static set, in the order the load requests them
/// (`data/workloads/static/index.tsv`).
pub static STATIC_FILES: [StaticFile; 20] = [
    text!(
        "index.html",
        "text/html; charset=utf-8",
        "5790a4941633fa829f0cf44952f0b50bd33b8d6e499b758ee6a20aa100748b39"
    ),
    text!(
        "about.html",
        "text/html; charset=utf-8",
        "6f0e9ed15196ddf0deda2e9fe8280bf358a8885953f112aad25c01728ca23fae"
    ),
    text!(
        "docs.html",
        "text/html; charset=utf-8",
        "045855a5192752576060acafc6ad8835d2c71c8c1745f9aa3b46c0e154f5b139"
    ),
    text!(
        "style.css",
        "text/css; charset=utf-8",
        "78b16e212f544d6f9888a7c2424d9486cba7e8117837ae33e38816482986622b"
    ),
    text!(
        "theme.css",
        "text/css; charset=utf-8",
        "94409f909d4f0b0e1eff912ca1de423415ec5c73b7b094704f11155a8c1ed3ac"
    ),
    text!(
        "runtime.js",
        "text/javascript; charset=utf-8",
        "7e6abb2a69d11c0671ed1bec472cebfef17f97684e9b5a18363e2a910ce407aa"
    ),
    text!(
        "app.js",
        "text/javascript; charset=utf-8",
        "1c84b94891b4c078fa8e31eceb038468c9cfab87d7cc1b40e9e0a58fb7d7bc38"
    ),
    text!(
        "chart.js",
        "text/javascript; charset=utf-8",
        "122438b2f95fc0a7c59ca4bda2153095e8b1e0beede46198702610be4ee80f3e"
    ),
    text!(
        "vendor.js",
        "text/javascript; charset=utf-8",
        "35844278558bfae90fc56cfbc18a479337e654f35c99b3099a36b880e295fc5c"
    ),
    text!(
        "logo.svg",
        "image/svg+xml",
        "e76c1e75623c0b3bdc8b46273fe59d5481eebb60fb3516ff17c54165a894a082"
    ),
    text!(
        "icons.svg",
        "image/svg+xml",
        "daaaa3df8d78244ec5ff51003f3ae7506dea98a3e4ff65802f680a477c7b5b2d"
    ),
    text!(
        "manifest.json",
        "application/json",
        "3a68aa43d395a29cc3f2c36a1f7c33eeba0952def3d41948277ded49a0759da6"
    ),
    text!(
        "i18n.json",
        "application/json",
        "443fb6b0ebe5ecb1c0237d497a279f49d0c68d141b23dfa8da5e2e3a8b01c24e"
    ),
    text!(
        "data.json",
        "application/json",
        "1941651a52f3456f3db6c4ca8ca190fbded2cfaedb1d53d65469c5173136699f"
    ),
    binary!(
        "thumb-1.webp",
        "image/webp",
        "b739c7f7c33c487e62925817ae12a3f1d3ca1141d77731bf32b9bd54e28f221f"
    ),
    binary!(
        "thumb-2.webp",
        "image/webp",
        "360e50586c8fa110bbdd8364ed8f3749ac401836c4e2408897d77a580ef9a9de"
    ),
    binary!(
        "photo.webp",
        "image/webp",
        "89e0fee1a27e45fafef6baafb4e3cc234a1947cf08588f2f90ff76e1835759f4"
    ),
    binary!(
        "hero.webp",
        "image/webp",
        "8827ed3da758f708ded0de47b54aa8849ac3faa49e4cd0b4ee422829244fda16"
    ),
    binary!(
        "font-regular.woff2",
        "font/woff2",
        "aaaea65d6818cab1bf4d6bf6266d96f4c04d92e386f8ed13f729f68d82b73220"
    ),
    binary!(
        "font-bold.woff2",
        "font/woff2",
        "3e4a434ca50f7cbb40ec4b42e480594d47079b29f7ea8d964d60957e85005fec"
    ),
];

/// The static file served at `/static/{name}`, if any.
pub fn static_file(name: &str) -> Option<&'static StaticFile> {
    STATIC_FILES.iter().find(|f| f.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dataset_has_fifty_items_numbered_from_one() {
        let items = dataset();
        assert_eq!(items.len(), DATASET_LEN);
        for (i, item) in items.iter().enumerate() {
            assert_eq!(item.id, i as u64 + 1);
            assert!(item.price >= 100 && item.quantity >= 1);
        }
    }

    #[test]
    fn processed_totals_are_exact() {
        let p = processed(3, 7);
        assert_eq!(p.count, 3);
        let first = &dataset()[0];
        assert_eq!(p.items[0].total, first.price * first.quantity * 7);
        assert_eq!(processed(500, 1).count, DATASET_LEN);
        assert_eq!(processed(0, 1).count, 0);
        let json = serde_json::to_value(&p).unwrap();
        assert_eq!(json["items"][0]["id"], 1);
        assert_eq!(json["items"][0]["rating"]["score"], first.rating.score);
    }

    #[test]
    fn query_rules() {
        assert_eq!(parse_count("7"), Ok(7));
        assert_eq!(parse_count("51"), Ok(50));
        assert!(
            parse_count("").is_err() && parse_count("-1").is_err() && parse_count("x").is_err()
        );
        assert_eq!(parse_multiplier(None), Ok(1));
        assert_eq!(parse_multiplier(Some("m=3")), Ok(3));
        assert_eq!(parse_multiplier(Some("m=99999999")), Ok(MAX_MULTIPLIER));
        assert!(parse_multiplier(Some("m=1.5")).is_err());
        assert_eq!(parse_baseline_query(Some("a=-3&b=10")), Ok((-3, 10)));
        assert!(parse_baseline_query(Some("a=1")).is_err());
        assert!(parse_baseline_query(Some("a=x&b=1")).is_err());
        assert_eq!(parse_baseline_body(b" 42\n"), Ok(42));
        assert!(parse_baseline_body(b"4 2").is_err());
        assert_eq!(baseline_sum(1, 2, Some(3)), 6);
    }

    #[test]
    fn static_set_matches_its_index() {
        use sha2::{Digest, Sha256};
        let index = include_str!("../../../data/workloads/static/index.tsv");
        let rows: Vec<&str> = index.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(rows.len(), STATIC_FILES.len());
        for (row, file) in rows.iter().zip(&STATIC_FILES) {
            let cols: Vec<&str> = row.split('\t').collect();
            assert_eq!(cols[0], file.name);
            assert_eq!(cols[1], file.content_type);
            assert_eq!(cols[2].parse::<usize>().unwrap(), file.body.len());
            let digest: String = Sha256::digest(file.body)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert_eq!(digest, file.sha256, "{}", file.name);
            assert_eq!(cols[4] == "1", file.gzip.is_some() && file.brotli.is_some());
        }
        assert!(static_file("vendor.js").is_some());
        assert!(static_file("missing.js").is_none());
    }
}
