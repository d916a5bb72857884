//! A rate over time ([`Schedule`]): stages held or ramped one after
//! another, as `-R` and `--conn-rate` write them
//! (`1000:10s,1000..20000:60s,20000:30s`), and what each stage of a run got
//! ([`StageReport`]). Data, its syntax and its JSON only: the engine's pacer
//! integrates the rate into each arrival's intended time.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// One stage: a rate held (`from_per_s == to_per_s`) or ramped linearly
/// from `from_per_s` to `to_per_s` over `duration`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Stage {
    /// The rate at the stage's start, per second.
    pub from_per_s: f64,
    /// The rate at the stage's end, per second.
    pub to_per_s: f64,
    /// How long the stage lasts; `None` (the last stage only, a hold): until
    /// the run ends.
    #[serde(rename = "duration_s", with = "secs")]
    pub duration: Option<Duration>,
}

/// A rate over time: stages one after another, from the start of the
/// measured phase. A constant rate is one stage held until the run ends.
/// Built checked ([`Schedule::new`], [`FromStr`]); the JSON is the list of
/// stages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Stage>", into = "Vec<Stage>")]
pub struct Schedule {
    stages: Vec<Stage>,
}

/// The most stages a schedule holds (each is a row of the report's table).
pub const MAX_STAGES: usize = 1000;

impl Stage {
    /// `rate` per second for `duration` (`None`: until the run ends).
    pub fn hold(rate: f64, duration: Option<Duration>) -> Stage {
        Stage {
            from_per_s: rate,
            to_per_s: rate,
            duration,
        }
    }

    /// A linear ramp from `from` to `to` per second over `duration`.
    pub fn ramp(from: f64, to: f64, duration: Duration) -> Stage {
        Stage {
            from_per_s: from,
            to_per_s: to,
            duration: Some(duration),
        }
    }

    /// The rate is the same all through the stage.
    pub fn is_hold(&self) -> bool {
        self.from_per_s == self.to_per_s
    }

    /// The stage with its rates multiplied by `k`.
    fn scaled(self, k: f64) -> Stage {
        Stage {
            from_per_s: self.from_per_s * k,
            to_per_s: self.to_per_s * k,
            ..self
        }
    }

    /// What is wrong with this stage on its own, if anything.
    fn problem(&self) -> Option<&'static str> {
        let rate_ok = |r: f64| r.is_finite() && r >= 0.0;
        if !rate_ok(self.from_per_s) || !rate_ok(self.to_per_s) {
            return Some("a rate must be a number of zero or more per second");
        }
        match self.duration {
            Some(d) if d.is_zero() => Some("a stage's duration must be above zero"),
            None if !self.is_hold() => Some("a ramp needs a duration, e.g. 1000..2000:30s"),
            _ => None,
        }
    }
}

impl Schedule {
    /// The stages, checked: at least one and at most [`MAX_STAGES`]; rates
    /// finite and not negative; every duration above zero; only the last
    /// stage may go without one (a hold until the run ends); something is
    /// sent. The error names the stage (1 first).
    pub fn new(stages: Vec<Stage>) -> Result<Schedule, String> {
        let schedule = Schedule { stages };
        schedule.check()?;
        Ok(schedule)
    }

    /// What [`Schedule::new`] checks, for a schedule made otherwise
    /// ([`Schedule::constant`], [`Schedule::scaled`]).
    pub fn check(&self) -> Result<(), String> {
        let stages = &self.stages;
        if stages.is_empty() {
            return Err("a schedule needs at least one stage".into());
        }
        if stages.len() > MAX_STAGES {
            return Err(format!(
                "{} stages: a schedule holds at most {MAX_STAGES}",
                stages.len()
            ));
        }
        let last = stages.len() - 1;
        for (i, stage) in stages.iter().enumerate() {
            let problem = match stage.problem() {
                Some(p) => Some(p),
                None if i < last && stage.duration.is_none() => Some(
                    "only the last stage may leave out its duration (it then lasts until the run ends)",
                ),
                None => None,
            };
            if let Some(p) = problem {
                return Err(if stages.len() == 1 {
                    p.to_string()
                } else {
                    format!("stage {} ({stage}): {p}", i + 1)
                });
            }
        }
        if !stages.iter().any(|s| s.from_per_s.max(s.to_per_s) > 0.0) {
            return Err("the schedule sends nothing: give a stage a rate above zero".into());
        }
        Ok(())
    }

    /// `rate` per second, held until the run ends (`-R 5000`); unchecked
    /// until [`Schedule::check`].
    pub fn constant(rate: f64) -> Schedule {
        Schedule {
            stages: vec![Stage::hold(rate, None)],
        }
    }

    /// The stages in order.
    pub fn stages(&self) -> &[Stage] {
        &self.stages
    }

    /// The rate of a plain constant schedule (one stage held until the run
    /// ends), else `None`.
    pub fn constant_per_s(&self) -> Option<f64> {
        match self.stages[..] {
            [Stage {
                from_per_s,
                duration: None,
                ..
            }] => Some(from_per_s),
            _ => None,
        }
    }

    /// How long the schedule lasts: the sum of its stages, or `None` when
    /// its last stage lasts until the run ends.
    pub fn total(&self) -> Option<Duration> {
        self.stages.iter().map(|s| s.duration).sum()
    }

    /// How long the stages with a duration last together: the least a run
    /// of this schedule must last to reach its last stage.
    pub fn timed(&self) -> Duration {
        self.stages.iter().filter_map(|s| s.duration).sum()
    }

    /// The highest rate anywhere in the schedule, per second.
    pub fn peak_per_s(&self) -> f64 {
        self.stages
            .iter()
            .map(|s| s.from_per_s.max(s.to_per_s))
            .fold(0.0, f64::max)
    }

    /// The rate at the schedule's start, per second.
    pub fn first_per_s(&self) -> f64 {
        self.stages[0].from_per_s
    }

    /// The same schedule with every rate multiplied by `k` (a part of a
    /// plan split `1/k` ways).
    pub fn scaled(&self, k: f64) -> Schedule {
        Schedule {
            stages: self.stages.iter().map(|s| s.scaled(k)).collect(),
        }
    }

    /// The schedule of two parts of a plan run side by side: their rates
    /// added stage by stage. Parts of one plan have the same stages; a
    /// schedule of another shape leaves `self` as it is.
    pub fn plus(&self, o: &Schedule) -> Schedule {
        let same = self.stages.len() == o.stages.len()
            && self
                .stages
                .iter()
                .zip(&o.stages)
                .all(|(a, b)| a.duration == b.duration);
        if !same {
            return self.clone();
        }
        let stages = self.stages.iter().zip(&o.stages).map(|(a, b)| Stage {
            from_per_s: a.from_per_s + b.from_per_s,
            to_per_s: a.to_per_s + b.to_per_s,
            duration: a.duration,
        });
        Schedule {
            stages: stages.collect(),
        }
    }
}

impl TryFrom<Vec<Stage>> for Schedule {
    type Error = String;
    fn try_from(stages: Vec<Stage>) -> Result<Schedule, String> {
        Schedule::new(stages)
    }
}

impl From<Schedule> for Vec<Stage> {
    fn from(s: Schedule) -> Vec<Stage> {
        s.stages
    }
}

/// The flag syntax: stages separated by commas, each `RATE` (held until the
/// run ends; the last stage only), `RATE:DURATION` (held) or
/// `FROM..TO:DURATION` (a linear ramp). Durations as `-d` takes them:
/// `10s`, `500ms`, `2m`, `1m30s`, or a bare number of seconds.
impl FromStr for Schedule {
    type Err = String;
    fn from_str(text: &str) -> Result<Schedule, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let many = parts.len() > 1;
        let stages = parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                parse_stage(part).map_err(|e| match many {
                    true => format!("stage {} ({part:?}): {e}", i + 1),
                    false => e,
                })
            })
            .collect::<Result<Vec<Stage>, String>>()?;
        Schedule::new(stages)
    }
}

const SYNTAX: &str = "write RATE, RATE:DURATION or FROM..TO:DURATION, stages separated by commas (e.g. 1000:10s,1000..20000:60s,20000:30s)";

fn parse_stage(text: &str) -> Result<Stage, String> {
    if text.is_empty() {
        return Err(format!("an empty stage; {SYNTAX}"));
    }
    let (rates, duration) = match text.split_once(':') {
        Some((rates, d)) => (rates.trim(), Some(parse_duration(d.trim())?)),
        None => (text, None),
    };
    let (from, to) = match rates.split_once("..") {
        Some((from, to)) => (parse_rate(from.trim())?, parse_rate(to.trim())?),
        None => {
            let r = parse_rate(rates)?;
            (r, r)
        }
    };
    Ok(Stage {
        from_per_s: from,
        to_per_s: to,
        duration,
    })
}

fn parse_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(r) if r.is_finite() && r >= 0.0 => Ok(r),
        Ok(_) => Err(format!(
            "{text:?}: a rate must be a number of zero or more per second"
        )),
        Err(_) => Err(format!("{text:?} is not a rate per second; {SYNTAX}")),
    }
}

fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || format!("{text:?} is not a duration; use e.g. 10s, 500ms, 2m");
    if let Ok(secs) = text.parse::<f64>() {
        return match secs.is_finite() && secs >= 0.0 {
            true => Ok(Duration::from_secs_f64(secs)),
            false => Err(bad()),
        };
    }
    humantime::parse_duration(text).map_err(|_| bad())
}

/// A duration as the syntax writes it: whole seconds `10s`, whole
/// milliseconds `1500ms`, else nanoseconds.
fn fmt_duration(d: Duration, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if d.subsec_nanos() == 0 {
        write!(f, "{}s", d.as_secs())
    } else if d.subsec_nanos() % 1_000_000 == 0 {
        write!(f, "{}ms", d.as_millis())
    } else {
        write!(f, "{}ns", d.as_nanos())
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_hold() {
            write!(f, "{}", self.from_per_s)?;
        } else {
            write!(f, "{}..{}", self.from_per_s, self.to_per_s)?;
        }
        if let Some(d) = self.duration {
            f.write_str(":")?;
            fmt_duration(d, f)?;
        }
        Ok(())
    }
}

/// The flag syntax, which [`FromStr`] reads back.
impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, stage) in self.stages.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{stage}")?;
        }
        Ok(())
    }
}

/// What one stage of a schedule got. A stage's figures are those of the
/// measured seconds that began within it (a boundary inside a second
/// counts that second in the stage it began in), so stages are best on
/// whole seconds; `scheduled` is what the schedule asked of those same
/// seconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StageReport {
    /// The stage as asked for.
    #[serde(flatten)]
    pub stage: Stage,
    /// Seconds from the measured start to the stage's start.
    pub start_s: f64,
    /// The measured time its seconds cover, seconds (the last second of a
    /// run timed to a fraction counts that fraction).
    pub measured_s: f64,
    /// Arrivals the schedule asked for in those seconds (requests, or
    /// sessions with `--conn-rate`): its rate integrated over them.
    pub scheduled: f64,
    /// Arrivals sent whose intended start falls in those seconds: the
    /// pacer's count, not the server's.
    pub offered: u64,
    /// `offered` per second of the stage.
    pub offered_per_s: f64,
    /// Complete responses in those seconds.
    pub responses: u64,
    /// `responses` per second of the stage: the achieved rate.
    pub responses_per_s: f64,
    pub errors: u64,
    /// Latency of those responses, microseconds (0 without responses).
    /// Exact in one process; a merge of parts keeps the larger of each.
    pub p50_us: u64,
    pub p99_us: u64,
    pub max_us: u64,
}

impl StageReport {
    /// Sets the rates from the counts and the measured time.
    pub fn rates(&mut self) {
        let secs = if self.measured_s > 0.0 {
            self.measured_s
        } else {
            f64::INFINITY
        };
        self.offered_per_s = self.offered as f64 / secs;
        self.responses_per_s = self.responses as f64 / secs;
    }

    /// Adds `o`, the same stage of load run beside this one.
    pub fn merge(&mut self, o: &StageReport) {
        self.stage.from_per_s += o.stage.from_per_s;
        self.stage.to_per_s += o.stage.to_per_s;
        self.measured_s = self.measured_s.max(o.measured_s);
        self.scheduled += o.scheduled;
        self.offered += o.offered;
        self.responses += o.responses;
        self.errors += o.errors;
        self.rates();
        self.p50_us = self.p50_us.max(o.p50_us);
        self.p99_us = self.p99_us.max(o.p99_us);
        self.max_us = self.max_us.max(o.max_us);
    }
}

/// Adds `theirs` stage by stage (the same plan's parts have the same stages).
pub(super) fn merge_stages(mine: &mut Vec<StageReport>, theirs: &[StageReport]) {
    if mine.is_empty() {
        mine.extend_from_slice(theirs);
        return;
    }
    for (m, t) in mine.iter_mut().zip(theirs) {
        m.merge(t);
    }
}

/// `Option<Duration>` as seconds (`null` when none).
mod secs {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    pub fn serialize<S: Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
        match d {
            Some(d) => s.serialize_f64(d.as_secs_f64()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Duration>, D::Error> {
        match Option::<f64>::deserialize(d)? {
            // To the nearest nanosecond: a duration written as seconds
            // reads back as itself (300 ms is not 299.999999 ms).
            Some(s) if s.is_finite() && s >= 0.0 => {
                Ok(Some(Duration::from_nanos((s * 1e9).round() as u64)))
            }
            Some(s) => Err(serde::de::Error::custom(format!(
                "duration_s {s} is not a duration"
            ))),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Option<Duration> {
        Some(Duration::from_secs(s))
    }

    #[test]
    fn parses_holds_ramps_and_an_open_last_stage() {
        let table: [(&str, Vec<Stage>); 5] = [
            ("5000", vec![Stage::hold(5000.0, None)]),
            ("0.5", vec![Stage::hold(0.5, None)]),
            (
                "1000:10s,1000..20000:60s,20000:30s",
                vec![
                    Stage::hold(1000.0, secs(10)),
                    Stage::ramp(1000.0, 20000.0, Duration::from_secs(60)),
                    Stage::hold(20000.0, secs(30)),
                ],
            ),
            (
                " 0..100 : 1m30s , 100 ",
                vec![
                    Stage::ramp(0.0, 100.0, Duration::from_secs(90)),
                    Stage::hold(100.0, None),
                ],
            ),
            (
                "200:1.5,50..0:500ms",
                vec![
                    Stage::hold(200.0, Some(Duration::from_millis(1500))),
                    Stage::ramp(50.0, 0.0, Duration::from_millis(500)),
                ],
            ),
        ];
        for (text, want) in table {
            let s: Schedule = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(s.stages(), &want[..], "{text}");
            // Display writes the syntax back.
            assert_eq!(s.to_string().parse::<Schedule>().unwrap(), s, "{text}");
        }
    }

    #[test]
    fn refuses_bad_stages_in_one_line_naming_the_stage() {
        let table = [
            ("", "an empty stage"),
            ("abc", "\"abc\" is not a rate per second; write RATE"),
            ("-5", "a rate must be a number of zero or more"),
            ("NaN", "a rate must be a number of zero or more"),
            ("0", "the schedule sends nothing"),
            ("0:10s,0..0:5s", "the schedule sends nothing"),
            ("100:0s", "a stage's duration must be above zero"),
            ("100:soon", "\"soon\" is not a duration"),
            ("100..200", "a ramp needs a duration"),
            (
                "100,200:5s",
                "stage 1 (100): only the last stage may leave out its duration",
            ),
            ("100:5s,,200", "stage 2 (\"\"): an empty stage"),
            (
                "100:5s,1..x:5s",
                "stage 2 (\"1..x:5s\"): \"x\" is not a rate",
            ),
        ];
        for (text, want) in table {
            let e = text.parse::<Schedule>().unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
            assert!(!e.contains('\n'), "{text:?}: {e}");
        }
        let many = vec!["1:1s"; MAX_STAGES + 1].join(",");
        assert!(many.parse::<Schedule>().unwrap_err().contains("at most"));
    }

    #[test]
    fn totals_peaks_and_constants() {
        let s: Schedule = "1000:10s,1000..20000:60s,20000:30s".parse().unwrap();
        assert_eq!(s.total(), secs(100));
        assert_eq!(s.timed(), Duration::from_secs(100));
        assert_eq!(s.peak_per_s(), 20000.0);
        assert_eq!(s.first_per_s(), 1000.0);
        assert_eq!(s.constant_per_s(), None);
        let open: Schedule = "0..100:10s,100".parse().unwrap();
        assert_eq!(open.total(), None);
        assert_eq!(open.timed(), Duration::from_secs(10));
        assert_eq!(Schedule::constant(5.0).constant_per_s(), Some(5.0));
        assert_eq!(
            "5:1s".parse::<Schedule>().unwrap().constant_per_s(),
            None,
            "a hold with a duration ends: not the constant rate"
        );
        assert_eq!(s.scaled(0.5).peak_per_s(), 10000.0);
    }

    #[test]
    fn json_is_the_list_of_stages_and_is_checked_when_read() {
        let s: Schedule = "100:2s,100..300:1500ms,300".parse().unwrap();
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(
            text,
            r#"[{"from_per_s":100.0,"to_per_s":100.0,"duration_s":2.0},{"from_per_s":100.0,"to_per_s":300.0,"duration_s":1.5},{"from_per_s":300.0,"to_per_s":300.0,"duration_s":null}]"#
        );
        assert_eq!(serde_json::from_str::<Schedule>(&text).unwrap(), s);
        // Durations that are not whole in binary read back to the nanosecond.
        let s: Schedule = "1:300ms,1:1100ms,2:3600300ms".parse().unwrap();
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(
            serde_json::from_str::<Schedule>(&text).unwrap(),
            s,
            "{text}"
        );
        let bad = r#"[{"from_per_s":1,"to_per_s":2,"duration_s":null}]"#;
        let e = serde_json::from_str::<Schedule>(bad)
            .unwrap_err()
            .to_string();
        assert!(e.contains("a ramp needs a duration"), "{e}");
    }
}
