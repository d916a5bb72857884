//! The tables of levels: one per scenario and driver ([`Group`]), and the
//! suite's side-by-side tables of several scenarios ([`SideBySide`]), with
//! their rows, columns, grids and rankings. Lays out; formats nothing.

use crate::results::{Results, RunRecord};

use super::{
    ordered, rank_by, row_name, slug, suite_drivers, suite_scenarios, variants, Cell, Metric,
};

/// One table of the report: the runs of one scenario with one driver.
#[derive(Debug, Clone)]
pub struct Group<'a> {
    pub scenario: String,
    pub driver: String,
    /// Columns: (level index, label such as `c=100`), by index.
    pub levels: Vec<(usize, String)>,
    /// Rows: server variants, in the suite's order.
    pub rows: Vec<String>,
    pub runs: Vec<&'a RunRecord>,
}

impl<'a> Group<'a> {
    /// The repeats of one row at one level, by repeat.
    pub fn cell(&self, row: &str, level_index: usize) -> Cell<'a> {
        cell_of(&self.runs, row, |x| x.level_index == level_index)
    }

    /// The table as the reports lay it out: a column per level.
    pub fn grid(&self) -> Grid<'a> {
        Grid {
            columns: self.levels.iter().map(|l| l.1.clone()).collect(),
            rows: self
                .rows
                .iter()
                .map(|row| {
                    let cells = self.levels.iter().map(|l| self.cell(row, l.0));
                    (row.clone(), cells.collect())
                })
                .collect(),
        }
    }

    /// An id for HTML anchors: lowercase letters, digits and '-' (the
    /// prefix of the group's chart ids in chart.rs).
    pub fn id(&self) -> String {
        format!("{}-{}", slug(&self.scenario), slug(&self.driver))
    }

    /// The rows ranked by the median of `m` at one level: the highest
    /// level at which every row has a median of `m` or, when there is
    /// none, the highest of those at which the most rows have one. Best
    /// first: the highest median first, or the lowest with `lower_first`
    /// (see [`rank_by`]). `None` when no row has a median at any level.
    pub fn ranking(&self, m: Metric, lower_first: bool) -> Option<Ranking<'a>> {
        let count = |index: usize| {
            self.rows
                .iter()
                .filter(|row| self.cell(row, index).median(m).is_some())
                .count()
        };
        let most = self
            .levels
            .iter()
            .map(|l| count(l.0))
            .max()
            .filter(|n| *n > 0)?;
        let (level_index, level) = self.levels.iter().rev().find(|l| count(l.0) == most)?;
        let mut rows: Vec<(String, Cell<'a>)> = self
            .rows
            .iter()
            .map(|row| (row.clone(), self.cell(row, *level_index)))
            .collect();
        rank_by(&mut rows, lower_first, |(_, cell)| cell.median(m));
        Some(Ranking {
            level_index: *level_index,
            level: level.clone(),
            every_row: most == self.rows.len(),
            rows,
        })
    }
}

/// A table's rows ranked at one of its levels ([`Group::ranking`]).
#[derive(Debug, Clone)]
pub struct Ranking<'a> {
    pub level_index: usize,
    /// The level's label (`c=100`).
    pub level: String,
    /// Every row has a median there (else: the most rows do).
    pub every_row: bool,
    /// Each row with its cell at that level, best first; rows without a
    /// median last, in the suite's order.
    pub rows: Vec<(String, Cell<'a>)>,
}

/// The repeats of one row among `runs` that `keep` takes, by repeat.
fn cell_of<'a>(runs: &[&'a RunRecord], row: &str, keep: impl Fn(&RunRecord) -> bool) -> Cell<'a> {
    let mut runs: Vec<&'a RunRecord> = runs
        .iter()
        .copied()
        .filter(|x| row_name(&x.server, &x.variant) == row && keep(x))
        .collect();
    runs.sort_by_key(|x| x.repeat);
    Cell { runs }
}

/// A table as the reports lay it out, whatever its kind: the columns'
/// labels, and each row's label (a server variant) with one cell per
/// column.
#[derive(Debug, Clone)]
pub struct Grid<'a> {
    pub columns: Vec<String>,
    pub rows: Vec<(String, Vec<Cell<'a>>)>,
}

/// A column of a side-by-side table: one scenario at one level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub level_index: usize,
    pub scenario: String,
    /// The level and the scenario's label in the table: `c=10 h1`.
    pub label: String,
}

/// A suite's `[[table]]` ([`crate::suite::SuiteTable`]) laid out from the
/// runs: its scenarios side by side, with one driver, the first of the
/// suite's drivers that ran any of them (every driver runs every
/// scenario; the others are in the scenarios' own tables).
#[derive(Debug, Clone)]
pub struct SideBySide<'a> {
    pub title: String,
    pub driver: String,
    /// The table's scenarios, in its order.
    pub scenarios: Vec<String>,
    /// Each scenario's label in the column headers (its `columns`).
    pub labels: Vec<String>,
    /// Every level the runs reached (in the suite's order) × every
    /// scenario (in the table's order), grouped by level.
    pub columns: Vec<Column>,
    /// Rows: server variants, in the suite's order.
    pub rows: Vec<String>,
    pub runs: Vec<&'a RunRecord>,
    /// The table's place among the suite's tables, from 1.
    pub number: usize,
}

impl<'a> SideBySide<'a> {
    /// The repeats of one row in one column, by repeat.
    pub fn cell(&self, row: &str, column: &Column) -> Cell<'a> {
        cell_of(&self.runs, row, |x| {
            x.level_index == column.level_index && x.scenario == column.scenario
        })
    }

    /// The table as the reports lay it out.
    pub fn grid(&self) -> Grid<'a> {
        Grid {
            columns: self.columns.iter().map(|c| c.label.clone()).collect(),
            rows: self
                .rows
                .iter()
                .map(|row| {
                    let cells = self.columns.iter().map(|c| self.cell(row, c));
                    (row.clone(), cells.collect())
                })
                .collect(),
        }
    }

    /// An id for HTML anchors, `side-by-side-N`: no group's id (which
    /// ends with a driver's name) is one.
    pub fn id(&self) -> String {
        format!("side-by-side-{}", self.number)
    }
}

/// The suite's side-by-side tables (`[[table]]`), in its order; a table
/// none of whose scenarios has a run yet is left out.
pub fn side_by_side(r: &Results) -> Vec<SideBySide<'_>> {
    let drivers = ordered(suite_drivers(r), r.runs.iter().map(|x| x.driver.clone()));
    let variants = variants(r);
    let mut out = Vec::new();
    for (i, t) in r.suite.tables.iter().enumerate() {
        let mine: Vec<&RunRecord> = r
            .runs
            .iter()
            .filter(|x| t.scenarios.contains(&x.scenario) && !x.level.is_search())
            .collect();
        let Some(driver) = drivers
            .iter()
            .find(|d| mine.iter().any(|x| &x.driver == *d))
        else {
            continue;
        };
        let runs: Vec<&RunRecord> = mine.into_iter().filter(|x| &x.driver == driver).collect();
        let labels: Vec<String> = t
            .scenarios
            .iter()
            .enumerate()
            .map(|(j, s)| t.columns.get(j).unwrap_or(s).clone())
            .collect();
        let mut columns = Vec::new();
        for (level_index, level) in levels_of(&runs) {
            for (scenario, label) in t.scenarios.iter().zip(&labels) {
                columns.push(Column {
                    level_index,
                    scenario: scenario.clone(),
                    label: format!("{level} {label}"),
                });
            }
        }
        out.push(SideBySide {
            title: t.title.clone(),
            driver: driver.clone(),
            scenarios: t.scenarios.clone(),
            labels,
            columns,
            rows: rows_of(&variants, &runs),
            runs,
            number: i + 1,
        });
    }
    out
}

/// The levels of `runs`: (index, label), by index.
fn levels_of(runs: &[&RunRecord]) -> Vec<(usize, String)> {
    let mut levels: Vec<(usize, String)> = Vec::new();
    for x in runs {
        if !levels.iter().any(|l| l.0 == x.level_index) {
            levels.push((x.level_index, x.level.to_string()));
        }
    }
    levels.sort();
    levels
}

/// The `variants` that have a run among `runs`, in their order.
fn rows_of(variants: &[String], runs: &[&RunRecord]) -> Vec<String> {
    variants
        .iter()
        .filter(|v| runs.iter().any(|x| &row_name(&x.server, &x.variant) == *v))
        .cloned()
        .collect()
}

/// The report's tables: scenario (in the suite's order) × driver (in the
/// suite's order), each with the levels and server variants it measured.
pub fn groups(r: &Results) -> Vec<Group<'_>> {
    let scenarios = ordered(
        suite_scenarios(r),
        r.runs.iter().map(|x| x.scenario.clone()),
    );
    let drivers = ordered(suite_drivers(r), r.runs.iter().map(|x| x.driver.clone()));
    let variants = variants(r);
    let mut out = Vec::new();
    for scenario in &scenarios {
        for driver in &drivers {
            // Searches have a table of their own (capacities).
            let runs: Vec<&RunRecord> = r
                .runs
                .iter()
                .filter(|x| &x.scenario == scenario && &x.driver == driver)
                .filter(|x| !x.level.is_search())
                .collect();
            if runs.is_empty() {
                continue;
            }
            out.push(Group {
                scenario: scenario.clone(),
                driver: driver.clone(),
                levels: levels_of(&runs),
                rows: rows_of(&variants, &runs),
                runs,
            });
        }
    }
    out
}
