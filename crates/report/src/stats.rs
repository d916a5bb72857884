//! The statistics of `barrage compare`, written out so that every number it
//! prints can be checked by hand: medians, ranks with ties, the
//! Mann–Whitney U test and the Hodges–Lehmann shift with its
//! distribution-free confidence interval.
//!
//! # Why these
//!
//! Benchmark samples are few (three to ten repeats), often skewed and
//! sometimes bimodal, so nothing here assumes a normal distribution:
//!
//! - **Mann–Whitney U** (the Wilcoxon rank-sum test, R's `wilcox.test`,
//!   the test benchstat uses): does one sample tend to be larger than the
//!   other? Two-sided. With no ties and `n + m ≤ 40` the p-value comes from
//!   the exact null distribution of U, counted by dynamic programming; with
//!   ties, or more samples, from the normal approximation with a continuity
//!   correction and the tie-corrected variance (as R and SciPy compute it).
//! - **Hodges–Lehmann shift**: the median of all `n·m` differences
//!   `b − a`, the estimate of how far B is shifted from A that goes with the
//!   U test. Its confidence interval is read off the same sorted differences
//!   at ranks given by the null distribution of U (Hollander & Wolfe,
//!   *Nonparametric Statistical Methods*, §4.3; R's `wilcox.test(conf.int =
//!   TRUE)`): exact without ties for `n + m ≤ 40`, from the normal
//!   approximation otherwise. It is chosen over a bootstrap because it is
//!   deterministic without a seed, exact for the small samples a benchmark
//!   has (a bootstrap of three values can only resample those three values
//!   and gives intervals that are too narrow), and agrees with the test: the
//!   interval excludes 0 exactly when the exact test rejects at the same level.
//!
//! With `n` and `m` samples and no ties, the smallest two-sided p-value
//! Mann–Whitney can give is `2 / C(n+m, n)` (all of A below all of B):
//! 0.1 for 3 vs 3, 0.057 for 3 vs 4, 0.029 for 4 vs 4. [`min_p_value`] says
//! whether a comparison can reach a significance level at all.

/// The median (the mean of the middle two for an even count): the lab's,
/// so reports and `summary.md` agree.
pub use barrage_model::table::median;

/// The largest distance of a value from the median, as a fraction of the
/// median: every value lies within `median × (1 ± spread)`. `None` when there
/// are no values or the median is 0.
pub fn spread(values: &[f64]) -> Option<f64> {
    let m = median(values)?;
    if m == 0.0 {
        return None;
    }
    let far = values.iter().map(|v| (v - m).abs()).fold(0.0_f64, f64::max);
    Some(far / m.abs())
}

/// Ranks from 1, ties given the mean of the ranks they span, and the tie
/// term `Σ (t³ − t)` over the groups of `t` equal values (0 without ties).
pub fn ranks(values: &[f64]) -> (Vec<f64>, f64) {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&i, &j| values[i].total_cmp(&values[j]));
    let mut ranks = vec![0.0; values.len()];
    let mut ties = 0.0;
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && values[order[end]] == values[order[start]] {
            end += 1;
        }
        // Positions start..end (0-based) hold ranks start+1 ..= end.
        let mean = (start + 1 + end) as f64 / 2.0;
        for &i in &order[start..end] {
            ranks[i] = mean;
        }
        let t = (end - start) as f64;
        ties += t * t * t - t;
        start = end;
    }
    (ranks, ties)
}

/// The largest `n + m` for which the exact distribution of U is used (when
/// there are no ties).
pub const EXACT_MAX: usize = 40;

/// How many of the `C(n+m, n)` equally likely orderings of the two samples
/// give each value of U, for U = 0 ..= n·m (the null distribution without
/// ties). These are the coefficients of the Gaussian binomial coefficient
/// `[n+m choose n]_q = Π_{i=1..n} (1 − q^(m+i)) / (1 − q^i)`, built factor
/// by factor; every partial product is itself such a coefficient list, so
/// the counts stay non-negative integers.
pub fn u_counts(n: usize, m: usize) -> Vec<u128> {
    let top = n * m;
    let mut c = vec![0i128; top + 1];
    c[0] = 1;
    for i in 1..=n {
        // × (1 − q^(m+i)), from the top down.
        let s = m + i;
        for k in (s..=top).rev() {
            c[k] -= c[k - s];
        }
        // ÷ (1 − q^i): a running sum with stride i.
        for k in i..=top {
            c[k] += c[k - i];
        }
    }
    c.into_iter().map(|x| x as u128).collect()
}

/// `C(n, k)` as a float (exact up to 2^53).
pub fn binomial(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// A distribution-free confidence interval for a median.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MedianInterval {
    pub lo: f64,
    pub hi: f64,
    /// The confidence the interval has (order statistics give only some
    /// levels: 75% for 3 values, 93.75% for 5, 96.9% for 6).
    pub confidence: f64,
}

/// The interval `[x(k), x(n+1−k)]` of the sorted `values`, which covers the
/// true median with probability `1 − 2·P(B ≤ k−1)`, B ~ Binomial(n, ½)
/// (the sign-test interval; Hollander & Wolfe §3.6). `k` is the largest
/// with that at least `1 − alpha`; when the values are too few for that
/// (fewer than 6 at 95%), the widest interval, from the least to the
/// greatest, with the confidence it has. `None` for fewer than 2 values.
pub fn median_interval(values: &[f64], alpha: f64) -> Option<MedianInterval> {
    let n = values.len();
    if n < 2 {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let total = 2f64.powi(n as i32);
    // P(B ≤ j) for B ~ Binomial(n, ½).
    let below = |j: usize| (0..=j).map(|i| binomial(n, i)).sum::<f64>() / total;
    let confidence = |k: usize| 1.0 - 2.0 * below(k - 1);
    let mut k = 1;
    while k < n / 2 && confidence(k + 1) >= 1.0 - alpha {
        k += 1;
    }
    Some(MedianInterval {
        lo: v[k - 1],
        hi: v[n - k],
        confidence: confidence(k),
    })
}

/// The smallest two-sided p-value the Mann–Whitney test can give for `n`
/// and `m` samples: `2 / C(n+m, n)`, capped at 1. A comparison whose
/// minimum is at or above the significance level can never be significant.
pub fn min_p_value(n: usize, m: usize) -> f64 {
    if n == 0 || m == 0 {
        return 1.0;
    }
    (2.0 / binomial(n + m, n)).min(1.0)
}

/// The fewest samples per side (the same on both) with which Mann–Whitney
/// can reach `p < alpha`.
pub fn samples_needed(alpha: f64) -> usize {
    (1..1000)
        .find(|&k| min_p_value(k, k) < alpha)
        .unwrap_or(1000)
}

/// The result of a two-sided Mann–Whitney U test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MannWhitney {
    /// U of A: the pairs `(a, b)` with `a > b`, plus half the pairs with
    /// `a == b` (R's `W` for `wilcox.test(a, b)`).
    pub u: f64,
    /// The two-sided p-value.
    pub p: f64,
    /// From the exact distribution (no ties, `n + m ≤ EXACT_MAX`), else
    /// from the normal approximation.
    pub exact: bool,
}

/// The two-sided Mann–Whitney U test of A against B; `None` when either is
/// empty.
pub fn mann_whitney(a: &[f64], b: &[f64]) -> Option<MannWhitney> {
    let (n, m) = (a.len(), b.len());
    if n == 0 || m == 0 {
        return None;
    }
    let all: Vec<f64> = a.iter().chain(b).copied().collect();
    let (r, ties) = ranks(&all);
    let rank_sum_a: f64 = r[..n].iter().sum();
    let u = rank_sum_a - (n * (n + 1)) as f64 / 2.0;
    let nm = (n * m) as f64;
    if ties == 0.0 && n + m <= EXACT_MAX {
        let counts = u_counts(n, m);
        let total = binomial(n + m, n);
        let k = u.round() as usize;
        let below: u128 = counts[..=k].iter().sum();
        let above: u128 = counts[k..].iter().sum();
        let p = (2.0 * below.min(above) as f64 / total).min(1.0);
        return Some(MannWhitney { u, p, exact: true });
    }
    let sigma = normal_sigma(n, m, ties);
    let p = if sigma == 0.0 {
        1.0
    } else {
        let z = ((u - nm / 2.0).abs() - 0.5) / sigma;
        (2.0 * normal_sf(z)).min(1.0)
    };
    Some(MannWhitney { u, p, exact: false })
}

/// The standard deviation of U under the null hypothesis, tie-corrected.
fn normal_sigma(n: usize, m: usize, ties: f64) -> f64 {
    let (nf, mf) = (n as f64, m as f64);
    let big_n = nf + mf;
    let var = nf * mf / 12.0 * ((big_n + 1.0) - ties / (big_n * (big_n - 1.0)));
    var.max(0.0).sqrt()
}

/// The Hodges–Lehmann estimate of the shift from A to B and its confidence
/// interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shift {
    /// The median of the differences `b − a` over all pairs.
    pub estimate: f64,
    /// The interval `[lo, hi]`; `None` when the samples are too few for any
    /// interval with the confidence asked for (e.g. 3 vs 3 at 95%).
    pub interval: Option<(f64, f64)>,
    /// The confidence the interval actually has (at least `1 − alpha` when
    /// exact; U is discrete, so usually a little more).
    pub confidence: f64,
    pub exact: bool,
}

/// The Hodges–Lehmann shift of B relative to A (positive: B is larger) with
/// its `1 − alpha` confidence interval; `None` when either side is empty.
///
/// With the differences `D(1) ≤ … ≤ D(nm)`, `[D(k), D(nm+1−k)]` covers the
/// true shift with probability `1 − 2·P(U ≤ k−1)`; `k` is the largest for
/// which that is at least `1 − alpha`.
pub fn hodges_lehmann(a: &[f64], b: &[f64], alpha: f64) -> Option<Shift> {
    let (n, m) = (a.len(), b.len());
    if n == 0 || m == 0 {
        return None;
    }
    let mut d: Vec<f64> = a
        .iter()
        .flat_map(|x| b.iter().map(move |y| y - x))
        .collect();
    d.sort_by(f64::total_cmp);
    let estimate = median(&d)?;
    let nm = n * m;
    let all: Vec<f64> = a.iter().chain(b).copied().collect();
    let (_, ties) = ranks(&all);
    let exact = ties == 0.0 && n + m <= EXACT_MAX;
    let k = if exact {
        let counts = u_counts(n, m);
        let total = binomial(n + m, n);
        // The largest k with 2·P(U ≤ k−1) ≤ alpha.
        let mut cum = 0u128;
        let mut k = 0;
        while k < nm / 2 + 1 {
            cum += counts[k];
            if 2.0 * cum as f64 / total > alpha {
                break;
            }
            k += 1;
        }
        k
    } else {
        let sigma = normal_sigma(n, m, ties);
        let z = normal_quantile(1.0 - alpha / 2.0);
        let k = (nm as f64 / 2.0 - z * sigma + 0.5).floor();
        if k < 1.0 {
            0
        } else {
            k as usize
        }
    };
    let k = k.min(nm.div_ceil(2));
    if k == 0 {
        return Some(Shift {
            estimate,
            interval: None,
            confidence: 0.0,
            exact,
        });
    }
    let confidence = if exact {
        let counts = u_counts(n, m);
        let below: u128 = counts[..k].iter().sum();
        1.0 - 2.0 * below as f64 / binomial(n + m, n)
    } else {
        1.0 - 2.0 * normal_cdf((k as f64 - 0.5 - nm as f64 / 2.0) / normal_sigma(n, m, ties))
    };
    Some(Shift {
        estimate,
        interval: Some((d[k - 1], d[nm - k])),
        confidence,
        exact,
    })
}

/// `P(Z > z)` for a standard normal Z.
pub fn normal_sf(z: f64) -> f64 {
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

/// `P(Z ≤ z)` for a standard normal Z.
pub fn normal_cdf(z: f64) -> f64 {
    0.5 * erfc(-z / std::f64::consts::SQRT_2)
}

/// The complementary error function, with a relative error below 1.2e-7
/// everywhere (Numerical Recipes' Chebyshev fit, `erfcc`).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The standard normal quantile: `z` with `P(Z ≤ z) = p`, for `0 < p < 1`
/// (Acklam's rational approximation, relative error below 1.2e-9).
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let low = 0.024_25;
    if p < low {
        let q = (-2.0 * p.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    } else if p <= 1.0 - low {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        -normal_quantile(1.0 - p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol * b.abs().max(1e-300)
    }

    // Reference values from SciPy 1.17 (`scipy.stats.mannwhitneyu`,
    // `scipy.stats.norm`) and from enumerating every ordering in Python.

    #[test]
    fn median_intervals_from_order_statistics() {
        // 3 values: only the extremes, at 1 − 2/8 = 75%.
        let i = median_interval(&[3.0, 1.0, 2.0], 0.05).unwrap();
        assert_eq!((i.lo, i.hi), (1.0, 3.0));
        assert!(close(i.confidence, 0.75, 1e-12));
        // 6 values: the extremes reach 1 − 2/64 = 96.9%, the next pair
        // only 1 − 2·7/64 = 78%: still the extremes.
        let six = [10.0, 11.0, 12.0, 13.0, 14.0, 15.0];
        let i = median_interval(&six, 0.05).unwrap();
        assert_eq!((i.lo, i.hi), (10.0, 15.0));
        assert!(close(i.confidence, 0.96875, 1e-12));
        // 20 values: k = 6 (R: binom.test's interval for the median),
        // 1 − 2·P(B ≤ 5) = 95.86%.
        let twenty: Vec<f64> = (1..=20).map(f64::from).collect();
        let i = median_interval(&twenty, 0.05).unwrap();
        assert_eq!((i.lo, i.hi), (6.0, 15.0));
        assert!(close(i.confidence, 0.958_610_534_667_968_8, 1e-9));
        assert!(median_interval(&[1.0], 0.05).is_none());
    }

    #[test]
    fn medians_and_spread() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(spread(&[90.0, 100.0, 105.0]), Some(0.1));
        assert_eq!(spread(&[]), None);
    }

    #[test]
    fn ranks_with_ties() {
        let (r, t) = ranks(&[10.0, 20.0, 20.0, 5.0, 20.0]);
        assert_eq!(r, vec![2.0, 4.0, 4.0, 1.0, 4.0]);
        assert_eq!(t, 24.0); // one group of 3: 27 − 3
        let (r, t) = ranks(&[3.0, 1.0, 2.0]);
        assert_eq!(r, vec![3.0, 1.0, 2.0]);
        assert_eq!(t, 0.0);
    }

    #[test]
    fn exact_distribution() {
        // 2 vs 2: U = 0,1,2,2,3,4 over the 6 orderings.
        assert_eq!(u_counts(2, 2), vec![1, 1, 2, 1, 1]);
        for (n, m) in [(3, 3), (4, 6), (10, 5), (20, 20)] {
            let c = u_counts(n, m);
            assert_eq!(c.len(), n * m + 1);
            let total: u128 = c.iter().sum();
            assert_eq!(total as f64, binomial(n + m, n));
            // Symmetric about nm/2.
            for k in 0..c.len() {
                assert_eq!(c[k], c[c.len() - 1 - k]);
            }
        }
        assert_eq!(binomial(40, 20), 137_846_528_820.0);
    }

    #[test]
    fn minimum_p() {
        assert!(close(min_p_value(3, 3), 0.1, 1e-12));
        assert!(close(min_p_value(4, 4), 2.0 / 70.0, 1e-12));
        assert!(close(min_p_value(3, 4), 2.0 / 35.0, 1e-12));
        assert!(min_p_value(3, 5) < 0.05);
        assert_eq!(min_p_value(1, 1), 1.0);
        assert_eq!(min_p_value(0, 5), 1.0);
        assert_eq!(samples_needed(0.05), 4);
        assert_eq!(samples_needed(0.01), 5);
    }

    #[test]
    fn mann_whitney_exact_r_example() {
        // R's ?wilcox.test example (exact, no ties): W = 35; the one-sided
        // p-value R prints is 0.2544, SciPy's two-sided exact one is this.
        let x = [0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
        let y = [1.15, 0.88, 0.90, 0.74, 1.21];
        let t = mann_whitney(&x, &y).unwrap();
        assert!(t.exact);
        assert_eq!(t.u, 35.0);
        assert!(close(t.p, 0.254_412_254_412_254_4, 1e-12), "{}", t.p);
    }

    #[test]
    fn mann_whitney_exact_small() {
        let t = mann_whitney(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]).unwrap();
        assert_eq!((t.u, t.exact), (0.0, true));
        assert!(close(t.p, 0.1, 1e-12));
        let t = mann_whitney(&[1.0, 2.0, 3.0, 4.0], &[5.0, 6.0, 7.0, 8.0]).unwrap();
        assert!(close(t.p, 0.028_571_428_571_428_57, 1e-12));
        let a = [10.1, 12.3, 9.8, 11.0, 10.6];
        let b = [11.9, 13.2, 12.8, 12.1, 14.0];
        let t = mann_whitney(&a, &b).unwrap();
        assert_eq!(t.u, 2.0);
        assert!(close(t.p, 0.031_746_031_746_031_744, 1e-12));
        // The same sample: no evidence at all.
        let t = mann_whitney(&a, &a.map(|v| v + 1e-9)).unwrap();
        assert!(t.p > 0.5);
    }

    #[test]
    fn mann_whitney_normal_with_ties() {
        let t = mann_whitney(
            &[1.0, 2.0, 2.0, 3.0, 3.0, 3.0, 4.0],
            &[3.0, 4.0, 4.0, 5.0, 5.0, 6.0],
        )
        .unwrap();
        assert!(!t.exact);
        assert_eq!(t.u, 3.5);
        assert!(close(t.p, 0.012_999_854_364_387_305, 1e-6), "{}", t.p);
        // All equal: p = 1.
        let t = mann_whitney(&[5.0; 4], &[5.0; 4]).unwrap();
        assert_eq!(t.p, 1.0);
    }

    const BIG_A: [f64; 25] = [
        103.456, 108.216, 103.304, 86.968, 109.054, 104.464, 94.63, 105.811, 103.646, 102.941,
        100.284, 105.467, 92.635, 98.371, 95.179, 105.988, 100.397, 97.075, 92.181, 97.428,
        100.081, 97.244, 112.941, 110.067, 72.888,
    ];
    const BIG_B: [f64; 25] = [
        89.11, 106.252, 103.778, 110.136, 110.173, 129.178, 96.88, 104.224, 128.428, 114.467,
        114.631, 102.86, 91.519, 109.675, 109.09, 95.726, 101.168, 107.28, 98.552, 107.017,
        108.955, 108.356, 102.937, 113.937, 116.912,
    ];

    #[test]
    fn mann_whitney_normal_large() {
        let t = mann_whitney(&BIG_A, &BIG_B).unwrap();
        assert!(!t.exact);
        assert_eq!(t.u, 175.0);
        assert!(close(t.p, 0.007_856_148_366_986_239, 1e-6), "{}", t.p);
    }

    #[test]
    fn hodges_lehmann_exact() {
        // R: wilcox.test(y, x, conf.int = TRUE) on the ?wilcox.test data:
        // location shift −0.305, 95% CI [−0.76, 0.15] (achieved 96.0%).
        let x = [0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
        let y = [1.15, 0.88, 0.90, 0.74, 1.21];
        let s = hodges_lehmann(&x, &y, 0.05).unwrap();
        assert!(s.exact);
        assert!(close(s.estimate, -0.305, 1e-9));
        let (lo, hi) = s.interval.unwrap();
        assert!(close(lo, -0.76, 1e-9) && close(hi, 0.15, 1e-9), "{lo} {hi}");
        assert!(close(s.confidence, 0.960_039_960_039_960_1, 1e-12));

        let a = [10.1, 12.3, 9.8, 11.0, 10.6];
        let b = [11.9, 13.2, 12.8, 12.1, 14.0];
        let s = hodges_lehmann(&a, &b, 0.05).unwrap();
        assert!(close(s.estimate, 2.1, 1e-9));
        let (lo, hi) = s.interval.unwrap();
        assert!(close(lo, 0.5, 1e-9) && close(hi, 3.4, 1e-9), "{lo} {hi}");
        assert!(close(s.confidence, 0.968_253_968_253_968_3, 1e-12));

        let s = hodges_lehmann(&[1.0, 2.0, 3.0, 4.0], &[5.0, 6.0, 7.0, 8.0], 0.05).unwrap();
        assert_eq!((s.estimate, s.interval), (4.0, Some((1.0, 7.0))));
        assert!(close(s.confidence, 0.971_428_571_428_571_4, 1e-12));

        // 3 vs 3 has no 95% interval: the widest one covers 90%.
        let s = hodges_lehmann(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0], 0.05).unwrap();
        assert_eq!((s.estimate, s.interval), (3.0, None));
        let s = hodges_lehmann(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0], 0.1).unwrap();
        assert_eq!(s.interval, Some((1.0, 5.0)));
    }

    #[test]
    fn hodges_lehmann_normal() {
        let s = hodges_lehmann(&BIG_A, &BIG_B, 0.05).unwrap();
        assert!(!s.exact);
        let (lo, hi) = s.interval.unwrap();
        assert!(lo < s.estimate && s.estimate < hi);
        assert!(lo > 0.0, "significant at 5%, so 0 is outside: {lo}");
        assert!(close(s.confidence, 0.95, 0.01));
    }

    #[test]
    fn normal_functions() {
        assert!(close(normal_sf(1.96), 0.024_997_895_148_220_435, 2e-7));
        assert!(close(normal_sf(3.5), 0.000_232_629_079_035_525, 2e-7));
        assert!(close(normal_sf(0.3), 0.382_088_577_811_047_4, 2e-7));
        assert!(close(normal_cdf(-1.96), 0.024_997_895_148_220_435, 2e-7));
        assert!(close(normal_quantile(0.975), 1.959_963_984_540_054, 1e-8));
        assert!(close(normal_quantile(0.995), 2.575_829_303_548_900_4, 1e-8));
        assert!(close(normal_quantile(0.01), -2.326_347_874_040_840_8, 1e-8));
    }
}
