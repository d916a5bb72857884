//! A paced run (open loop, sessions) against its rate schedule: what the
//! schedule asked of each measured second, what was offered in it, and,
//! for a schedule of stages, each stage's figures.
//!
//! Seconds are the report's one-second windows, numbered from the measured
//! start. A second counts in the stage it begins in; the windows after the
//! end (late answers) count in the last stage, as the totals count them.

use barrage_model::load::{Schedule, Second, StageReport};
use hdrhistogram::Histogram;

use crate::pacer::Curve;
use crate::recorder::histogram;
use crate::spec::LoadSpec;

pub(super) struct Timeline {
    schedule: Schedule,
    /// This process's schedule (its part's rates), from the measured start.
    curve: Curve,
    /// Seconds from the measured start to each stage's start.
    starts: Vec<f64>,
    /// The measured phase's length in seconds, when it is timed.
    end_s: Option<f64>,
    /// The stage whose seconds are being merged, and their latency.
    open: Option<(usize, Histogram<u64>)>,
    /// Each stage's latency: p50, p99 and max, µs.
    latency: Vec<[u64; 3]>,
}

impl Timeline {
    /// The timeline of a paced spec; `None` for the closed loop.
    pub(super) fn of(spec: &LoadSpec) -> Option<Timeline> {
        let schedule = spec.schedule()?.clone();
        let mut start = 0.0;
        let starts = schedule
            .stages()
            .iter()
            .map(|s| {
                let at = start;
                start += s.duration.map_or(f64::INFINITY, |d| d.as_secs_f64());
                at
            })
            .collect();
        Some(Timeline {
            curve: Curve::new(&schedule, 1.0, 0.0),
            latency: vec![[0; 3]; schedule.stages().len()],
            schedule,
            starts,
            end_s: spec.duration.map(|d| d.as_secs_f64()),
            open: None,
        })
    }

    /// The rate the schedule asks for on average over `secs` measured
    /// seconds (a constant one exactly).
    pub(super) fn mean_per_s(&self, secs: f64) -> f64 {
        self.curve.mean_per_s(0.0, secs)
    }

    /// Reports by stage are for a schedule of stages, not a constant rate.
    fn staged(&self) -> bool {
        self.schedule.constant_per_s().is_none()
    }

    /// What the schedule asks of measured second `t` (of its part that is
    /// within the measured phase).
    fn scheduled(&self, t: u32) -> f64 {
        let from = f64::from(t);
        let to = self
            .end_s
            .map_or(from + 1.0, |end| (from + 1.0).min(end).max(from));
        self.curve.due_by(to) - self.curve.due_by(from)
    }

    /// The measured time second `t` covers: a whole second but the last
    /// of a run timed to a fraction, nothing past the end.
    fn covered_s(&self, t: u32) -> f64 {
        let from = f64::from(t);
        self.end_s.map_or(1.0, |end| (end - from).clamp(0.0, 1.0))
    }

    /// The stage measured second `t` begins in.
    fn stage_of(&self, t: u32) -> usize {
        self.starts.partition_point(|s| *s <= f64::from(t)).max(1) - 1
    }

    /// Adds a measured second's latency to its stage's (seconds come in order).
    pub(super) fn record(&mut self, t: u32, latency: &Histogram<u64>) {
        if !self.staged() {
            return;
        }
        let stage = self.stage_of(t);
        if self.open.as_ref().is_none_or(|(i, _)| *i != stage) {
            self.close();
            self.open = Some((stage, histogram()));
        }
        if let Some((_, h)) = &mut self.open {
            let _ = h.add(latency);
        }
    }

    fn close(&mut self) {
        if let Some((i, h)) = self.open.take() {
            if !h.is_empty() {
                self.latency[i] = [h.value_at_quantile(0.5), h.value_at_quantile(0.99), h.max()];
            }
        }
    }

    /// Fills each second's `scheduled` and `offered` (`offered[t]`: what
    /// was sent whose intended start is in measured second `t`), and makes
    /// the stages' reports (none for a constant rate).
    pub(super) fn finish(mut self, series: &mut [Second], offered: &[u64]) -> Vec<StageReport> {
        self.close();
        for s in series.iter_mut() {
            s.scheduled = Some(self.scheduled(s.t_s));
            s.offered = Some(offered.get(s.t_s as usize).copied().unwrap_or(0));
        }
        if !self.staged() {
            return Vec::new();
        }
        let mut reports: Vec<StageReport> = self
            .schedule
            .stages()
            .iter()
            .zip(&self.starts)
            .zip(&self.latency)
            .map(|((stage, start_s), [p50, p99, max])| StageReport {
                stage: *stage,
                start_s: *start_s,
                measured_s: 0.0,
                scheduled: 0.0,
                offered: 0,
                offered_per_s: 0.0,
                responses: 0,
                responses_per_s: 0.0,
                errors: 0,
                p50_us: *p50,
                p99_us: *p99,
                max_us: *max,
            })
            .collect();
        for s in series.iter() {
            let r = &mut reports[self.stage_of(s.t_s)];
            r.measured_s += self.covered_s(s.t_s);
            r.scheduled += s.scheduled.unwrap_or(0.0);
            r.offered += s.offered.unwrap_or(0);
            r.responses += s.responses;
            r.errors += s.errors;
        }
        for r in &mut reports {
            r.rates();
        }
        reports
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Model;
    use crate::Arrival;
    use std::time::Duration;

    fn timeline(text: &str, duration_s: f64) -> Timeline {
        let mut spec = LoadSpec::from_url("http://127.0.0.1:9/").unwrap();
        spec.model = Model::Open {
            rate: text.parse().unwrap(),
            arrival: Arrival::Uniform,
            connections: 1,
            max_connections: 1,
        };
        spec.duration = Some(Duration::from_secs_f64(duration_s));
        Timeline::of(&spec).unwrap()
    }

    fn second(t_s: u32, responses: u64) -> Second {
        Second {
            t_s,
            responses,
            errors: t_s.into(),
            ..Default::default()
        }
    }

    #[test]
    fn seconds_get_the_schedule_and_stages_their_seconds() {
        let mut t = timeline("200:1s,200..1000:2s", 3.0);
        let mut h = histogram();
        for t_s in 0..4u32 {
            h.reset();
            h.record(u64::from(t_s + 1) * 100).unwrap();
            t.record(t_s, &h);
        }
        // Second 3 is the late answers after the end: the last stage's.
        let mut series: Vec<Second> = (0..4).map(|t_s| second(t_s, 10)).collect();
        let stages = t.finish(&mut series, &[200, 400, 799]);
        let scheduled: Vec<f64> = series.iter().map(|s| s.scheduled.unwrap()).collect();
        assert_eq!(scheduled, vec![200.0, 400.0, 800.0, 0.0]);
        let offered: Vec<u64> = series.iter().map(|s| s.offered.unwrap()).collect();
        assert_eq!(offered, vec![200, 400, 799, 0]);
        assert_eq!(stages.len(), 2);
        let (a, b) = (&stages[0], &stages[1]);
        assert_eq!(
            (a.start_s, a.measured_s, a.scheduled, a.offered),
            (0.0, 1.0, 200.0, 200)
        );
        assert_eq!(
            (b.start_s, b.measured_s, b.scheduled, b.offered),
            (1.0, 2.0, 1200.0, 1199)
        );
        assert_eq!((a.responses, b.responses, b.errors), (10, 30, 6));
        assert_eq!((b.offered_per_s, b.responses_per_s), (599.5, 15.0));
        assert_eq!((a.p50_us, a.max_us), (100, 100));
        assert_eq!((b.p50_us, b.max_us), (300, 400));
    }

    #[test]
    fn a_constant_rate_has_seconds_but_no_stages() {
        let mut t = timeline("500", 2.5);
        t.record(0, &histogram());
        let mut series: Vec<Second> = (0..3).map(|t_s| second(t_s, 1)).collect();
        assert!(t.finish(&mut series, &[500, 500, 250]).is_empty());
        let scheduled: Vec<f64> = series.iter().map(|s| s.scheduled.unwrap()).collect();
        assert_eq!(scheduled, vec![500.0, 500.0, 250.0]);
        assert_eq!(t_mean("500", 2.5), 500.0);
        assert_eq!(t_mean("100:1s,300:1s", 2.0), 200.0);
    }

    fn t_mean(text: &str, secs: f64) -> f64 {
        timeline(text, secs).mean_per_s(secs)
    }
}
