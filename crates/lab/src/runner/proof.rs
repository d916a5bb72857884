//! The proof of work of a database workload's level (docs/workloads.md
//! "Proof of work"): the statements PostgreSQL counted over the level
//! ([`WorkDone`], reset before its warm-up and read after it) judged
//! against what the level's successful responses need
//! (`barrage_contract::database::required_work`). The judging is pure
//! ([`judge`]); [`ServerRun::proof_reset`] and [`ServerRun::proof_read`]
//! make the two calls around a level ([`super::level`]).

use barrage_contract::database::required_work;
use barrage_contract::shape::DEFAULT_QUERIES;
use barrage_contract::Workload;
use barrage_model::results::{ProofOfWork, RunRecord, WorkDone};

use super::{ServerRun, SHORT_CALL};
use crate::host::Call;
use crate::suite::Scenario;

/// A level whose work is being counted: its workload and N, and the
/// service that counts.
pub(super) struct Counting {
    workload: Workload,
    queries: usize,
    host: usize,
    id: u64,
    /// The successful responses of the level's warm-up run (its queries
    /// are counted too).
    pub warmup_responses: u64,
}

pub(super) use crate::suite::needs_database;

impl ServerRun<'_> {
    /// Before a database workload's level (its warm-up included): the
    /// service's counters reset. None for the other scenarios; an error
    /// when the counters could not be reset (the level says why).
    pub(super) fn proof_reset(&mut self, scenario: &Scenario) -> Result<Option<Counting>, String> {
        let workload = scenario.workload;
        let Some(workload) = workload.filter(|w| w.needs_database()) else {
            return Ok(None);
        };
        let Some(pg) = self.services.postgres() else {
            return Ok(None);
        };
        let (host, id) = (pg.host, pg.id);
        let stop = self.opts.stop.clone();
        self.hosts
            .ask::<()>(host, &Call::ServiceReset { id }, SHORT_CALL, &stop)
            .map_err(|e| format!("proof of work: cannot reset the statement counters: {e}"))?;
        Ok(Some(Counting {
            workload,
            queries: scenario.queries.unwrap_or(DEFAULT_QUERIES),
            host,
            id,
            warmup_responses: 0,
        }))
    }

    /// After the level: the counters read and judged into `record.proof`
    /// (or `record.error` says why they could not be read).
    pub(super) fn proof_read(&mut self, counting: Counting, record: &mut RunRecord) {
        let stop = self.opts.stop.clone();
        let call = Call::ServiceWork { id: counting.id };
        match self
            .hosts
            .ask::<WorkDone>(counting.host, &call, SHORT_CALL, &stop)
        {
            Ok(done) => {
                let requests = successful_responses(record) + counting.warmup_responses;
                record.proof = judge(counting.workload, counting.queries, requests, done);
                if let Some(why) = record.proof.as_ref().and_then(|p| p.invalid.as_ref()) {
                    let level = format!("{} {} {}", record.server, record.scenario, record.level);
                    (self.opts.progress)(&format!(
                        "warning: {level}: proof of work invalid: {why}"
                    ));
                }
            }
            Err(e) => {
                let why = format!("proof of work: cannot read the statement counters: {e}");
                record.error.get_or_insert(why);
            }
        }
    }
}

/// The successful (2xx) responses a level's record counts: its stats',
/// or for a capacity search the sum over its steps (each step's achieved
/// rate over its window, less its errors; the steps' warm-ups are not
/// counted, which only makes the check lenient). A level's warm-up run is
/// added by the runner.
pub fn successful_responses(record: &RunRecord) -> u64 {
    if let Some(search) = &record.search {
        let per_step = |s: &barrage_model::search::StepRecord| {
            let all = (s.achieved_per_s * search.step_duration_s).floor() as u64;
            all.saturating_sub(s.errors)
        };
        return search.steps.iter().map(per_step).sum();
    }
    match &record.stats {
        Some(stats) => stats.responses.saturating_sub(stats.non_2xx.unwrap_or(0)),
        None => 0,
    }
}

/// The proof of a level of `workload` (with `queries` per request for
/// queries and updates) that had `requests` successful responses while
/// the database did `done`. None for a workload that needs no database.
pub fn judge(
    workload: Workload,
    queries: usize,
    requests: u64,
    done: WorkDone,
) -> Option<ProofOfWork> {
    let work = required_work(workload, queries)?;
    let (reads, rows_read) = match work.table {
        "world" => (done.world_reads, done.world_rows_read),
        "fortune" => (done.fortune_reads, done.fortune_reads),
        _ => (done.item_reads, done.item_rows_read),
    };
    let rows = match workload {
        Workload::Updates => done.world_rows_written,
        _ => rows_read,
    };
    let per = |n: u64| match requests {
        0 => 0.0,
        r => n as f64 / r as f64,
    };
    let mut why = Vec::new();
    if reads < requests * work.reads {
        why.push(format!(
            "{reads} reads of {} for {requests} successful responses: {:.2} per request, {} required",
            work.table,
            per(reads),
            work.reads
        ));
    }
    let written = done.world_rows_written;
    if written < requests * work.rows_written {
        why.push(format!(
            "{written} rows of world written for {requests} successful responses: {:.2} per request, {} required",
            per(written),
            work.rows_written
        ));
    }
    Some(ProofOfWork {
        requests,
        done,
        queries_per_request: per(reads),
        rows_per_request: per(rows),
        required_queries: work.reads,
        required_rows_written: work.rows_written,
        invalid: (!why.is_empty()).then(|| why.join("; ")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn world(reads: u64, rows: u64, writes: u64, written: u64) -> WorkDone {
        WorkDone {
            world_reads: reads,
            world_rows_read: rows,
            world_writes: writes,
            world_rows_written: written,
            ..WorkDone::default()
        }
    }

    #[test]
    fn a_server_that_did_the_queries_is_valid() {
        let p = judge(Workload::Queries, 20, 1000, world(20_050, 20_050, 0, 0)).unwrap();
        assert_eq!(p.invalid, None);
        assert_eq!((p.required_queries, p.required_rows_written), (20, 0));
        assert!((p.queries_per_request - 20.05).abs() < 1e-9);
        // More than needed is fine: requests in flight at the end ran theirs.
        let db = judge(Workload::Db, 1, 500, world(530, 530, 0, 0)).unwrap();
        assert_eq!(db.invalid, None);
    }

    #[test]
    fn a_cache_is_caught_with_the_figures() {
        let p = judge(Workload::Db, 1, 100_000, world(10_000, 10_000, 0, 0)).unwrap();
        let why = p.invalid.unwrap();
        assert_eq!(
            why,
            "10000 reads of world for 100000 successful responses: 0.10 per request, 1 required"
        );
        // Exact, as TechEmpower's: one query short is invalid.
        let q = judge(Workload::Queries, 5, 100, world(499, 499, 0, 0)).unwrap();
        assert!(q.invalid.is_some());
        let q = judge(Workload::Queries, 5, 100, world(500, 500, 0, 0)).unwrap();
        assert!(q.invalid.is_none());
    }

    #[test]
    fn updates_need_their_rows_written_one_statement_or_a_batch() {
        let each = judge(Workload::Updates, 10, 100, world(1000, 1000, 1000, 1000)).unwrap();
        assert_eq!(each.invalid, None);
        let batch = judge(Workload::Updates, 10, 100, world(1000, 1000, 100, 1000)).unwrap();
        assert_eq!(batch.invalid, None);
        assert!((batch.rows_per_request - 10.0).abs() < 1e-9);
        let nothing = judge(Workload::Updates, 10, 100, world(1000, 1000, 0, 0)).unwrap();
        assert_eq!(
            nothing.invalid.as_deref(),
            Some("0 rows of world written for 100 successful responses: 0.00 per request, 10 required")
        );
    }

    #[test]
    fn fortunes_and_items_count_their_own_tables() {
        let done = WorkDone {
            fortune_reads: 300,
            item_reads: 10,
            item_rows_read: 500,
            ..WorkDone::default()
        };
        assert!(judge(Workload::Fortunes, 1, 300, done)
            .unwrap()
            .invalid
            .is_none());
        assert!(judge(Workload::Fortunes, 1, 301, done)
            .unwrap()
            .invalid
            .is_some());
        let items = judge(Workload::Items, 1, 10, done).unwrap();
        assert_eq!((items.invalid, items.rows_per_request), (None, 50.0));
        assert!(judge(Workload::Json, 1, 10, done).is_none());
    }

    #[test]
    fn no_successful_response_proves_nothing_wrong() {
        let p = judge(Workload::Db, 1, 0, WorkDone::default()).unwrap();
        assert_eq!((p.invalid, p.queries_per_request), (None, 0.0));
    }
}
