//! The `[[table]]`s: scenarios the reports put side by side, with their
//! column labels and title. Checks names against the suite's scenarios;
//! draws nothing.

use serde::Deserialize;

use super::super::{Scenario, SuiteTable};
use super::{distinct, problem, KeyPath, Problem};

/// `[[table]]`: scenarios side by side in the reports.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTable {
    title: Option<String>,
    scenarios: Option<Vec<String>>,
    columns: Option<Vec<String>>,
}

/// The `[[table]]`s: each two or more scenarios of the suite with levels,
/// each once; `columns` one label per scenario; the defaults filled in.
pub(super) fn tables(
    raw: Option<Vec<RawTable>>,
    scenarios: &[Scenario],
) -> Result<Vec<SuiteTable>, Problem> {
    let with_levels: Vec<&str> = scenarios
        .iter()
        .filter(|s| s.search.is_none())
        .map(|s| s.name.as_str())
        .collect();
    let mut out = Vec::new();
    for (i, t) in raw.unwrap_or_default().into_iter().enumerate() {
        let at = KeyPath::root().key("table").index(i);
        let expected = "the names of two or more scenarios to put side by side, such as [\"6b-h1\", \"6b-h2\"]";
        let Some(names) = t.scenarios else {
            return Err(problem(&at.key("scenarios"), "missing", expected));
        };
        if names.len() < 2 {
            let what = ["no scenario", "only one scenario"][names.len()];
            return Err(problem(&at.key("scenarios"), what, expected));
        }
        for (j, name) in names.iter().enumerate() {
            let at = at.key("scenarios").index(j);
            if !with_levels.contains(&name.as_str()) {
                let what = if scenarios.iter().any(|s| &s.name == name) {
                    format!("scenario {name:?} is a capacity search, which has no levels")
                } else {
                    format!("unknown scenario {name:?}")
                };
                let known = format!("one of {}", with_levels.join(", "));
                return Err(problem(&at, what, known));
            }
            distinct(&names[..j], name, &at, "scenario")?;
        }
        let columns = match t.columns {
            None => names.clone(),
            Some(columns) => {
                let at = at.key("columns");
                if columns.len() != names.len() {
                    return Err(problem(
                        &at,
                        format!("{} labels for {} scenarios", columns.len(), names.len()),
                        "one label per scenario, in the order of scenarios",
                    ));
                }
                for (j, label) in columns.iter().enumerate() {
                    let at = at.index(j);
                    if label.trim().is_empty() {
                        return Err(problem(
                            &at,
                            "an empty label",
                            "a short label such as \"h2\"",
                        ));
                    }
                    distinct(&columns[..j], label, &at, "label")?;
                }
                columns
            }
        };
        let title = match t.title {
            None => names.join(", "),
            Some(title) if title.trim().is_empty() => {
                return Err(problem(
                    &at.key("title"),
                    "an empty title",
                    "a title, or no title for the scenarios' names",
                ))
            }
            Some(title) => title,
        };
        out.push(SuiteTable {
            title,
            scenarios: names,
            columns,
        });
    }
    Ok(out)
}
