//! Why PostgreSQL failed, read from its log. The service's modules quote
//! it in their errors; it imports none of them.

use std::fs;
use std::path::Path;

/// The line of a PostgreSQL log (from byte `from` on) that says why it
/// failed, as `LOG:LINE: TEXT`: the first FATAL or PANIC, else the first
/// ERROR, else the last line.
pub fn log_line(log: &Path, from: u64) -> Option<String> {
    let bytes = fs::read(log).ok()?;
    let from = (from as usize).min(bytes.len());
    let before = bytes[..from].iter().filter(|&&b| b == b'\n').count();
    let text = String::from_utf8_lossy(&bytes[from..]);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    let found = lines
        .iter()
        .find(|(_, l)| l.contains("FATAL:") || l.contains("PANIC:"))
        .or_else(|| lines.iter().find(|(_, l)| l.contains("ERROR:")))
        .or(lines.last())?;
    Some(format!(
        "{}:{}: {}",
        log.display(),
        before + found.0 + 1,
        found.1.trim()
    ))
}
