//! The live view of `barrage load` on a terminal (ratatui over crossterm):
//! time elapsed and left, responses/s second by second as a sparkline, the
//! latency percentiles of the last second and of the whole run, status
//! classes, errors by kind with their first message, connections, and for an
//! open loop the offered against the achieved rate and the late sends.
//!
//! It runs on a thread of its own and draws when a second of the run ends
//! (the engine's windows, sent here by the observer) and four times a second
//! for the clock: nothing of it is on the engine's path. `q`, Esc or Ctrl-C
//! set the run's stop flag; the run then ends as it does on SIGINT
//! (interrupted, results written), and the terminal is given back before
//! the summary is printed.

use std::io::{self, Stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use barrage_dist::controller::{AgentSecond, Live as AgentsLive};
use barrage_engine::{Counters, Curve, ErrorKind, LoadSpec, Window};
use hdrhistogram::Histogram;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Gauge, Paragraph, Row, Sparkline, Table, Wrap};
use ratatui::{Frame, Terminal};

use crate::summary::{fmt_us, group};

/// A dialect's own observer with the live view beside it (`barrage wrk` and
/// `barrage httperf` on a terminal: their output comes before and after the
/// run, the view in between).
pub struct Viewed<'a> {
    pub inner: &'a mut dyn barrage_engine::Observer,
    view: Option<LiveView>,
    last: Duration,
}

impl<'a> Viewed<'a> {
    /// The view when stdout is a terminal that can be driven (`TERM` not
    /// dumb) and `BARRAGE_NO_TUI` is not set; else the observer alone.
    pub fn new(
        inner: &'a mut dyn barrage_engine::Observer,
        spec: &LoadSpec,
        tool: &str,
        stop: &Arc<AtomicBool>,
    ) -> Viewed<'a> {
        use std::io::IsTerminal;
        let off = std::env::var_os("BARRAGE_NO_TUI").is_some_and(|v| !v.is_empty());
        let view = wanted(io::stdout().is_terminal(), off)
            .then(|| {
                let title = format!(
                    "{tool} dialect: {}",
                    crate::summary::plan_line(&barrage_engine::spec_summary(spec))
                );
                LiveView::start(Plan::of(spec, title), Arc::clone(stop)).ok()
            })
            .flatten();
        Viewed {
            inner,
            view,
            last: Duration::ZERO,
        }
    }

    /// Gives the terminal back (before the dialect prints its results).
    pub fn finish(&mut self) {
        if let Some(mut view) = self.view.take() {
            if let Err(e) = view.finish() {
                eprintln!("barrage: error: the live view: {e}");
            }
        }
    }
}

impl barrage_engine::Observer for Viewed<'_> {
    fn on_start(&mut self, measure_start: Instant) {
        self.inner.on_start(measure_start);
    }

    fn on_window(&mut self, w: &Window) {
        self.inner.on_window(w);
        let length = w.elapsed.saturating_sub(self.last);
        self.last = w.elapsed;
        if let Some(view) = &self.view {
            view.on_window(w, length);
        }
    }
}

/// Whether to show the view: stdout is a terminal that can be driven (not
/// `TERM=dumb`), and `--no-tui` was not given.
pub fn wanted(terminal: bool, no_tui: bool) -> bool {
    let dumb = std::env::var("TERM").map_or(true, |t| t.is_empty() || t == "dumb");
    terminal && !no_tui && !dumb
}

/// What the view knows of the plan.
#[derive(Debug, Clone)]
pub struct Plan {
    pub title: String,
    pub url: String,
    pub duration: Option<Duration>,
    pub warmup: Duration,
    pub max_requests: Option<u64>,
    /// Open loop: the target rate, from the load's start (the warm-up
    /// holds the schedule's first rate).
    pub offered: Option<Arc<Curve>>,
}

impl Plan {
    pub fn of(spec: &LoadSpec, title: String) -> Plan {
        Plan {
            title,
            url: spec.target.url.clone(),
            duration: spec.duration,
            warmup: spec.warmup,
            max_requests: spec.max_requests,
            offered: crate::common::offered_curve(spec),
        }
    }
}

/// One finished second, as the view needs it: from this process's engine,
/// or summed over the agents of `--agents` (who send counts and a p99 each,
/// not histograms or errors by kind).
struct Second {
    warmup: bool,
    /// Since the load started, at the second's end (the clock follows it).
    elapsed: Duration,
    length: Duration,
    counters: Counters,
    /// The engine's histogram; `None` from agents.
    latency_us: Option<Histogram<u64>>,
    connections_open: Option<u64>,
    first_errors: Vec<(ErrorKind, String)>,
    /// Errors of all kinds (agents tell no kind).
    errors: u64,
    agents: Vec<AgentSecond>,
}

/// The view's thread and its feed; dropped (or [`LiveView::finish`]ed) at
/// the end of the run, which gives the terminal back.
pub struct LiveView {
    tx: Option<Sender<Second>>,
    thread: Option<JoinHandle<io::Result<()>>>,
}

impl LiveView {
    /// Takes the terminal (alternate screen, raw mode) and starts drawing.
    pub fn start(plan: Plan, stop: Arc<AtomicBool>) -> io::Result<LiveView> {
        let mut terminal = setup()?;
        let (tx, rx) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("live-view".into())
            .spawn(move || {
                let result = draw_loop(&mut terminal, &plan, &rx, &stop);
                let restored = restore(&mut terminal);
                result.and(restored)
            })?;
        Ok(LiveView {
            tx: Some(tx),
            thread: Some(thread),
        })
    }

    /// A second of the run ended.
    pub fn on_window(&self, w: &Window, length: Duration) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Second {
                warmup: w.warmup,
                elapsed: w.elapsed,
                length,
                counters: w.counters.clone(),
                latency_us: Some(w.latency_us.clone()),
                connections_open: Some(w.connections_open),
                first_errors: w.first_errors.clone(),
                errors: w.counters.errors_total(),
                agents: Vec::new(),
            });
        }
    }

    /// A second of an `--agents` run ended on every agent.
    pub fn on_agents(&self, l: &AgentsLive) {
        if let Some(tx) = &self.tx {
            let counters = Counters {
                responses: l.responses,
                ..Counters::default()
            };
            let _ = tx.send(Second {
                warmup: l.warmup,
                elapsed: Duration::from_secs_f64(l.seconds.max(0.0)),
                length: Duration::from_secs(1),
                counters,
                latency_us: None,
                connections_open: None,
                first_errors: Vec::new(),
                errors: l.errors,
                agents: l.per_agent.clone(),
            });
        }
    }

    /// Ends the view and gives the terminal back.
    pub fn finish(&mut self) -> io::Result<()> {
        self.tx.take();
        match self.thread.take() {
            Some(t) => t
                .join()
                .unwrap_or_else(|_| Err(io::Error::other("the live view panicked"))),
            None => Ok(()),
        }
    }
}

impl Drop for LiveView {
    fn drop(&mut self) {
        let _ = self.finish();
    }
}

type Term = Terminal<CrosstermBackend<Stdout>>;

fn setup() -> io::Result<Term> {
    enable_raw_mode()?;
    let mut stdout = io::stdout();
    if let Err(e) = execute!(stdout, EnterAlternateScreen) {
        let _ = disable_raw_mode();
        return Err(e);
    }
    // A panic anywhere gives the terminal back before its message.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = disable_raw_mode();
        let _ = execute!(io::stdout(), LeaveAlternateScreen);
        previous(info);
    }));
    Terminal::new(CrosstermBackend::new(stdout))
}

fn restore(terminal: &mut Term) -> io::Result<()> {
    disable_raw_mode()?;
    execute!(terminal.backend_mut(), LeaveAlternateScreen)?;
    terminal.show_cursor()
}

/// What has been seen so far.
struct State {
    started: Instant,
    /// Responses/s of each measured second, for the sparkline.
    rates: Vec<u64>,
    last: Option<Second>,
    /// Measured seconds, summed.
    totals: Counters,
    run_us: Histogram<u64>,
    measured: Duration,
    first_errors: Vec<Option<String>>,
    /// Errors of all kinds, measured.
    errors: u64,
    stopping: bool,
    ended: bool,
}

fn draw_loop(
    terminal: &mut Term,
    plan: &Plan,
    rx: &Receiver<Second>,
    stop: &AtomicBool,
) -> io::Result<()> {
    let mut state = State {
        started: Instant::now(),
        rates: Vec::new(),
        last: None,
        totals: Counters::default(),
        run_us: Histogram::new(3).expect("3 significant digits is valid"),
        measured: Duration::ZERO,
        first_errors: vec![None; ErrorKind::ALL.len()],
        errors: 0,
        stopping: false,
        ended: false,
    };
    loop {
        terminal.draw(|f| draw(f, plan, &state))?;
        // Keys for up to a quarter of a second, then the seconds that came.
        let until = Instant::now() + Duration::from_millis(250);
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            if !event::poll(left)? {
                break;
            }
            if let Event::Key(k) = event::read()? {
                let ctrl_c =
                    k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL);
                let quit = matches!(k.code, KeyCode::Char('q') | KeyCode::Esc) || ctrl_c;
                if k.kind == KeyEventKind::Press && quit {
                    stop.store(true, Ordering::SeqCst);
                    state.stopping = true;
                    break;
                }
            }
        }
        loop {
            match rx.recv_timeout(Duration::ZERO) {
                Ok(second) => take(&mut state, second),
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => {
                    state.ended = true;
                    return Ok(());
                }
            }
        }
    }
}

fn take(state: &mut State, s: Second) {
    // The clock counts from the load's start as the run has it (agents
    // start after their set-up, at an instant agreed on).
    if let Some(started) = Instant::now().checked_sub(s.elapsed) {
        state.started = started;
    }
    for (kind, msg) in &s.first_errors {
        state.first_errors[*kind as usize].get_or_insert_with(|| msg.clone());
    }
    if !s.warmup {
        let rate = s.counters.responses as f64 / s.length.as_secs_f64().max(1e-3);
        state.rates.push(rate.round() as u64);
        state.totals.add(&s.counters);
        if let Some(h) = &s.latency_us {
            let _ = state.run_us.add(h);
        }
        state.errors += s.errors;
        state.measured += s.length;
    }
    state.last = Some(s);
}

const HEAD: Style = Style::new().add_modifier(Modifier::BOLD);

fn draw(f: &mut Frame, plan: &Plan, s: &State) {
    let [top, clock, middle, bottom, help] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Length(3),
        Constraint::Min(8),
        Constraint::Length(11),
        Constraint::Length(1),
    ])
    .areas(f.area());
    f.render_widget(
        Paragraph::new(vec![
            Line::from(Span::styled(format!("barrage load  {}", plan.url), HEAD)),
            Line::from(plan.title.clone()),
        ]),
        top,
    );
    clock_gauge(f, clock, plan, s);
    let [rate, latency] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(middle);
    rate_panel(f, rate, plan, s);
    match s.last.as_ref().filter(|l| !l.agents.is_empty()) {
        Some(last) => agents_panel(f, latency, last),
        None => latency_panel(f, latency, s),
    }
    let [status, errors, conns] = Layout::horizontal([
        Constraint::Length(24),
        Constraint::Min(30),
        Constraint::Length(34),
    ])
    .areas(bottom);
    status_panel(f, status, s);
    errors_panel(f, errors, s);
    connections_panel(f, conns, plan, s);
    let note = if s.stopping {
        "stopping: in-flight requests get up to --timeout; the results are written"
    } else {
        "q, Esc or Ctrl-C: stop the run (results are still written)"
    };
    f.render_widget(
        Paragraph::new(note).style(Style::new().fg(Color::DarkGray)),
        help,
    );
}

fn clock_gauge(f: &mut Frame, area: Rect, plan: &Plan, s: &State) {
    let elapsed = s.started.elapsed();
    let warming = elapsed < plan.warmup;
    let (ratio, label) = match plan.duration {
        Some(d) if warming => (
            elapsed.as_secs_f64() / plan.warmup.as_secs_f64().max(1e-3),
            format!(
                "warm-up {:.0}s of {:.0}s",
                elapsed.as_secs_f64(),
                plan.warmup.as_secs_f64()
            ) + &format!(", then {}s measured", d.as_secs()),
        ),
        Some(d) => {
            let measured = elapsed.saturating_sub(plan.warmup);
            let left = d.saturating_sub(measured);
            (
                measured.as_secs_f64() / d.as_secs_f64().max(1e-3),
                format!(
                    "{:.0}s of {:.0}s, {:.0}s left",
                    measured.as_secs_f64(),
                    d.as_secs_f64(),
                    left.as_secs_f64()
                ),
            )
        }
        None => match plan.max_requests {
            Some(n) => (
                s.totals.requests_sent as f64 / n.max(1) as f64,
                format!(
                    "{} of {} requests, {:.0}s",
                    group(s.totals.requests_sent),
                    group(n),
                    elapsed.as_secs_f64()
                ),
            ),
            None => (0.0, format!("{:.0}s", elapsed.as_secs_f64())),
        },
    };
    f.render_widget(
        Gauge::default()
            .block(Block::new().borders(Borders::ALL).title(" Time "))
            .gauge_style(Style::new().fg(Color::Cyan))
            .ratio(ratio.clamp(0.0, 1.0))
            .label(label),
        area,
    );
}

fn rate_panel(f: &mut Frame, area: Rect, plan: &Plan, s: &State) {
    let block = Block::new().borders(Borders::ALL).title(" Responses/s ");
    let inner = block.inner(area);
    f.render_widget(block, area);
    let [numbers, spark] =
        Layout::vertical([Constraint::Length(3), Constraint::Min(1)]).areas(inner);
    let now = s.rates.last().copied().unwrap_or(0);
    let mean = s.totals.responses as f64 / s.measured.as_secs_f64().max(1e-3);
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{:>12}/s", group(now)), HEAD),
        Span::raw(format!(
            " last second   mean {}/s   {} responses",
            group(mean.round() as u64),
            group(s.totals.responses)
        )),
    ])];
    if let Some(curve) = &plan.offered {
        let sent = s.last.as_ref().map_or(0.0, |l| {
            l.counters.requests_sent as f64 / l.length.as_secs_f64().max(1e-3)
        });
        let offered = s.last.as_ref().map_or(curve.mean_per_s(0.0, 0.0), |l| {
            let end = l.elapsed.as_secs_f64();
            curve.mean_per_s(end - l.length.as_secs_f64(), end)
        });
        lines.push(Line::from(format!(
            "  offered {}/s, sent {}/s last second; {} sent late (> 1 ms)",
            group(offered.round() as u64),
            group(sent.round() as u64),
            group(s.totals.late_sends)
        )));
    }
    f.render_widget(Paragraph::new(lines), numbers);
    // The latest seconds that fit.
    let width = usize::from(spark.width);
    let from = s.rates.len().saturating_sub(width);
    f.render_widget(
        Sparkline::default()
            .data(&s.rates[from..])
            .style(Style::new().fg(Color::Green)),
        spark,
    );
}

fn latency_panel(f: &mut Frame, area: Rect, s: &State) {
    let pct = |h: Option<&Histogram<u64>>, q: f64| match h {
        Some(h) if !h.is_empty() => fmt_us(h.value_at_quantile(q) as f64),
        _ => "–".into(),
    };
    let last = s.last.as_ref().and_then(|l| l.latency_us.as_ref());
    let run = Some(&s.run_us);
    let rows = [
        ("p50", 0.5),
        ("p90", 0.9),
        ("p99", 0.99),
        ("p99.9", 0.999),
        ("max", 1.0),
    ]
    .map(|(name, q)| Row::new([name.to_string(), pct(last, q), pct(run, q)]));
    f.render_widget(
        Table::new(
            rows,
            [
                Constraint::Length(6),
                Constraint::Length(12),
                Constraint::Length(12),
            ],
        )
        .header(Row::new(["", "last second", "whole run"]).style(HEAD))
        .block(Block::new().borders(Borders::ALL).title(" Latency ")),
        area,
    );
}

/// `--agents`: each agent's last second.
fn agents_panel(f: &mut Frame, area: Rect, last: &Second) {
    let rows = last.agents.iter().map(|a| {
        let p99 = if a.p99_us == 0 {
            "–".to_string()
        } else {
            fmt_us(a.p99_us as f64)
        };
        Row::new([
            a.host.clone(),
            format!("{}/s", group(a.responses)),
            p99,
            group(a.errors),
        ])
    });
    f.render_widget(
        Table::new(
            rows,
            [
                Constraint::Min(10),
                Constraint::Length(12),
                Constraint::Length(10),
                Constraint::Length(8),
            ],
        )
        .header(Row::new(["agent", "responses", "p99", "errors"]).style(HEAD))
        .block(
            Block::new()
                .borders(Borders::ALL)
                .title(" Agents (last second) "),
        ),
        area,
    );
}

fn status_panel(f: &mut Frame, area: Rect, s: &State) {
    if s.last.as_ref().is_some_and(|l| !l.agents.is_empty()) {
        f.render_widget(
            Paragraph::new("by class in the summary (agents send counts only)")
                .wrap(Wrap { trim: true })
                .block(Block::new().borders(Borders::ALL).title(" Status ")),
            area,
        );
        return;
    }
    let names = ["other", "1xx", "2xx", "3xx", "4xx", "5xx"];
    let rows: Vec<Row> = names
        .iter()
        .zip(s.totals.status_classes)
        .filter(|(name, n)| *n > 0 || **name == "2xx")
        .map(|(name, n)| Row::new([name.to_string(), group(n)]))
        .collect();
    f.render_widget(
        Table::new(rows, [Constraint::Length(6), Constraint::Min(8)])
            .block(Block::new().borders(Borders::ALL).title(" Status ")),
        area,
    );
}

fn errors_panel(f: &mut Frame, area: Rect, s: &State) {
    let mut lines = Vec::new();
    for kind in ErrorKind::ALL {
        let n = s.totals.errors[kind as usize];
        if n == 0 {
            continue;
        }
        let first = s.first_errors[kind as usize].as_deref().unwrap_or("");
        lines.push(Line::from(vec![
            Span::styled(
                format!("{:<9}{:>9}  ", kind.name(), group(n)),
                Style::new().fg(Color::Red),
            ),
            Span::raw(first.to_string()),
        ]));
    }
    let by_kind: u64 = s.totals.errors.iter().sum();
    if s.errors > by_kind {
        // From agents: the kinds and messages come with the report.
        lines.push(Line::from(format!(
            "{} errors (their kinds and first messages in the summary)",
            group(s.errors)
        )));
    }
    if lines.is_empty() {
        lines.push(Line::from("none"));
    }
    f.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }).block(
            Block::new()
                .borders(Borders::ALL)
                .title(" Errors (first message) "),
        ),
        area,
    );
}

fn connections_panel(f: &mut Frame, area: Rect, plan: &Plan, s: &State) {
    let open = s
        .last
        .as_ref()
        .and_then(|l| l.connections_open)
        .map_or("–".into(), group);
    if s.last.as_ref().is_some_and(|l| !l.agents.is_empty()) {
        f.render_widget(
            Paragraph::new("per agent in the summary and the JSON's agents section")
                .wrap(Wrap { trim: true })
                .block(Block::new().borders(Borders::ALL).title(" Connections ")),
            area,
        );
        return;
    }
    let mut lines = vec![
        Line::from(format!("open now   {open}")),
        Line::from(format!(
            "opened     {} (measured)",
            group(s.totals.connections_opened)
        )),
        Line::from(format!("sent       {}", group(s.totals.requests_sent))),
        Line::from(format!(
            "in flight  {}",
            group(s.totals.requests_sent.saturating_sub(s.totals.responses))
        )),
    ];
    if plan.offered.is_some() {
        lines.push(Line::from(format!(
            "late sends {}",
            group(s.totals.late_sends)
        )));
    }
    if s.last.as_ref().is_some_and(|l| l.warmup) {
        lines.push(Line::styled(
            "warming up: not counted",
            Style::new().fg(Color::Yellow),
        ));
    }
    if s.ended {
        lines.push(Line::from("done"));
    }
    f.render_widget(
        Paragraph::new(lines).block(Block::new().borders(Borders::ALL).title(" Connections ")),
        area,
    );
}
