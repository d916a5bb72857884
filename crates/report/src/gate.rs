//! Regression gates: `barrage compare A B --fail-on 'rate<-5%,p99>+10%'`.
//!
//! A gate names a metric ([`Metric::name`]: `rate`, `p50`, `p90`, `p99`,
//! `p99.9`, `errors`, `cpu`, `capacity`), a direction (`<`: a drop, `>`: a
//! rise) and a limit in % of A's median (`errors`: in percentage points,
//! as it is a percentage already). A row *fails* a gate when its change
//! (the Hodges–Lehmann shift the comparison prints) is past the limit
//! **and** significant at the comparison's alpha: a change past the limit
//! that the test cannot tell from noise does not fail, and neither does a
//! significant change within the limit. [`judge`] sorts every row of the
//! gated metrics into failing, past but not significant, untestable (too
//! few samples) and not compared; the text, the Markdown and the JUnit
//! file read that [`Verdict`], and a history flags a change by
//! [`Gates::failed`], the same rule.
//!
//! Beside the text of the verdict ([`text`]), this module writes the whole
//! comparison for CI: as Markdown for a pull request's comment, the
//! verdict first (`markdown`, also without gates), and as JUnit XML
//! ([`junit`]).

use std::fmt;
use std::fmt::Write as _;
use std::str::FromStr;

use barrage_model::table::Metric;

use crate::compare::{self, Change, Comparison, Found, SampleKind, Test};

pub mod junit;
mod markdown;

pub use markdown::markdown;

/// Which way a gate looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// `<`: fails on a change below the (negative) limit.
    Drop,
    /// `>`: fails on a change above the (positive) limit.
    Rise,
}

/// One gate: `rate<-5%`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gate {
    pub metric: Metric,
    pub direction: Direction,
    /// The limit, signed: -5 for `<-5%`, 10 for `>+10%`; % of A's median,
    /// or percentage points for a percentage ([`Metric::is_percent`]).
    pub limit: f64,
}

impl Gate {
    /// `change` (in the limit's unit) is past the limit.
    pub fn past(&self, change: f64) -> bool {
        match self.direction {
            Direction::Drop => change < self.limit,
            Direction::Rise => change > self.limit,
        }
    }
}

/// `rate<-5%`, `p99>+10%`, `errors>+0.5%`.
impl fmt::Display for Gate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (op, sign) = match self.direction {
            Direction::Drop => ('<', '-'),
            Direction::Rise => ('>', '+'),
        };
        write!(f, "{}{op}{sign}{}%", self.metric.name(), self.limit.abs())
    }
}

/// The gates of one `--fail-on`, in the order given.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Gates(pub Vec<Gate>);

/// What a gate looks like, for the errors.
const EXPECTED: &str = "gates such as rate<-5%,p99>+10% (FIGURE<-PCT% fails on a drop past PCT%, FIGURE>+PCT% on a rise past it)";

/// The figures a gate may name, for the errors.
const FIGURES: &str = "rate, p50, p90, p99, p99.9, errors, cpu or capacity";

impl FromStr for Gates {
    type Err = String;

    fn from_str(s: &str) -> Result<Gates, String> {
        let gates: Vec<Gate> = s
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(parse_gate)
            .collect::<Result<_, _>>()?;
        if gates.is_empty() {
            return Err(format!("{s:?}: no gate; expected {EXPECTED}"));
        }
        Ok(Gates(gates))
    }
}

/// One gate: `FIGURE OP ±PCT%`.
fn parse_gate(part: &str) -> Result<Gate, String> {
    let at = part
        .find(['<', '>'])
        .ok_or_else(|| format!("{part:?}: no < or >; expected {EXPECTED}"))?;
    let (name, rest) = (part[..at].trim(), &part[at..]);
    let direction = if rest.starts_with('<') {
        Direction::Drop
    } else {
        Direction::Rise
    };
    let value = rest[1..].trim();
    if value.starts_with('=') {
        return Err(format!(
            "{part:?}: a gate is < or >, without =: it fails on a change past its limit"
        ));
    }
    let metric = Metric::named(name)
        .ok_or_else(|| format!("{part:?}: unknown figure {name:?}; expected {FIGURES}"))?;
    let limit = parse_limit(part, value)?;
    let wrong = match direction {
        Direction::Drop => limit > 0.0,
        Direction::Rise => limit < 0.0,
    };
    if wrong {
        let pct = value.trim_start_matches(['+', '-']);
        return Err(format!(
            "{part:?}: < fails on a drop and takes a negative limit ({name}<-{pct}), > on a rise and takes a positive one ({name}>+{pct})"
        ));
    }
    Ok(Gate {
        metric,
        direction,
        limit,
    })
}

/// `-5%`, `+10%`, `0%`: the sign is required but for zero.
fn parse_limit(part: &str, value: &str) -> Result<f64, String> {
    let number = value.strip_suffix('%').ok_or_else(|| {
        format!("{part:?}: the limit is a change in % of A's median, e.g. p99>+10% (errors: in percentage points, e.g. errors>+0.5%)")
    })?;
    let limit: f64 = number
        .trim()
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| format!("{part:?}: {number:?} is not a number; expected {EXPECTED}"))?;
    if limit != 0.0 && !number.trim().starts_with(['+', '-']) {
        return Err(format!(
            "{part:?}: give the limit's sign: <-{number}% fails on a drop of more than {number}%, >+{number}% on a rise of more than {number}%"
        ));
    }
    Ok(limit)
}

impl fmt::Display for Gates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(Gate::to_string).collect();
        f.write_str(&parts.join(","))
    }
}

impl Gates {
    /// The metrics the gates name, once each, in their order.
    pub fn metrics(&self) -> Vec<Metric> {
        let mut out: Vec<Metric> = Vec::new();
        for g in &self.0 {
            if !out.contains(&g.metric) {
                out.push(g.metric);
            }
        }
        out
    }

    /// The first gate on `change`'s metric that its change (the estimate,
    /// significant or not) is past.
    pub fn past(&self, change: &Change) -> Option<&Gate> {
        let c = change.test()?.change?;
        self.0
            .iter()
            .find(|g| g.metric == change.metric && g.past(c))
    }

    /// The gate `change` fails: past its limit, and significant.
    pub fn failed(&self, change: &Change) -> Option<&Gate> {
        match &change.found {
            Found::Tested(t) if t.significant => self.past(change),
            _ => None,
        }
    }

    /// An error (one line) when a gate names a metric that no row of the
    /// comparison has (p90 of a driver that gives none, cpu of load files):
    /// such a gate could never fail.
    pub fn check(&self, cmp: &Comparison) -> Result<(), String> {
        for m in self.metrics() {
            if cmp.of(m).is_empty() {
                let why = match cmp.kind {
                    SampleKind::Seconds => {
                        "`barrage load` files keep rate, p50, p99 and errors per second"
                    }
                    SampleKind::Repeats => "its driver records none, or nothing was measured",
                };
                return Err(format!(
                    "--fail-on {}: neither A nor B has {} ({why}); such a gate could never fail",
                    self.0
                        .iter()
                        .filter(|g| g.metric == m)
                        .map(Gate::to_string)
                        .collect::<Vec<_>>()
                        .join(","),
                    m.name()
                ));
            }
        }
        Ok(())
    }
}

/// A row's change past a gate's limit.
#[derive(Debug, Clone, Copy)]
pub struct Hit<'c> {
    pub gate: &'c Gate,
    pub change: &'c Change,
    pub test: &'c Test,
}

impl Hit<'_> {
    /// `rate 41000 → 36000, -12.2% (95% CI [-14.0%, -10.1%], p=0.008)`.
    pub fn describe(&self, alpha: f64) -> String {
        describe(self.change, self.test, alpha)
    }
}

/// A tested change in one line: `rate 41000 → 36000, -12.2% (95% CI
/// [-14.0%, -10.1%], p=0.008)`.
pub fn describe(change: &Change, test: &Test, alpha: f64) -> String {
    let m = change.metric;
    let median = |w| {
        change
            .median(w)
            .map_or("–".into(), |v| compare::format_value(m, v))
    };
    let mut s = format!(
        "{} {} → {}, {}",
        m.name(),
        median(compare::Which::A),
        median(compare::Which::B),
        compare::format_change(m, test.change)
    );
    let _ = write!(s, " ({} CI ", compare::confidence_label(alpha));
    match test.interval {
        Some((lo, hi)) => {
            let (lo, hi) = (
                compare::format_change(m, Some(lo)),
                compare::format_change(m, Some(hi)),
            );
            let _ = write!(s, "[{lo}, {hi}]");
        }
        None => s.push('–'),
    }
    let _ = write!(s, ", p={})", compare::format_p(test.p));
    s
}

/// How one row of a gated metric came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Significant and past a gate's limit.
    Failed,
    /// Past a limit, not significant.
    NotSignificant,
    /// Tested, within every gate.
    Within,
    /// Too few samples, on one side only, or without samples.
    Untested,
}

impl Outcome {
    /// How `change` came out in `v`, with its line: `rate … → …, -12.2%
    /// (…): past rate<-5%`.
    pub fn of(v: &Verdict<'_>, change: &Change, cmp: &Comparison) -> (Outcome, String) {
        let hit = |hits: &[Hit<'_>]| {
            hits.iter()
                .find(|h| std::ptr::eq(h.change, change))
                .map(|h| (h.gate.to_string(), h.describe(cmp.alpha)))
        };
        if let Some((gate, d)) = hit(&v.failed) {
            return (Outcome::Failed, format!("{d}: past {gate}"));
        }
        if let Some((gate, d)) = hit(&v.not_significant) {
            return (
                Outcome::NotSignificant,
                format!("{d}: past {gate} but not significant"),
            );
        }
        match &change.found {
            Found::Tested(t) => (
                Outcome::Within,
                format!("{}: within the gates", describe(change, t, cmp.alpha)),
            ),
            _ => (
                Outcome::Untested,
                format!("{}: {}", change.metric.name(), untested(change, cmp)),
            ),
        }
    }
}

/// Why a row was not tested: `too few repeats: 3 vs 3 …`, `only in A`,
/// `no samples in B`; empty for a tested row.
fn untested(change: &Change, cmp: &Comparison) -> String {
    let (n, m) = change.counts();
    match &change.found {
        Found::TooFew(_) => compare::too_few_note(cmp.kind, n, m, cmp.alpha),
        Found::OnlyIn(w) => format!("only in {}", w.name()),
        Found::NoSamples(w) => {
            format!("no samples in {}", w.map_or("A or B", compare::Which::name))
        }
        Found::Tested(_) => String::new(),
    }
}

/// What the gates found in a comparison.
#[derive(Debug, Clone, Default)]
pub struct Verdict<'c> {
    /// Significant and past the limit: these fail.
    pub failed: Vec<Hit<'c>>,
    /// Past the limit, not significant.
    pub not_significant: Vec<Hit<'c>>,
    /// Past the limit by its estimate, with too few samples ever to be
    /// significant.
    pub too_few_past: Vec<Hit<'c>>,
    /// Rows of a gated metric that were tested.
    pub tested: usize,
    /// Rows of a gated metric with too few samples ever to be significant.
    pub too_few: Vec<&'c Change>,
    /// Rows of a gated metric on one side only, or without samples.
    pub not_compared: Vec<&'c Change>,
}

impl Verdict<'_> {
    /// Some gate failed.
    pub fn fails(&self) -> bool {
        !self.failed.is_empty()
    }
}

/// Every row of the gated metrics against every gate on its metric.
pub fn judge<'c>(gates: &'c Gates, cmp: &'c Comparison) -> Verdict<'c> {
    let mut v = Verdict::default();
    for metric in gates.metrics() {
        for change in cmp.of(metric) {
            let (test, tested) = match &change.found {
                Found::Tested(t) => (t, true),
                Found::TooFew(t) => (t, false),
                Found::OnlyIn(_) | Found::NoSamples(_) => {
                    v.not_compared.push(change);
                    continue;
                }
            };
            if tested {
                v.tested += 1;
            } else {
                v.too_few.push(change);
            }
            let Some(gate) = gates.past(change) else {
                continue;
            };
            let hit = Hit { gate, change, test };
            match (tested, test.significant) {
                (true, true) => v.failed.push(hit),
                (true, false) => v.not_significant.push(hit),
                (false, _) => v.too_few_past.push(hit),
            }
        }
    }
    v
}

/// The gates' verdict as text, after the comparison's tables: one line
/// saying whether they failed, then each failing change (or, when none
/// failed, each change past its limit that was not significant) and what
/// could not be tested.
pub fn text(gates: &Gates, v: &Verdict<'_>, cmp: &Comparison) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "\n{}", headline(gates, v, cmp.alpha));
    for hit in &v.failed {
        let _ = writeln!(
            s,
            "  FAIL {}: {}: past {}",
            hit.change.key,
            hit.describe(cmp.alpha),
            hit.gate
        );
    }
    for line in details(v, cmp) {
        let _ = writeln!(s, "  {line}");
    }
    s
}

/// `gates rate<-5%,p99>+10% at alpha 0.05: FAILED, 2 significant changes
/// past their limits (14 rows tested)`, or `…: passed, no significant
/// change past a limit (…)`.
pub fn headline(gates: &Gates, v: &Verdict<'_>, alpha: f64) -> String {
    let rows = match v.tested {
        1 => "1 row tested".to_string(),
        n => format!("{n} rows tested"),
    };
    let outcome = match v.failed.len() {
        0 => format!("passed, no significant change past a limit ({rows})"),
        1 => format!("FAILED, 1 significant change past its limit ({rows})"),
        n => format!("FAILED, {n} significant changes past their limits ({rows})"),
    };
    format!("gates {gates} at alpha {alpha}: {outcome}")
}

/// The lines after the verdict: changes past a limit but not significant,
/// rows too few to test (and which of them were past a limit), rows not
/// compared.
pub fn details(v: &Verdict<'_>, cmp: &Comparison) -> Vec<String> {
    let mut out = Vec::new();
    let past = [
        (&v.not_significant, "but not significant"),
        (&v.too_few_past, "but too few samples to test"),
    ];
    for (hits, but) in past {
        for hit in hits {
            let (gate, key) = (hit.gate, &hit.change.key);
            let d = hit.describe(cmp.alpha);
            out.push(format!("past {gate} {but}: {key}: {d}"));
        }
    }
    if let Some(first) = v.too_few.first() {
        let rows = if v.too_few.len() == 1 { "row" } else { "rows" };
        out.push(format!(
            "cannot be tested: {} {rows} ({}); they cannot fail",
            v.too_few.len(),
            untested(first, cmp)
        ));
    }
    if !v.not_compared.is_empty() {
        let keys: Vec<String> = v
            .not_compared
            .iter()
            .map(|c| format!("{} ({}: {})", c.key, c.metric.name(), untested(c, cmp)))
            .collect();
        out.push(format!("not compared: {}", keys.join("; ")));
    }
    if v.tested == 0 && !v.too_few.is_empty() {
        out.push("warning: no row could be tested, so these gates cannot fail".into());
    }
    out
}

#[cfg(test)]
mod tests;
