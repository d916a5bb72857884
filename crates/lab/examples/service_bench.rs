//! Measures the lab's PostgreSQL service against issue 28's bars, through
//! the agent's calls as the runner makes them (bench/service.sh runs it):
//!
//! - a start with an empty cache (initdb, load, check, the cache made): ≤ 60 s;
//! - a start from the cache (copy, start, check): ≤ 5 s;
//! - `ServiceReset` + `ServiceWork` around a level: ≤ 1% of a 5 s level
//!   (judged on the median; the max shows what a loaded machine adds).
//!
//! Usage: `service_bench [RUNS] [DATA_DIR]` (3 runs; the repository's
//! `data/`). Prints a Markdown table; progress goes to stderr.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use barrage_lab::host::{Agent, Call, ServiceStarted};
use barrage_model::suite::Service;

/// The level the per-level statistics read is compared with.
const LEVEL: Duration = Duration::from_secs(5);
/// Reset + read pairs timed.
const STAT_ROUNDS: usize = 50;

struct Bench {
    agent: Agent,
    scratch: PathBuf,
    data_dir: PathBuf,
    runs: usize,
    next: usize,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let runs = args
        .next()
        .map_or(3, |a| a.parse().expect("RUNS: a number"));
    let data_dir = args.next().map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data"),
        PathBuf::from,
    );
    let scratch =
        std::env::temp_dir().join(format!("barrage-service-bench-{}", std::process::id()));
    let mut bench = Bench {
        agent: Agent::new(),
        scratch,
        data_dir,
        runs,
        next: 0,
    };
    let result = bench.measure();
    let _ = std::fs::remove_dir_all(&bench.scratch);
    if let Err(e) = result {
        eprintln!("service_bench: error: {e}");
        std::process::exit(1);
    }
}

impl Bench {
    fn measure(&mut self) -> Result<(), String> {
        let mut fresh = Vec::new();
        let mut loads = Vec::new();
        for _ in 0..self.runs {
            let _ = std::fs::remove_dir_all(self.scratch.join("cache"));
            let (took, started) = self.start()?;
            eprintln!("fresh: {took:?} (load {:?} ms)", started.load_ms);
            assert!(!started.cached, "an empty cache gives a fresh start");
            fresh.push(took);
            loads.push(Duration::from_millis(started.load_ms.unwrap_or(0)));
            self.stop(started.id)?;
        }
        let mut cached = Vec::new();
        for _ in 0..self.runs {
            let (took, started) = self.start()?;
            eprintln!("cached: {took:?}");
            assert!(started.cached, "{}", started.check);
            cached.push(took);
            self.stop(started.id)?;
        }
        let (first, pairs) = self.stat_reads()?;
        print_table(&fresh, &loads, &cached, first, &pairs);
        Ok(())
    }

    /// One `ServiceStart`: its wall time and its answer.
    fn start(&mut self) -> Result<(Duration, ServiceStarted), String> {
        self.next += 1;
        let run = format!("run{}", self.next);
        let call = Call::ServiceStart {
            service: Service::postgres(),
            max_connections: 256,
            host: "127.0.0.1".into(),
            cores: vec![],
            data_dir: self.data_dir.clone(),
            run_dir: self.scratch.join(&run),
            cache: self.scratch.join("cache"),
            log: self.scratch.join(format!("{run}.log")),
        };
        let began = Instant::now();
        let v = self.call(call)?;
        let took = began.elapsed();
        let started = serde_json::from_value(v).map_err(|e| e.to_string())?;
        Ok((took, started))
    }

    fn stop(&self, id: u64) -> Result<(), String> {
        self.call(Call::Stop {
            id,
            grace_ms: 10_000,
        })
        .map(drop)
    }

    fn call(&self, call: Call) -> Result<serde_json::Value, String> {
        self.agent
            .call(serde_json::to_value(call).map_err(|e| e.to_string())?)
    }

    /// The first reset (it connects) and `STAT_ROUNDS` reset + read pairs,
    /// each after a burst of a level's statements.
    fn stat_reads(&mut self) -> Result<(Duration, Vec<Duration>), String> {
        let (_, started) = self.start()?;
        let id = started.id;
        let began = Instant::now();
        self.call(Call::ServiceReset { id })?;
        let first = began.elapsed();
        let mut db =
            postgres::Client::connect(&started.url, postgres::NoTls).map_err(|e| e.to_string())?;
        let read = db
            .prepare("SELECT id, randomnumber FROM world WHERE id = $1")
            .map_err(|e| e.to_string())?;
        let mut pairs = Vec::new();
        for round in 0..STAT_ROUNDS {
            for i in 0..100 {
                let id = 1 + ((round * 100 + i) % 10_000) as i32;
                db.query_one(&read, &[&id]).map_err(|e| e.to_string())?;
            }
            let began = Instant::now();
            let done = self.call(Call::ServiceWork { id })?;
            self.call(Call::ServiceReset { id })?;
            pairs.push(began.elapsed());
            assert_eq!(done["world_reads"], 100, "{done}");
        }
        drop(db);
        self.stop(id)?;
        Ok((first, pairs))
    }
}

fn median(xs: &[Duration]) -> Duration {
    let mut xs = xs.to_vec();
    xs.sort();
    xs.get(xs.len() / 2).copied().unwrap_or_default()
}

fn max(xs: &[Duration]) -> Duration {
    xs.iter().max().copied().unwrap_or_default()
}

fn print_table(
    fresh: &[Duration],
    loads: &[Duration],
    cached: &[Duration],
    first: Duration,
    pairs: &[Duration],
) {
    let s = |d: Duration| format!("{:.2} s", d.as_secs_f64());
    let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1000.0);
    let within = |ok: bool| if ok { "yes" } else { "NO" };
    let share = |d: Duration| 100.0 * d.as_secs_f64() / LEVEL.as_secs_f64();
    println!("| measure | runs | median | max | bar | within |");
    println!("|---|---|---|---|---|---|");
    println!(
        "| start, empty cache (initdb, load, check, cache made) | {} | {} | {} | ≤ 60 s | {} |",
        fresh.len(),
        s(median(fresh)),
        s(max(fresh)),
        within(max(fresh) <= Duration::from_secs(60))
    );
    println!(
        "| of which the load (role, database, psql) | {} | {} | {} | | |",
        loads.len(),
        s(median(loads)),
        s(max(loads))
    );
    println!(
        "| start from the cache (copy, start, check) | {} | {} | {} | ≤ 5 s | {} |",
        cached.len(),
        s(median(cached)),
        s(max(cached)),
        within(max(cached) <= Duration::from_secs(5))
    );
    println!(
        "| ServiceWork + ServiceReset after a level | {} | {} ({:.3}% of 5 s) | {} ({:.3}%) | ≤ 1% | {} |",
        pairs.len(),
        ms(median(pairs)),
        share(median(pairs)),
        ms(max(pairs)),
        share(max(pairs)),
        within(share(median(pairs)) <= 1.0)
    );
    println!(
        "| first ServiceReset of a start (connects) | 1 | {} ({:.3}%) | | | |",
        ms(first),
        share(first)
    );
}
