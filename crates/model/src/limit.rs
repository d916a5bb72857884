//! What limited a figure: every level and every capacity names it (docs/
//! load.md, "What limited a number"). One rule, pure, for the lab's levels
//! and searches, `barrage load` and the reports.
//!
//! The candidates, checked in this order (the first that holds names it):
//!
//! - the client ([`LimitKind::Client`]): the client-bound rule held
//!   ([`crate::client_bound`]: its ceiling, its CPU, its send delay, what it
//!   offered);
//! - a link's rate ([`LimitKind::Link`]), where a lab sets one: the bytes
//!   the level moved were [`LINK_SHARE`] or more of it;
//! - the server ([`LimitKind::Server`]): its process tree used
//!   [`SERVER_SHARE`] or more of its cores (its own CPU samples), or an
//!   open loop fell short of its rate while the client kept up;
//! - the objective ([`LimitKind::Objective`]): a capacity search's answer,
//!   the highest rate within it, the step above failing it;
//! - the connections ([`LimitKind::Connections`]): a closed loop whose
//!   client and server both had room, so its rate is its connections over
//!   the latency (Little's law), a figure of the load as much as of the
//!   server;
//! - nothing ([`LimitKind::Nothing`]): an open loop reached the rate asked
//!   with room to spare on both sides.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A server whose process tree used this share of its cores or more was
/// the limit (the same line as the client's [`crate::client_bound::CPU_SHARE`]).
pub const SERVER_SHARE: f64 = 0.9;
/// A level whose bytes per second were this share of its link's rate or
/// more was limited by the link.
pub const LINK_SHARE: f64 = 0.9;
/// An open loop that delivered this share of the rate asked reached it.
pub const REACHED_SHARE: f64 = 0.99;

/// What limited a level or a capacity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LimitKind {
    Client,
    Link,
    Server,
    Objective,
    Connections,
    Nothing,
}

impl LimitKind {
    /// `client`, `link`, `server`, `objective`, `connections`, `nothing`.
    pub fn name(self) -> &'static str {
        match self {
            LimitKind::Client => "client",
            LimitKind::Link => "link",
            LimitKind::Server => "server",
            LimitKind::Objective => "objective",
            LimitKind::Connections => "connections",
            LimitKind::Nothing => "nothing",
        }
    }
}

impl fmt::Display for LimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What limited one figure, and why in a few words (`server: 97% of its 1
/// core`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Limit {
    pub kind: LimitKind,
    pub why: String,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.why.is_empty() {
            true => f.write_str(self.kind.name()),
            false => write!(f, "{}: {}", self.kind, self.why),
        }
    }
}

/// How the level loaded the server.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Loop {
    /// A closed loop over this many connections.
    Closed { connections: usize },
    /// An open loop (or sessions) asking this rate per second.
    Open { asked_per_s: f64 },
    /// A capacity search's answer; `failed_above`: the reason the step
    /// above it failed, when one did.
    Search { failed_above: Option<FailedStep> },
}

/// The step above a capacity: its rate and why it failed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FailedStep {
    pub rate_per_s: f64,
    /// The server's cores busy over it, when sampled.
    pub server_share: Option<f64>,
}

/// Everything the rule reads about one level.
#[derive(Debug, Clone, PartialEq)]
pub struct Facts<'a> {
    pub looped: Loop,
    /// What it delivered, per second.
    pub rate_per_s: f64,
    /// The client-bound rule's words when it held (empty: it did not).
    pub client_bound: Option<&'a str>,
    /// The server's process tree's CPU over the window as a share of its
    /// cores (None: not sampled, or its cores unknown).
    pub server_share: Option<f64>,
    pub server_cores: usize,
    /// Bytes per second the level moved, and its link's rate in bytes per
    /// second, where a lab sets one.
    pub bytes_per_s: Option<f64>,
    pub link_bytes_per_s: Option<f64>,
}

/// What limited the level `f` describes.
pub fn limit(f: &Facts) -> Limit {
    let pct = |s: f64| format!("{:.0}%", 100.0 * s);
    let cores = |n: usize| match n {
        1 => "1 core".to_string(),
        n => format!("{n} cores"),
    };
    if let Some(why) = f.client_bound {
        return Limit {
            kind: LimitKind::Client,
            why: why.to_string(),
        };
    }
    if let (Some(b), Some(link)) = (f.bytes_per_s, f.link_bytes_per_s) {
        if link > 0.0 && b >= LINK_SHARE * link {
            return Limit {
                kind: LimitKind::Link,
                why: format!("{} of its rate", pct(b / link)),
            };
        }
    }
    let server_busy = f.server_share.filter(|&s| s >= SERVER_SHARE);
    match f.looped {
        Loop::Search { failed_above } => {
            let why = match failed_above {
                Some(step) => {
                    let busy = step
                        .server_share
                        .map(|s| {
                            format!(
                                ", the server at {} of its {}",
                                pct(s),
                                cores(f.server_cores)
                            )
                        })
                        .unwrap_or_default();
                    format!("the step at {:.0}/s failed it{busy}", step.rate_per_s)
                }
                None => "the highest rate within it".into(),
            };
            Limit {
                kind: LimitKind::Objective,
                why,
            }
        }
        _ if server_busy.is_some() => Limit {
            kind: LimitKind::Server,
            why: format!(
                "{} of its {}",
                pct(server_busy.unwrap_or_default()),
                cores(f.server_cores)
            ),
        },
        Loop::Closed { connections } => Limit {
            kind: LimitKind::Connections,
            why: format!(
                "{connections} in a closed loop, client and server with room{}",
                f.server_share
                    .map(|s| format!(" (server {})", pct(s)))
                    .unwrap_or_default()
            ),
        },
        Loop::Open { asked_per_s } if f.rate_per_s < REACHED_SHARE * asked_per_s => Limit {
            kind: LimitKind::Server,
            why: format!(
                "delivered {:.0}/s of {asked_per_s:.0}/s asked while the client kept up",
                f.rate_per_s
            ),
        },
        Loop::Open { asked_per_s } => Limit {
            kind: LimitKind::Nothing,
            why: format!(
                "{asked_per_s:.0}/s asked and reached{}",
                f.server_share
                    .map(|s| format!(", server {}", pct(s)))
                    .unwrap_or_default()
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(looped: Loop) -> Facts<'static> {
        Facts {
            looped,
            rate_per_s: 50_000.0,
            client_bound: None,
            server_share: Some(0.5),
            server_cores: 1,
            bytes_per_s: None,
            link_bytes_per_s: None,
        }
    }

    #[test]
    fn the_client_comes_first_then_the_link_then_the_server() {
        let mut f = facts(Loop::Closed { connections: 100 });
        f.server_share = Some(0.97);
        f.bytes_per_s = Some(95e6);
        f.link_bytes_per_s = Some(100e6);
        f.client_bound = Some("at 95% of the client's ceiling here, 52,000/s");
        let l = limit(&f);
        assert_eq!(l.kind, LimitKind::Client);
        assert!(l.why.contains("ceiling"), "{l}");
        f.client_bound = None;
        assert_eq!(limit(&f).kind, LimitKind::Link);
        f.bytes_per_s = Some(10e6);
        let l = limit(&f);
        assert_eq!(l.to_string(), "server: 97% of its 1 core");
    }

    #[test]
    fn a_closed_loop_with_room_on_both_sides_is_its_connections() {
        let l = limit(&facts(Loop::Closed { connections: 10 }));
        assert_eq!(l.kind, LimitKind::Connections);
        assert!(l.why.starts_with("10 in a closed loop"), "{l}");
    }

    #[test]
    fn an_open_loop_reached_is_nothing_and_short_is_the_server() {
        let mut f = facts(Loop::Open {
            asked_per_s: 50_000.0,
        });
        assert_eq!(limit(&f).kind, LimitKind::Nothing);
        f.rate_per_s = 40_000.0;
        let l = limit(&f);
        assert_eq!(l.kind, LimitKind::Server);
        assert!(l.why.contains("40000/s of 50000/s"), "{l}");
    }

    #[test]
    fn a_capacity_is_the_objective_with_the_step_above() {
        let l = limit(&facts(Loop::Search {
            failed_above: Some(FailedStep {
                rate_per_s: 61_000.0,
                server_share: Some(0.99),
            }),
        }));
        assert_eq!(
            l.to_string(),
            "objective: the step at 61000/s failed it, the server at 99% of its 1 core"
        );
    }
}
