//! The suite's `driver`/`drivers`, and the check that every driver can
//! run every scenario at every level. What each driver can do is the table
//! in `suite.rs` (and [`Tool::supports`](crate::driver::Tool)); this module
//! only reads the names and reports a mismatch at its key.

use super::super::{
    driver_drives, driver_name, driver_row, driver_runs_scripts, driver_speaks, Driver, Load,
    Scenario, DRIVERS,
};
use super::{problem, KeyPath, Problem};
use crate::driver::Tool;

pub(super) fn drivers(
    driver: Option<&str>,
    drivers: Option<&[String]>,
) -> Result<Vec<Driver>, Problem> {
    let root = KeyPath::root();
    let names: Vec<(KeyPath, &str)> = match (driver, drivers) {
        (Some(_), Some(_)) => {
            return Err(problem(
                &root.key("drivers"),
                "both driver and drivers are given",
                "one of them: driver = \"wrk\", or drivers = [\"barrage\", \"wrk\"]",
            ))
        }
        (Some(one), None) => vec![(root.key("driver"), one)],
        (None, Some([])) => {
            return Err(problem(
                &root.key("drivers"),
                "empty",
                "at least one driver",
            ))
        }
        (None, Some(many)) => many
            .iter()
            .enumerate()
            .map(|(i, d)| (root.key("drivers").index(i), d.as_str()))
            .collect(),
        (None, None) => return Ok(vec![Driver::Barrage]),
    };
    let mut out = Vec::new();
    for (at, name) in names {
        let Some(row) = DRIVERS.iter().find(|row| row.1 == name) else {
            let known: Vec<&str> = DRIVERS.iter().map(|row| row.1).collect();
            return Err(problem(
                &at,
                format!("unknown driver {name:?}"),
                format!("one of {}", known.join(", ")),
            ));
        };
        if out.contains(&row.0) {
            return Err(problem(
                &at,
                format!("driver {name} is listed twice"),
                "each driver once",
            ));
        }
        out.push(row.0);
    }
    Ok(out)
}

/// Every driver must speak every scenario's protocol and run the load's kind.
pub(super) fn check_drivers(
    drivers: &[Driver],
    scenarios: &[Scenario],
    load: &Load,
) -> Result<(), Problem> {
    let root = KeyPath::root();
    let driver_key = |i: usize| {
        if drivers.len() == 1 {
            root.key("driver")
        } else {
            root.key("drivers").index(i)
        }
    };
    let able = |ok: &dyn Fn(Driver) -> bool| {
        DRIVERS
            .iter()
            .filter(|row| ok(row.0))
            .map(|row| row.1)
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (i, &d) in drivers.iter().enumerate() {
        let name = driver_name(d);
        if !driver_drives(d, load) {
            return Err(problem(
                &driver_key(i),
                format!("{name} cannot run a {} load", load.kind()),
                format!("a driver that can: {}", able(&|d| driver_drives(d, load))),
            ));
        }
        // A search runs on barrage's engine, whatever the driver.
        for (j, s) in scenarios
            .iter()
            .enumerate()
            .filter(|(_, s)| s.search.is_none())
        {
            if !driver_speaks(d, s.protocol) {
                let speaks: Vec<&str> = driver_row(d).2.iter().map(|p| p.name()).collect();
                return Err(problem(
                    &root.key("scenario").index(j).key("protocol"),
                    format!("driver {name} cannot send {}", s.protocol),
                    format!(
                        "{} with {name}, or a driver that speaks {}: {}",
                        speaks.join(" or "),
                        s.protocol,
                        able(&|d| driver_speaks(d, s.protocol))
                    ),
                ));
            }
            // A wrk script runs on wrk and on barrage (which runs wrk's
            // scripts), on no other tool.
            if s.script.is_some() && !driver_runs_scripts(d) {
                return Err(problem(
                    &root.key("scenario").index(j).key("script"),
                    format!(
                        "driver {name} cannot run scenario {:?}, which has a script: only wrk and barrage run wrk scripts",
                        s.name
                    ),
                    "drivers wrk and barrage only, or the scenario without a script",
                ));
            }
            // The driver has the last word on what else it cannot do
            // (HTTP/1.0 for h2load, a method…), for every level.
            for level in (0..load.levels()).filter_map(|l| load.level(l)) {
                if let Err(why) = d.supports(s, &level) {
                    return Err(problem(
                        &root.key("scenario").index(j),
                        format!(
                            "driver {name} cannot run scenario {:?} at {level}: {why}",
                            s.name
                        ),
                        "another driver (barrage runs every scenario)".to_string(),
                    ));
                }
            }
        }
    }
    Ok(())
}
