//! What each driver can do, as a table: the protocols it speaks, the
//! loads it drives, whether it runs scripts. The suite's reader checks
//! scenarios against it; it imports none of the suite's modules.

use super::{Driver, Load, Wire};

/// What each driver can do, checked when a suite is read. The drivers
/// (driver.rs) decide how; this table only says whether.
pub(crate) const DRIVERS: [(Driver, &str, &[Wire], &[&str]); 5] = [
    (
        Driver::Barrage,
        "barrage",
        &Wire::ALL,
        &["concurrency", "rate", "session_rate"],
    ),
    (
        Driver::Wrk,
        "wrk",
        &[Wire::H1, Wire::HTTPS],
        &["concurrency"],
    ),
    (
        Driver::H2load,
        "h2load",
        // No h3: Debian's h2load (nghttp2 1.52) is built without ngtcp2.
        &[Wire::H1, Wire::H2C, Wire::H2, Wire::HTTPS],
        // h2load's --rate starts connections, not requests: no open loop.
        &["concurrency"],
    ),
    (Driver::Ab, "ab", &[Wire::H1, Wire::HTTPS], &["concurrency"]),
    (Driver::Httperf, "httperf", &[Wire::H1], &["session_rate"]),
];

pub(crate) fn driver_row(
    d: Driver,
) -> &'static (
    Driver,
    &'static str,
    &'static [Wire],
    &'static [&'static str],
) {
    DRIVERS
        .iter()
        .find(|row| row.0 == d)
        .expect("every driver has a row")
}

/// The driver's name in suites.
pub(crate) fn driver_name(d: Driver) -> &'static str {
    driver_row(d).1
}

pub(crate) fn driver_speaks(d: Driver, p: Wire) -> bool {
    driver_row(d).2.contains(&p)
}

pub(crate) fn driver_drives(d: Driver, load: &Load) -> bool {
    driver_row(d).3.contains(&load.kind())
}

/// Whether the driver runs a scenario's wrk Lua script (`script`): wrk
/// itself (`-s`) and barrage (`load --script`); ab, h2load and httperf
/// have no scripts.
pub(crate) fn driver_runs_scripts(d: Driver) -> bool {
    matches!(d, Driver::Wrk | Driver::Barrage)
}
