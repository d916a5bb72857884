//! The workloads of the contract's second edition: their names and what
//! each asks of a server. A workload is an endpoint, the request shape the
//! load sends and the checks a response must pass before any load
//! (docs/workloads.md states each one and the sources of its rules).
//!
//! This module is the list; the data the workloads serve is in
//! [`crate::data`], the checks in `crate::check`, the request shapes the
//! load sends in `crate::shape`.

use std::fmt;

/// One workload of the contract's second edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Workload {
    /// `GET /baseline?a=A&b=B` and `POST /baseline?a=A&b=B` with a number:
    /// the sum as text (HttpArena's baseline).
    Baseline,
    /// `GET /plaintext`, pipelined 16 deep: `Hello, World!` (TechEmpower's plaintext).
    Plaintext,
    /// `GET /json`: `{"message":"Hello, World!"}`, serialized per request (TechEmpower's json).
    Json,
    /// `GET /json/{count}?m={m}` over the 50-item dataset (HttpArena's JSON processing).
    JsonProcessing,
    /// The JSON processing request with `Accept-Encoding: gzip, br` (HttpArena's compression).
    Compression,
    /// `POST /upload` of 0.5 to 20 MB: the byte count received (HttpArena's upload).
    Upload,
    /// The 20 files of `/static/{name}`, in rotation, precompressed variants
    /// for the text ones (HttpArena's static files).
    StaticSet,
    /// The baseline mixed with malformed requests (HttpArena's noisy traffic).
    Noisy,
    /// `GET /db`: one random World row from PostgreSQL (TechEmpower's db).
    Db,
    /// `GET /queries?queries=N`: N random World rows, one query each
    /// (TechEmpower's queries).
    Queries,
    /// `GET /fortunes`: the Fortune table plus one row, sorted, as escaped
    /// HTML (TechEmpower's fortunes).
    Fortunes,
    /// `GET /updates?queries=N`: N World rows read, changed and written
    /// back (TechEmpower's updates).
    Updates,
    /// `GET /items?min=&max=&limit=`: an unindexed price-range search over
    /// 100,000 items (HttpArena's async-db).
    Items,
    /// `POST /echo` of 10 KB to 1 MB: the same bytes back (HttpArena's
    /// echo, its "8gbit" profile).
    Echo,
}

impl Workload {
    /// Every workload, in contract order.
    pub const ALL: [Workload; 14] = [
        Workload::Baseline,
        Workload::Plaintext,
        Workload::Json,
        Workload::JsonProcessing,
        Workload::Compression,
        Workload::Upload,
        Workload::StaticSet,
        Workload::Noisy,
        Workload::Db,
        Workload::Queries,
        Workload::Fortunes,
        Workload::Updates,
        Workload::Items,
        Workload::Echo,
    ];

    /// The workloads that need a database (docs/workloads.md, "Database
    /// workloads"): the lab starts PostgreSQL for them.
    pub const DATABASE: [Workload; 5] = [
        Workload::Db,
        Workload::Queries,
        Workload::Fortunes,
        Workload::Updates,
        Workload::Items,
    ];

    /// The name suites, manifests and the command line use.
    pub fn name(self) -> &'static str {
        match self {
            Workload::Baseline => "baseline",
            Workload::Plaintext => "plaintext",
            Workload::Json => "json",
            Workload::JsonProcessing => "json-processing",
            Workload::Compression => "compression",
            Workload::Upload => "upload",
            Workload::StaticSet => "static",
            Workload::Noisy => "noisy",
            Workload::Db => "db",
            Workload::Queries => "queries",
            Workload::Fortunes => "fortunes",
            Workload::Updates => "updates",
            Workload::Items => "items",
            Workload::Echo => "echo",
        }
    }

    /// The workload called `name`, if any.
    pub fn from_name(name: &str) -> Option<Workload> {
        Workload::ALL.into_iter().find(|w| w.name() == name)
    }

    /// Every name, comma-separated, for error messages.
    pub fn names() -> String {
        Workload::ALL.map(Workload::name).join(", ")
    }

    /// One line saying what the workload asks.
    pub fn summary(self) -> &'static str {
        match self {
            Workload::Baseline => "GET and POST /baseline?a=A&b=B: the sum as text/plain",
            Workload::Plaintext => "GET /plaintext pipelined 16 deep: Hello, World!",
            Workload::Json => "GET /json: {\"message\":\"Hello, World!\"} serialized per request",
            Workload::JsonProcessing => {
                "GET /json/{count}?m={m}: items of the dataset with their totals"
            }
            Workload::Compression => "the JSON processing request, gzip or br",
            Workload::Upload => "POST /upload of 0.5 to 20 MB: the bytes received",
            Workload::StaticSet => "20 static files in rotation, precompressed text",
            Workload::Noisy => "the baseline mixed with malformed requests",
            Workload::Db => "GET /db: one random World row from PostgreSQL",
            Workload::Queries => "GET /queries?queries=N: N World rows, one query each",
            Workload::Fortunes => "GET /fortunes: the Fortune table plus one, sorted, escaped HTML",
            Workload::Updates => "GET /updates?queries=N: N World rows read, changed, written back",
            Workload::Items => {
                "GET /items?min=&max=&limit=: a price-range search over 100,000 items"
            }
            Workload::Echo => "POST /echo of 10 KB to 1 MB: the same bytes back",
        }
    }

    /// Whether the workload needs a database.
    pub fn needs_database(self) -> bool {
        Workload::DATABASE.contains(&self)
    }

    /// Whether some of its answers are 4xx by design (noisy's malformed
    /// requests): non-2xx responses do not invalidate its numbers.
    pub fn answers_errors_by_design(self) -> bool {
        matches!(self, Workload::Noisy)
    }

    /// Whether the request takes a query count (`queries=N`).
    pub fn takes_queries(self) -> bool {
        matches!(self, Workload::Queries | Workload::Updates)
    }
}

impl fmt::Display for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Written by its name (`"json-processing"`), in suites, manifests and
/// results.json alike.
impl serde::Serialize for Workload {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Workload {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Workload, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Workload::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown workload '{name}' (the contract's: {})",
                Workload::names()
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for w in Workload::ALL {
            assert_eq!(Workload::from_name(w.name()), Some(w));
        }
        assert_eq!(Workload::from_name("JSON"), None);
        assert!(Workload::names().starts_with("baseline, plaintext"));
    }

    #[test]
    fn serde_writes_and_reads_the_name() {
        for w in Workload::ALL {
            let json = serde_json::to_string(&w).unwrap();
            assert_eq!(json, format!("\"{}\"", w.name()));
            assert_eq!(serde_json::from_str::<Workload>(&json).unwrap(), w);
        }
        let e = serde_json::from_str::<Workload>("\"jsn\"").unwrap_err();
        assert!(e.to_string().contains("unknown workload 'jsn'"), "{e}");
    }
}
