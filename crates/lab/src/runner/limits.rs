//! How long the runner waits for a host: a short call, a probe, a
//! server's graceful stop. Every step of a run reads these; this file
//! imports none of them.

use std::time::Duration;

/// How long a server is given to stop before it is killed.
pub(super) const STOP_GRACE: Duration = Duration::from_secs(5);
/// How long a probe of a server may take.
pub(super) const PROBE_TIMEOUT: Duration = Duration::from_secs(5);
/// A short call to a host (a probe, a sample, a count).
pub(super) const SHORT_CALL: Duration = Duration::from_secs(30);
