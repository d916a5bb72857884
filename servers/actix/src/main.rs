//! actix-web serving barrage's endpoint contract (`/hello`, `/xml`,
//! `/static/6b`, `/static/4k`), the eight workloads of docs/workloads.md
//! and its five database workloads (src/db.rs; `DATABASE_URL` and
//! `DATABASE_POOL` from the environment), as actix applications are usually written: one
//! `App` with a resource per path, `web::Data` for what is read at start,
//! serde for JSON, the Compress middleware for the compression workload,
//! N single-threaded workers (one per core by `--workers 0`, as
//! TechEmpower's actix entries run).
//!
//! Usage: server --listen ADDR --workers N --data DIR --docroot DIR
//! (DIR of `--data`: the repository's data/workloads; of `--docroot`:
//! servers/nginx/docroot).

mod data;
mod db;
mod handlers;

use std::path::PathBuf;
use std::process::exit;
use std::time::Duration;

use actix_web::http::header::SERVER;
use actix_web::http::KeepAlive;
use actix_web::middleware::{Compress, DefaultHeaders};
use actix_web::{guard, web, App, HttpServer, Route};

use crate::data::Data;
use crate::db::Db;
use crate::handlers as h;

struct Args {
    listen: String,
    workers: usize,
    data: PathBuf,
    docroot: PathBuf,
}

const USAGE: &str = "usage: server --listen ADDR --workers N --data DIR --docroot DIR";

fn args() -> Result<Args, String> {
    let (mut listen, mut workers, mut data, mut docroot) = (None, None, None, None);
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value; {USAGE}"))?;
        match flag.as_str() {
            "--listen" => listen = Some(value),
            "--workers" => {
                let n: usize = value.parse().map_err(|_| {
                    format!("--workers {value}: expected a number (0: one per core)")
                })?;
                workers = Some(n);
            }
            "--data" => data = Some(PathBuf::from(value)),
            "--docroot" => docroot = Some(PathBuf::from(value)),
            _ => return Err(format!("unknown argument {flag}; {USAGE}")),
        }
    }
    let missing = |what: &str| format!("{what} is required; {USAGE}");
    let workers = match workers.unwrap_or(1) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    Ok(Args {
        listen: listen.ok_or_else(|| missing("--listen"))?,
        workers,
        data: data.ok_or_else(|| missing("--data"))?,
        docroot: docroot.ok_or_else(|| missing("--docroot"))?,
    })
}

/// GET, and HEAD wherever GET is (actix sends a HEAD response's headers only).
fn get() -> Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/plaintext").route(get().to(h::plaintext)))
        .service(web::resource("/json").route(get().to(h::json)))
        .service(
            web::resource("/json/{count}")
                .wrap(Compress::default())
                .route(get().to(h::json_processing)),
        )
        .service(
            web::resource("/baseline")
                .app_data(web::PayloadConfig::new(h::MAX_BASELINE_BODY))
                .route(get().to(h::baseline_get))
                .route(web::post().to(h::baseline_post)),
        )
        .service(web::resource("/upload").route(web::post().to(h::upload)))
        .service(web::resource("/static/{name}").route(get().to(h::static_file)))
        .service(web::resource("/hello").route(get().to(h::hello)))
        .service(web::resource("/xml").route(get().to(h::xml)))
        .service(web::resource("/db").route(get().to(db::db)))
        .service(web::resource("/queries").route(get().to(db::queries_handler)))
        .service(web::resource("/fortunes").route(get().to(db::fortunes)))
        .service(web::resource("/updates").route(get().to(db::updates)))
        .service(web::resource("/items").route(get().to(db::items)));
}

/// Raises the soft open-files limit to the hard one, as Go's runtime does
/// by itself: a level of 16,384 connections needs as many descriptors.
fn raise_open_files_limit() {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into, and setrlimit reads, a struct we own.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 && lim.rlim_cur < lim.rlim_max {
            lim.rlim_cur = lim.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        }
    }
}

fn main() {
    raise_open_files_limit();
    let args = args().unwrap_or_else(|e| {
        eprintln!("actix: {e}");
        exit(2)
    });
    let data = Data::load(&args.data, &args.docroot).unwrap_or_else(|e| {
        eprintln!("actix: {e}");
        exit(1)
    });
    let data = web::Data::new(data);
    let db = Db::from_env().unwrap_or_else(|e| {
        eprintln!("actix: {e}");
        exit(2)
    });
    eprintln!("actix: {}", db.describe());
    let db = web::Data::new(db);
    let listen = args.listen.clone();
    let result = actix_web::rt::System::new().block_on(async move {
        HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .app_data(db.clone())
                .wrap(DefaultHeaders::new().add((SERVER, "actix")))
                .configure(routes)
                .default_service(web::to(h::not_found))
        })
        .workers(args.workers)
        .backlog(16_384)
        // nginx's keepalive_timeout; actix's default (5 s) would drop
        // idle connections of a large level between its phases.
        .keep_alive(KeepAlive::Timeout(Duration::from_secs(75)))
        .shutdown_timeout(1)
        .bind(&args.listen)?
        .run()
        .await
    });
    if let Err(e) = result {
        eprintln!("actix: {listen}: {e}");
        exit(1);
    }
}
