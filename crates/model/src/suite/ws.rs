//! A WebSocket scenario's messages ([`WsScenario`]), and which words it
//! counts in (`counted.rs`).

use serde::{Deserialize, Serialize};

use super::{Counted, Scenario, Wire};
use crate::load::WsMode;

/// What a WebSocket scenario sends (`message_bytes`, `binary`,
/// `in_flight`, `subscribe`): `barrage load ws://… --ws-size N
/// [--ws-binary] -m K` or `--ws-subscribe`. Its levels count messages, not
/// requests: a rate is messages per second, the latency a message's round
/// trip (in subscribe mode, the gap between two pushed messages).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WsScenario {
    /// Echo (the client sends, the server answers each message) or
    /// subscribe (the server pushes: the path says how often,
    /// `/ws?push=N`).
    pub mode: WsMode,
    /// Payload bytes of each message the client sends (echo; default 64).
    pub message_bytes: usize,
    /// Binary frames (opcode 2) rather than text (opcode 1).
    pub binary: bool,
    /// Messages in flight per connection in a closed loop (echo; `-m`;
    /// default 1).
    pub in_flight: usize,
}

impl WsScenario {
    /// An echo of 64-byte text messages, one in flight: what a scenario
    /// that gives no WebSocket key sends.
    pub fn echo() -> WsScenario {
        WsScenario {
            mode: WsMode::Echo,
            message_bytes: 64,
            binary: false,
            in_flight: 1,
        }
    }
}

impl super::Suite {
    /// The words of the named scenarios' numbers, shown together:
    /// messages/s and round trip when all are WebSocket scenarios, calls/s
    /// when all are gRPC scenarios counting calls.
    pub fn counted<'a>(&self, names: impl IntoIterator<Item = &'a str>) -> Counted {
        let names: Vec<&str> = names.into_iter().collect();
        Counted::of_all(
            self.scenarios
                .iter()
                .filter(|s| names.contains(&s.name.as_str())),
        )
    }
}

/// Which words a protocol's and a table's scenarios count in.
impl Counted {
    /// The words of `protocol`.
    pub fn of(protocol: Wire) -> Counted {
        if protocol.is_ws() {
            Counted::WS
        } else {
            Counted::HTTP
        }
    }

    /// The words of scenarios shown together: theirs when all count the
    /// same (WebSocket messages, gRPC calls, …), else HTTP's.
    pub fn of_all<'a>(scenarios: impl IntoIterator<Item = &'a Scenario>) -> Counted {
        let all: Vec<Counted> = scenarios.into_iter().map(Scenario::counted).collect();
        match all.first() {
            Some(first) if all.iter().all(|c| c == first) => *first,
            _ => Counted::HTTP,
        }
    }
}
