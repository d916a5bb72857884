//! `barrage verify SERVER|URL --workload W`: a workload's checks alone, as
//! TechEmpower's `--mode verify` runs them (docs/workloads.md). A URL is
//! checked as it is; a catalogue server is built and started as the lab
//! starts it (its prepare and start calls, on this machine), checked, and
//! stopped. One line per check; exit 0 when every check passed, 1 when any
//! failed, 2 on bad input. The database workloads' checks read the
//! server's PostgreSQL at `--database URL` (default: env `DATABASE_URL`),
//! which a catalogue server started here is given too; without one, verify
//! starts the lab's own PostgreSQL for a catalogue server (as a suite's
//! `[[service]]`) and stops it after.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use barrage_lab::host::{Call, Hosts, Prepared, ServiceStarted, Started, CALL_LIMIT};
use barrage_lab::manifest::ServerSpec;
use barrage_lab::suite::{Service, Variant};
use barrage_lab::validate::{redact, run_checks, CheckOutcome, Target, Workload};

use crate::exit::{usage_error, EXIT_FAILED};

/// The workloads verify checks, from the contract's list: those without a
/// database, then those that need one.
fn workloads_help() -> String {
    let names = |database: bool| {
        let of = Workload::ALL
            .into_iter()
            .filter(|w| Workload::DATABASE.contains(w) == database);
        of.map(Workload::name).collect::<Vec<_>>().join(", ")
    };
    format!(
        "Workloads: {}; with a database also {} (docs/workloads.md).",
        names(false),
        names(true)
    )
}

#[derive(Debug, Clone, clap::Args)]
#[command(
    after_help = format!("{}\n\nExamples:\n  barrage verify http://127.0.0.1:8080 --workload json,plaintext\n  barrage verify go-http\n  barrage verify barrage-target --workload upload\n  barrage verify http://127.0.0.1:8080 --workload db,updates --database postgres://benchmarkdbuser:benchmarkdbpass@127.0.0.1:5432/hello_world", workloads_help())
)]
pub struct VerifyArgs {
    /// A server of the catalogue (servers/NAME/server.toml), or an http:// URL.
    target: String,
    /// The workloads to check (repeat or comma-separate) [default: those the server
    /// declares; for a URL the eight without a database, all thirteen with one].
    #[arg(long, value_name = "W", value_delimiter = ',')]
    workload: Vec<String>,
    /// The server manifests.
    #[arg(long, value_name = "DIR", default_value = "servers")]
    servers: PathBuf,
    /// How long each check may take (its required waits on top).
    #[arg(long, value_name = "DURATION", default_value = "5s", value_parser = humantime::parse_duration)]
    timeout: Duration,
    /// The seed of the checks' numbers and bodies [default: from the clock; printed].
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// The server's PostgreSQL (postgres://USER:PASSWORD@HOST:PORT/DB): the database
    /// workloads' checks compare the answers with its rows, and a catalogue server
    /// started here gets it as DATABASE_URL [default: env DATABASE_URL].
    #[arg(long, value_name = "URL")]
    database: Option<String>,
}

pub fn main(args: VerifyArgs) -> ExitCode {
    let mut asked = Vec::new();
    for name in &args.workload {
        match Workload::from_name(name.trim()) {
            Some(w) if !asked.contains(&w) => asked.push(w),
            Some(_) => {}
            None => {
                return usage_error(format!(
                    "--workload {name}: unknown workload; expected one of {}",
                    Workload::names()
                ))
            }
        }
    }
    let database = args.database.clone().or_else(database_from_env);
    if let Some(url) = &database {
        if !url.starts_with("postgres://") && !url.starts_with("postgresql://") {
            return usage_error(format!("--database {}: not a postgres:// URL", redact(url)));
        }
    }
    let args = VerifyArgs { database, ..args };
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    if args.target.contains("://") {
        let (host, port) = match http_target(&args.target) {
            Ok(hp) => hp,
            Err(e) => return usage_error(e),
        };
        let workloads = match (asked.is_empty(), &args.database) {
            (true, Some(_)) => Workload::ALL.to_vec(),
            (true, None) => Workload::ALL
                .into_iter()
                .filter(|w| !w.needs_database())
                .collect(),
            (false, _) => asked,
        };
        println!("verify {host}:{port} (seed {seed})");
        return exit(verify(&workloads, &host, port, &args, seed));
    }
    catalogue(&args, asked, seed)
}

/// The host and port of an `http://` URL (its path is not used).
fn http_target(url: &str) -> Result<(String, u16), String> {
    let parsed = url::Url::parse(url).map_err(|e| format!("{url}: not a URL: {e}"))?;
    if parsed.scheme() != "http" {
        return Err(format!(
            "{url}: the checks speak HTTP/1.1 over TCP; give an http:// URL"
        ));
    }
    let host = parsed
        .host_str()
        .ok_or_else(|| format!("{url}: no host"))?
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    Ok((host, parsed.port_or_known_default().unwrap_or(80)))
}

/// `DATABASE_URL` when it is set and not empty.
fn database_from_env() -> Option<String> {
    std::env::var("DATABASE_URL").ok().filter(|u| !u.is_empty())
}

/// Runs every check of `workloads`; how many failed (or were not implemented).
fn verify(workloads: &[Workload], host: &str, port: u16, args: &VerifyArgs, seed: u64) -> usize {
    let mut failed = 0;
    let mut total = 0;
    let target = Target {
        host,
        port,
        timeout: args.timeout,
        database: args.database.as_deref(),
    };
    if let Some(url) = target.database {
        println!("database {}", redact(url));
    }
    for &w in workloads {
        let outcomes = run_checks(w, &target, seed, false, &mut print_check);
        total += outcomes.len();
        failed += outcomes.iter().filter(|o| o.result.is_err()).count();
    }
    println!("{total} checks, {failed} failed");
    failed
}

fn print_check(o: &CheckOutcome) {
    match &o.result {
        Ok(()) => println!("pass  {}", o.name),
        Err(f) => {
            println!("FAIL  {}: {}", o.name, f.reason);
            println!("      request:  {}", f.request);
            println!("      response: {}", f.response);
        }
    }
}

fn exit(failed: usize) -> ExitCode {
    match failed {
        0 => ExitCode::SUCCESS,
        _ => ExitCode::from(EXIT_FAILED),
    }
}

/// Builds and starts catalogue server `args.target` as the lab does,
/// verifies it, stops it.
fn catalogue(args: &VerifyArgs, asked: Vec<Workload>, seed: u64) -> ExitCode {
    let spec = match ServerSpec::find(&args.servers, &args.target) {
        Ok(spec) => spec,
        Err(e) => return usage_error(e),
    };
    let (workloads, undeclared): (Vec<Workload>, Vec<Workload>) = match asked.is_empty() {
        true => (spec.workloads.clone(), Vec::new()),
        false => asked.into_iter().partition(|w| spec.workloads.contains(w)),
    };
    if workloads.is_empty() && undeclared.is_empty() {
        return usage_error(format!(
            "{} declares no workload in its manifest; name one with --workload",
            spec.name
        ));
    }
    for w in &undeclared {
        println!(
            "FAIL  {w}: not implemented (the manifest of {} does not declare it)",
            spec.name
        );
    }
    if workloads.is_empty() {
        return exit(undeclared.len());
    }
    let scratch = std::env::temp_dir().join(format!("barrage-verify-{}", std::process::id()));
    let needs_database = workloads.iter().any(|w| w.needs_database());
    let code = match start(
        &spec,
        &args.servers,
        &scratch,
        args.database.as_deref(),
        needs_database,
    ) {
        Ok(started) => {
            println!(
                "verify {} at 127.0.0.1:{} (seed {seed})",
                spec.name, started.server.port
            );
            let args = VerifyArgs {
                database: started.database.clone(),
                ..args.clone()
            };
            let failed = verify(&workloads, "127.0.0.1", started.server.port, &args, seed);
            started.stop();
            exit(failed + undeclared.len())
        }
        Err(e) => {
            eprintln!("barrage: error: {e}");
            ExitCode::from(EXIT_FAILED)
        }
    };
    let _ = std::fs::remove_dir_all(&scratch);
    code
}

/// A catalogue server started for verify, and the PostgreSQL started for it.
struct Running {
    hosts: Hosts,
    server: Started,
    /// The lab's PostgreSQL started here (none: `--database` was given or
    /// no database workload is checked).
    postgres: Option<u64>,
    database: Option<String>,
}

impl Running {
    fn stop(mut self) {
        stop(&mut self.hosts, self.server.id);
        if let Some(id) = self.postgres {
            stop(&mut self.hosts, id);
        }
        self.hosts.close();
    }
}

/// The lab's hosts on this machine alone, the server prepared (built, with
/// the lab's cache) and started on free ports, not pinned; with
/// `needs_database` and no `database` given, the lab's PostgreSQL started
/// first (as a suite's `[[service]]`, its data cached in `results/.cache`).
fn start(
    spec: &ServerSpec,
    servers: &Path,
    scratch: &Path,
    database: Option<&str>,
    needs_database: bool,
) -> Result<Running, String> {
    let barrage =
        std::env::current_exe().map_err(|e| format!("cannot find barrage itself: {e}"))?;
    let servers_dir = std::path::absolute(servers).map_err(|e| e.to_string())?;
    let cache = std::path::absolute("results/.build-cache").map_err(|e| e.to_string())?;
    let never = Arc::new(AtomicBool::new(false));
    let hosts = Hosts::local(barrage, never.clone(), scratch.to_path_buf(), cache.clone());
    let log = scratch.join(format!("{}.log", spec.name));
    let mut running = Running {
        hosts,
        server: Started {
            id: 0,
            port: 0,
            tls_port: 0,
            backend_port: 0,
            ready_ms: 0,
            pinned_cpus: None,
        },
        postgres: None,
        database: database.map(str::to_string),
    };
    let result = (|| {
        if needs_database && database.is_none() {
            let (id, url) = start_postgres(&mut running.hosts, &servers_dir, scratch, &never)?;
            running.postgres = Some(id);
            running.database = Some(url);
        }
        let server = running.hosts.server;
        let prepare = Call::Prepare {
            servers_dir: servers_dir.clone(),
            server: spec.name.clone(),
            vars: Default::default(),
            cache,
            log: log.clone(),
        };
        let prepared: Prepared = running.hosts.ask(server, &prepare, CALL_LIMIT, &never)?;
        if let Some(why) = prepared.unavailable {
            return Err(why);
        }
        // The server reads its database as the lab's do: `{database_url}`
        // and DATABASE_URL.
        let vars = running
            .database
            .iter()
            .map(|url| ("database_url".to_string(), url.clone()))
            .collect();
        let call = Call::Start {
            servers_dir,
            server: spec.name.clone(),
            variant: Variant {
                label: spec.name.clone(),
                vars,
                cores: Some(Vec::new()),
            },
            host: "127.0.0.1".into(),
            cores: Vec::new(),
            run_dir: scratch.join("run"),
            log: log.clone(),
        };
        running.server = running
            .hosts
            .ask::<Started>(server, &call, CALL_LIMIT, &never)?;
        Ok(())
    })();
    match result {
        Ok(()) => Ok(running),
        Err(e) => {
            if let Some(id) = running.postgres {
                stop(&mut running.hosts, id);
            }
            running.hosts.close();
            let tail = std::fs::read_to_string(&log).unwrap_or_default();
            let tail: Vec<&str> = tail.lines().rev().take(10).collect();
            match tail.is_empty() {
                true => Err(format!("{} did not start: {e}", spec.name)),
                false => Err(format!(
                    "{} did not start: {e}; last lines of its log:\n{}",
                    spec.name,
                    tail.into_iter().rev().collect::<Vec<_>>().join("\n")
                )),
            }
        }
    }
}

/// Starts the lab's PostgreSQL with the workloads' data on 127.0.0.1; its
/// id and connection string.
fn start_postgres(
    hosts: &mut Hosts,
    servers_dir: &Path,
    scratch: &Path,
    never: &AtomicBool,
) -> Result<(u64, String), String> {
    let repo = servers_dir.parent().unwrap_or(Path::new("."));
    let call = Call::ServiceStart {
        service: Service::postgres(),
        max_connections: 200,
        host: "127.0.0.1".into(),
        cores: Vec::new(),
        data_dir: repo.join("data"),
        run_dir: scratch.join("postgres"),
        cache: std::path::absolute("results/.cache").map_err(|e| e.to_string())?,
        log: scratch.join("postgres.log"),
    };
    let server = hosts.server;
    let started: ServiceStarted = hosts
        .ask(server, &call, CALL_LIMIT, never)
        .map_err(|e| format!("PostgreSQL for the database workloads: {e}"))?;
    println!(
        "PostgreSQL started for the database workloads ({}, {} ms)",
        if started.cached {
            "from the cache"
        } else {
            "data loaded"
        },
        started.ready_ms
    );
    Ok((started.id, started.url))
}

fn stop(hosts: &mut Hosts, id: u64) {
    let never = AtomicBool::new(false);
    let call = Call::Stop { id, grace_ms: 5000 };
    let server = hosts.server;
    let _ =
        hosts.ask::<barrage_lab::host::StopAnswer>(server, &call, Duration::from_secs(20), &never);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_give_host_and_port() {
        assert_eq!(
            http_target("http://127.0.0.1:8080/x"),
            Ok(("127.0.0.1".into(), 8080))
        );
        assert_eq!(http_target("http://[::1]/"), Ok(("::1".into(), 80)));
        assert!(http_target("https://127.0.0.1/")
            .unwrap_err()
            .contains("http://"));
        assert!(http_target("http//x").is_err());
    }
}
