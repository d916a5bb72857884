//! The numbers every table shares: medians, ranges, rankings and how a
//! latency reads. Pure arithmetic; it imports nothing of the tables.

/// Sorts `items` best first by `key`: the highest value first, or the
/// lowest with `lower_first`. Stable: ties keep their order, and items
/// without a value go last, in their order.
pub fn rank_by<T>(items: &mut [T], lower_first: bool, key: impl Fn(&T) -> Option<f64>) {
    use std::cmp::Ordering;
    items.sort_by(|a, b| match (key(a), key(b)) {
        (Some(x), Some(y)) if lower_first => x.total_cmp(&y),
        (Some(x), Some(y)) => y.total_cmp(&x),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    });
}

/// The lowest and the highest of `values`; `None` when there are none.
pub fn min_max(values: &[f64]) -> Option<(f64, f64)> {
    let lo = values.iter().copied().reduce(f64::min)?;
    let hi = values.iter().copied().reduce(f64::max)?;
    Some((lo, hi))
}

/// The median (the mean of the middle two for an even count), the one
/// every table, chart and comparison uses.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    })
}

/// A latency in microseconds as the tables print it: `850 µs`, `12.40 ms`.
pub fn latency_text(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}
