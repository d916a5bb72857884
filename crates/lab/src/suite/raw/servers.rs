//! The `[[server]]` entries: each server's name and label, its fixed
//! `vars`, its `variants` expanded to every combination (cores among them),
//! and the load levels it runs. Names servers; reads no manifest.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::super::source::{Ordered, Scalar, Scalars};
use super::super::{Load, ServerEntry, Variant};
use super::{check_name, non_empty, problem, source, CpuList, KeyPath, Problem};
use crate::manifest::BUILTIN_VARS;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawServer {
    name: Option<String>,
    label: Option<String>,
    cores: Option<CpuList>,
    vars: Option<Ordered<Scalar>>,
    variants: Option<Ordered<Scalars>>,
    levels: Option<Vec<i64>>,
}

pub(super) fn servers(
    raw: Option<Vec<RawServer>>,
    load: &Load,
) -> Result<Vec<ServerEntry>, Problem> {
    let at = KeyPath::root().key("server");
    let raw = raw.unwrap_or_default();
    if raw.is_empty() {
        return Err(problem(
            &at,
            "no server",
            "at least one [[server]] with a name",
        ));
    }
    let mut out: Vec<ServerEntry> = Vec::new();
    for (i, entry) in raw.into_iter().enumerate() {
        let at = at.index(i);
        let expanded = server_entry(entry, &at, load)?;
        for v in &expanded.variants {
            if out
                .iter()
                .flat_map(|e| &e.variants)
                .any(|o| o.label == v.label)
            {
                return Err(problem(
                    &at.key("label"),
                    format!("{:?} names two server variants", v.label),
                    "a different label for each entry of the same server",
                ));
            }
        }
        out.push(expanded);
    }
    Ok(out)
}

/// The key in `variants` that varies the server's cores.
const CORES_KEY: &str = "cores";

fn server_entry(raw: RawServer, at: &KeyPath, load: &Load) -> Result<ServerEntry, Problem> {
    let Some(name) = raw.name else {
        return Err(problem(
            &at.key("name"),
            "missing",
            "the server's name: servers/NAME/server.toml",
        ));
    };
    check_name(&name, &at.key("name"), "server name")?;
    let label = raw.label.unwrap_or_else(|| name.clone());
    if label.trim().is_empty() {
        return Err(problem(
            &at.key("label"),
            "empty",
            "a label naming this entry in results",
        ));
    }
    let mut fixed = BTreeMap::new();
    for (key, Scalar(value)) in raw.vars.unwrap_or_default().0 {
        check_var_name(&key, &at.key("vars").key(&key))?;
        fixed.insert(key, value);
    }
    let mut axes = Vec::new();
    for (key, Scalars(values)) in raw.variants.unwrap_or_default().0 {
        let at = at.key("variants").key(&key);
        if fixed.contains_key(&key) {
            let what = format!("{key} is in both vars and variants");
            return Err(problem(&at, what, "one of them"));
        }
        if key == CORES_KEY && raw.cores.is_some() {
            let what = "cores given twice (cores and variants.cores)";
            return Err(problem(&at, what, "one of them"));
        }
        axes.push(axis(key, values, &at)?);
    }
    let entry_cores = raw.cores.map(|c| c.0);
    let variants = product(&axes)
        .into_iter()
        .map(|choice| variant(&label, &fixed, entry_cores.as_ref(), &axes, &choice))
        .collect();
    let levels = match raw.levels {
        None => None,
        Some(indices) => Some(entry_levels(&indices, &at.key("levels"), load)?),
    };
    Ok(ServerEntry {
        server: name,
        variants,
        levels,
    })
}

/// An entry's `levels`: indices into the load's list, as the levels'
/// magnitudes ([`Level::magnitude`]), which survive `--quick` and
/// `--levels` cutting the list.
fn entry_levels(indices: &[i64], at: &KeyPath, load: &Load) -> Result<Vec<f64>, Problem> {
    let n = load.levels();
    if indices.is_empty() {
        return Err(problem(
            at,
            "empty",
            "indices of the [load] levels this server runs, such as [0]",
        ));
    }
    let mut out = Vec::new();
    for (i, &index) in indices.iter().enumerate() {
        let level = usize::try_from(index).ok().and_then(|i| load.level(i));
        let Some(level) = level else {
            return Err(problem(
                &at.index(i),
                format!("no level {index} ({} has {n}, counted from 0)", load.kind()),
                format!("an index from 0 to {}", n - 1),
            ));
        };
        out.push(level.magnitude());
    }
    Ok(out)
}

/// One key of `variants`: a variable's values, or (`cores`) core lists.
struct Axis {
    key: String,
    values: Vec<String>,
    /// For `cores`: each value parsed.
    cores: Option<Vec<Vec<usize>>>,
}

fn axis(key: String, values: Vec<String>, at: &KeyPath) -> Result<Axis, Problem> {
    non_empty(&values, at, "values, such as [\"1\", \"2\"]")?;
    for (i, v) in values.iter().enumerate() {
        if values[..i].contains(v) {
            let what = format!("{v:?} is listed twice");
            return Err(problem(&at.index(i), what, "each value once"));
        }
    }
    if key != CORES_KEY {
        check_var_name(&key, at)?;
        return Ok(Axis {
            key,
            values,
            cores: None,
        });
    }
    let lists = values
        .iter()
        .enumerate()
        .map(|(i, v)| source::parse_cpu_list(v).map_err(|e| cpu_problem(&at.index(i), e)))
        .collect::<Result<_, _>>()?;
    Ok(Axis {
        key,
        values,
        cores: Some(lists),
    })
}

/// The variant that picks value `choice[i]` on axis `i`.
fn variant(
    label: &str,
    fixed: &BTreeMap<String, String>,
    entry_cores: Option<&Vec<usize>>,
    axes: &[Axis],
    choice: &[usize],
) -> Variant {
    let mut variant = Variant {
        label: label.to_string(),
        vars: fixed.clone(),
        cores: entry_cores.cloned(),
    };
    for (axis, &pick) in axes.iter().zip(choice) {
        let value = &axis.values[pick];
        variant.label.push_str(&format!(" {}={value}", axis.key));
        match &axis.cores {
            Some(lists) => variant.cores = Some(lists[pick].clone()),
            None => {
                variant.vars.insert(axis.key.clone(), value.clone());
            }
        }
    }
    variant
}

/// A cpu-list error ("...; expected ...") as a problem.
fn cpu_problem(at: &KeyPath, message: String) -> Problem {
    let (what, expected) = message.split_once("; expected ").unwrap_or((&message, ""));
    problem(at, what, expected)
}

/// Every combination of one value per axis (indices), the first axis
/// varying slowest; one empty combination when there is no axis.
fn product(axes: &[Axis]) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    for axis in axes {
        let n = axis.values.len();
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..n).map(move |i| {
                    let mut next = prefix.clone();
                    next.push(i);
                    next
                })
            })
            .collect();
    }
    out
}

fn check_var_name(key: &str, at: &KeyPath) -> Result<(), Problem> {
    let mut chars = key.chars();
    let ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ok {
        return Err(problem(
            at,
            format!("invalid variable name {key:?}"),
            "letters, digits and '_', not starting with a digit, such as GOMAXPROCS",
        ));
    }
    if BUILTIN_VARS.contains(&key) || key == CORES_KEY {
        return Err(problem(
            at,
            format!("{key:?} is reserved"),
            format!(
                "a name other than {} and {CORES_KEY} (cores vary only in variants)",
                BUILTIN_VARS.join(", ")
            ),
        ));
    }
    Ok(())
}
