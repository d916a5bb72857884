//! Clock offsets from round trips, as NTP estimates them.
//!
//! The controller sends a request at `t0` (its clock); the agent answers
//! with its clock `t1`; the answer arrives at `t3`. With the agent's
//! receive and transmit the same instant, NTP's formulas give the offset
//! `t1 − (t0 + t3) / 2` and the delay `t3 − t0`; the sample with the lowest
//! delay bounds the error best (at most half its delay), so it is kept.

use serde::{Deserialize, Serialize};

/// One round trip, in microseconds of each side's wall clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    pub sent_us: u64,
    pub agent_us: u64,
    pub received_us: u64,
}

/// The agent's clock minus the controller's, and the round trip it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Estimate {
    pub offset_us: i64,
    pub delay_us: u64,
}

impl Sample {
    pub fn estimate(&self) -> Estimate {
        let mid = (self.sent_us as i128 + self.received_us as i128) / 2;
        Estimate {
            offset_us: (self.agent_us as i128 - mid) as i64,
            delay_us: self.received_us.saturating_sub(self.sent_us),
        }
    }
}

/// The estimate of the sample with the lowest delay (`None` for no sample).
pub fn best(samples: &[Sample]) -> Option<Estimate> {
    samples
        .iter()
        .map(Sample::estimate)
        .min_by_key(|e| e.delay_us)
}

impl Estimate {
    /// A controller-clock instant in the agent's clock.
    pub fn to_agent(&self, controller_us: u64) -> u64 {
        (controller_us as i64 + self.offset_us).max(0) as u64
    }

    /// An agent-clock instant in the controller's clock.
    pub fn to_controller(&self, agent_us: u64) -> u64 {
        (agent_us as i64 - self.offset_us).max(0) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_and_delay_as_ntp_computes_them() {
        // Agent 1 s ahead; 200 µs each way.
        let s = Sample {
            sent_us: 10_000_000,
            agent_us: 11_000_200,
            received_us: 10_000_400,
        };
        assert_eq!(
            s.estimate(),
            Estimate {
                offset_us: 1_000_000,
                delay_us: 400
            }
        );
        // Agent behind.
        let s = Sample {
            sent_us: 5_000,
            agent_us: 1_050,
            received_us: 5_100,
        };
        assert_eq!(s.estimate().offset_us, -4_000);
    }

    #[test]
    fn the_lowest_delay_wins() {
        let samples = [
            // Slow outbound leg: the estimate is off by 4 ms.
            Sample {
                sent_us: 0,
                agent_us: 1_008_100,
                received_us: 8_200,
            },
            Sample {
                sent_us: 20_000,
                agent_us: 1_020_050,
                received_us: 20_100,
            },
        ];
        let e = best(&samples).unwrap();
        assert_eq!((e.offset_us, e.delay_us), (1_000_000, 100));
        assert_eq!(best(&[]), None);
        assert_eq!(e.to_agent(5), 1_000_005);
        assert_eq!(e.to_controller(1_000_005), 5);
    }
}
