//! Which template a worker sends next (a smooth weighted round robin),
//! and the values its placeholders get (a per-worker generator, the
//! process's sequence).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::text::Draw;

/// nginx's smooth weighted round robin: each pick adds every weight to its
/// entry's credit and takes the entry with the most, which then pays the
/// sum. Over any `sum of weights` consecutive picks each entry is taken
/// exactly `weight` times, interleaved (weights 3:1 give a a b a, a a b a…).
#[derive(Debug, Clone)]
pub(crate) struct Picker {
    weights: Vec<i64>,
    credit: Vec<i64>,
    total: i64,
}

impl Picker {
    pub fn new(weights: impl IntoIterator<Item = u32>) -> Picker {
        let weights: Vec<i64> = weights.into_iter().map(i64::from).collect();
        Picker {
            credit: vec![0; weights.len()],
            total: weights.iter().sum(),
            weights,
        }
    }

    /// The next entry's index.
    #[inline]
    pub fn next(&mut self) -> usize {
        let mut best = 0;
        for i in 0..self.credit.len() {
            self.credit[i] += self.weights[i];
            if self.credit[i] > self.credit[best] {
                best = i;
            }
        }
        self.credit[best] -= self.total;
        best
    }
}

/// A worker's values for placeholders: xorshift64* for `{rand}`, the
/// shared counter for `{seq}`.
#[derive(Debug)]
pub(crate) struct Values {
    state: u64,
    seq: Arc<AtomicU64>,
    /// This request's sequence number, once drawn: every `{seq}` of one
    /// request reads the same number.
    current: Option<i64>,
}

impl Values {
    /// `seed` differs per worker (0 is moved off: xorshift's fixed point).
    pub fn new(seed: u64, seq: Arc<AtomicU64>) -> Values {
        let state = splitmix(seed) | 1;
        Values {
            state,
            seq,
            current: None,
        }
    }

    /// A new request: the next `{seq}` takes the next number.
    #[inline]
    pub fn begin(&mut self) {
        self.current = None;
    }

    #[inline]
    fn next_u64(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

impl Draw for Values {
    /// Uniform in `lo..=hi`, by Lemire's multiply-shift (no division; a
    /// bias below span / 2^64).
    #[inline]
    fn rand(&mut self, lo: i64, hi: i64) -> i64 {
        let r = self.next_u64();
        // The span less one fits in u64 whatever lo and hi are.
        let span_less_one = hi.wrapping_sub(lo) as u64;
        if span_less_one == u64::MAX {
            return r as i64;
        }
        let offset = ((u128::from(r) * u128::from(span_less_one + 1)) >> 64) as u64;
        lo.wrapping_add(offset as i64)
    }

    #[inline]
    fn seq(&mut self) -> i64 {
        let seq = &self.seq;
        *self
            .current
            .get_or_insert_with(|| seq.fetch_add(1, Ordering::Relaxed) as i64)
    }
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_hold_exactly_over_each_cycle_and_interleave() {
        let mut p = Picker::new([3, 1]);
        let first: Vec<usize> = (0..4).map(|_| p.next()).collect();
        assert_eq!(first, [0, 0, 1, 0]);
        let mut p = Picker::new([5, 2, 1]);
        let mut counts = [0; 3];
        for _ in 0..8 * 50 {
            counts[p.next()] += 1;
        }
        assert_eq!(counts, [250, 100, 50]);
        let mut one = Picker::new([7]);
        assert!((0..10).all(|_| one.next() == 0));
    }

    #[test]
    fn random_values_stay_in_range_and_seq_increases() {
        let seq = Arc::new(AtomicU64::new(0));
        let mut v = Values::new(0, Arc::clone(&seq));
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = v.rand(-3, 3);
            assert!((-3..=3).contains(&x));
            seen[(x + 3) as usize] = true;
        }
        assert!(
            seen.iter().all(|&s| s),
            "every value of a small range comes up"
        );
        let _ = v.rand(i64::MIN, i64::MAX); // the whole range: no overflow
        assert_eq!(v.rand(5, 5), 5);
        let mut w = Values::new(1, seq);
        let mut seqs = Vec::new();
        for i in 0..4 {
            let one = if i % 2 == 0 { &mut v } else { &mut w };
            one.begin();
            seqs.push(one.seq());
            assert_eq!(one.seq(), seqs[i], "one number per request");
        }
        assert_eq!(seqs, [0, 1, 2, 3], "one sequence over the workers");
    }
}
