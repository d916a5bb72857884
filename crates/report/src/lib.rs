//! Reports from results: `barrage report RESULTS_DIR`, `barrage compare A
//! B` (with its gates), `barrage history DIR...`, and the summary.md of
//! `barrage run`.
//!
//! Every output is a pure function of the results it reads: rerunning a
//! report gives the same files, byte for byte.

pub mod chart;
pub mod compare;
pub mod gate;
pub mod history;
pub mod html;
pub mod load_page;
pub mod model;
pub mod search_page;
pub mod stats;
pub mod tables;

use std::path::{Path, PathBuf};

/// `summary.md`, which `barrage run` writes after each server and at its
/// end: a selection of the report's parts ([`tables::Part::in_summary`]),
/// the same blocks written as report.md is.
pub use tables::summary;

/// `barrage report DIR`: reads `DIR/results.json` and writes into `DIR`
/// `report.md`, `report.csv`, `workloads.csv` (a suite with workload
/// scenarios), `charts/ID.svg` and `charts/ID.png` for every
/// chart of [`chart::charts_for`], and `report.html` (everything inline).
/// Returns the files written, `report.html` last. The error is one line.
pub fn write_report(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let results = model::load_results(dir)?;
    let mut written = Vec::new();
    let write = |path: PathBuf, bytes: &[u8], written: &mut Vec<PathBuf>| {
        std::fs::write(&path, bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(path);
        Ok::<(), String>(())
    };
    write(
        dir.join("report.md"),
        tables::markdown(&results).as_bytes(),
        &mut written,
    )?;
    write(
        dir.join("report.csv"),
        tables::csv(&results).as_bytes(),
        &mut written,
    )?;
    let workloads = tables::workloads_csv(&results);
    if !workloads.is_empty() {
        write(
            dir.join("workloads.csv"),
            workloads.as_bytes(),
            &mut written,
        )?;
    }
    let charts: Vec<(chart::Chart, String)> = chart::charts_for(&results)
        .into_iter()
        .map(|c| {
            let svg = chart::render_svg(&c);
            (c, svg)
        })
        .collect();
    // The HTML is written before the PNGs, so that a chart that cannot be
    // rasterised still leaves the full report behind.
    let html = html::results_html(&results, &charts);
    let mut pngs = Vec::new();
    if !charts.is_empty() {
        let chart_dir = dir.join("charts");
        std::fs::create_dir_all(&chart_dir)
            .map_err(|e| format!("cannot create {}: {e}", chart_dir.display()))?;
        for (c, svg) in &charts {
            write(
                chart_dir.join(format!("{}.svg", c.id)),
                svg.as_bytes(),
                &mut written,
            )?;
            pngs.push((chart_dir.join(format!("{}.png", c.id)), svg));
        }
    }
    let html_path = dir.join("report.html");
    std::fs::write(&html_path, html)
        .map_err(|e| format!("cannot write {}: {e}", html_path.display()))?;
    for (path, svg) in pngs {
        let png =
            chart::render_png(svg).map_err(|e| format!("cannot render {}: {e}", path.display()))?;
        write(path, &png, &mut written)?;
    }
    written.push(html_path);
    Ok(written)
}
