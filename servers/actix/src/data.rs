//! The data the workloads serve, read once at start: the JSON processing
//! dataset (`data/workloads/dataset.json`), the static set
//! (`data/workloads/static/`, its types from `index.tsv`, the `.gz` and
//! `.br` variants of the text files) and the contract's `/static/6b` and
//! `/static/4k` (servers/nginx/docroot). Everything is in memory: the
//! handlers clone `Bytes`, which is a reference count.

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use actix_web::web::Bytes;
use serde::{Deserialize, Serialize};

/// One item of the dataset. Money in cents, ratings in tenths: integers.
#[derive(Debug, Deserialize)]
pub struct Item {
    pub id: u64,
    pub name: String,
    pub category: String,
    pub price: u64,
    pub quantity: u64,
    pub active: bool,
    pub tags: Vec<String>,
    pub rating: Rating,
}

#[derive(Debug, Deserialize, Serialize)]
pub struct Rating {
    pub score: u64,
    pub count: u64,
}

/// A file of `/static/{name}` with its precompressed variants, if any.
pub struct StaticFile {
    pub content_type: &'static str,
    pub body: Bytes,
    pub gzip: Option<Bytes>,
    pub brotli: Option<Bytes>,
}

/// Everything the handlers read, shared by all workers.
pub struct Data {
    pub items: Vec<Item>,
    pub files: HashMap<String, StaticFile>,
}

impl Data {
    /// Reads the dataset and the static set from `workloads` (the
    /// repository's `data/workloads`) and the contract's two static
    /// bodies from `docroot` (servers/nginx/docroot).
    pub fn load(workloads: &Path, docroot: &Path) -> Result<Data, String> {
        let dataset = workloads.join("dataset.json");
        let items: Vec<Item> = serde_json::from_slice(&read(&dataset)?)
            .map_err(|e| format!("{}: {e}", dataset.display()))?;
        let mut files = static_set(&workloads.join("static"))?;
        for name in ["6b", "4k"] {
            let body = read(&docroot.join("static").join(name))?;
            let file = StaticFile {
                content_type: "application/octet-stream",
                body: body.into(),
                gzip: None,
                brotli: None,
            };
            files.insert(name.to_string(), file);
        }
        Ok(Data { items, files })
    }
}

/// The files `index.tsv` lists: name, content type, size, sha256,
/// precompressed (1 when NAME.gz and NAME.br exist).
fn static_set(dir: &Path) -> Result<HashMap<String, StaticFile>, String> {
    let index_path = dir.join("index.tsv");
    let index = String::from_utf8(read(&index_path)?)
        .map_err(|_| format!("{}: not UTF-8", index_path.display()))?;
    let mut files = HashMap::new();
    for (n, line) in index.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() != 5 {
            return Err(format!(
                "{}:{}: expected 5 tab-separated columns",
                index_path.display(),
                n + 1
            ));
        }
        let name = cols[0];
        let variant = |ext: &str| read(&dir.join(format!("{name}.{ext}"))).map(Bytes::from);
        let (gzip, brotli) = if cols[4] == "1" {
            (Some(variant("gz")?), Some(variant("br")?))
        } else {
            (None, None)
        };
        let file = StaticFile {
            content_type: Box::leak(cols[1].to_string().into_boxed_str()),
            body: read(&dir.join(name))?.into(),
            gzip,
            brotli,
        };
        files.insert(name.to_string(), file);
    }
    Ok(files)
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}
