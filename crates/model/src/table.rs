//! The one tabulation of results that summary.md, report.md/csv, the
//! charts and `barrage compare` share: which tables there are (scenario ×
//! driver, and the suite's side-by-side tables of several scenarios), their
//! rows (server variants) and columns (load levels; level × scenario side
//! by side) in a stable order, and the cells (the repeats of one level)
//! with their medians and marks (`*` client-bound, `!` not valid as a
//! server's number).
//!
//! Nothing here depends on when or where it runs: the same results give
//! the same tables.
//!
//! This module holds the names, orders and numbers every part shares; the
//! parts live beside it: the tables of levels and the side-by-side tables
//! (`group`), their cells (`cell`), the capacity tables
//! (`capacity`), the servers × workloads tables with their composite
//! ranking (`matrix`), and the lists beside the tables (`listing`).

mod axes;
mod capacity;
mod cell;
mod efficiency;
mod group;
mod listing;
mod matrix;
mod numbers;

use axes::{by_variant, ordered, suite_drivers, suite_scenarios};
pub use axes::{row_name, scenario_line, slug, state, suite_name, variants};
pub use capacity::{capacities, CapacityRow};
pub use cell::{Cell, Metric};
pub use efficiency::{efficiencies, EfficiencyRow};
pub use group::{groups, side_by_side, Column, Grid, Group, Ranking, SideBySide};
pub use listing::{
    checked_runs, client_host_rows, failed_runs, host_rows, not_measured, ordered_runs, probes,
};
pub use matrix::{
    queries_per_request, workload_invalid_reasons, workload_marks, workload_matrices, Composite,
    MatrixCell, WorkloadColumn, WorkloadMatrix,
};
pub use numbers::{latency_text, median, min_max, rank_by};

#[cfg(test)]
mod tests;
