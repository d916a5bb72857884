//! Inputs for the stable-Rust runs of the fuzz entry points: mutations
//! of real inputs (bytes replaced, pieces inserted, spans deleted or
//! duplicated, cuts) and random bytes, from a seeded generator so every
//! run tries the same inputs.

/// xorshift64: the same inputs on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// Bytes a text parser trips on: digits, signs, separators, huge numbers.
const PIECES: [&[u8]; 14] = [
    b"0",
    b"9",
    b"-",
    b".",
    b":",
    b"\n",
    b" ",
    b"=",
    b"\"",
    b"[",
    b"]",
    b"99999999999999999999",
    b"nan",
    b"1e309",
];

/// One mutation of `valid`: bytes replaced, pieces inserted, a span
/// deleted or duplicated, or a cut.
pub fn mutate(rng: &mut Rng, valid: &[u8]) -> Vec<u8> {
    let mut out = valid.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(5) {
            0 if at < out.len() => out[at] = rng.next_u64() as u8,
            1 => {
                let piece = PIECES[rng.below(PIECES.len())];
                out.splice(at..at, piece.iter().copied());
            }
            2 => {
                let end = (at + rng.below(40)).min(out.len());
                out.drain(at..end);
            }
            3 => {
                let end = (at + rng.below(80)).min(out.len());
                let span = out[at..end].to_vec();
                out.splice(at..at, span);
            }
            _ => out.truncate(at),
        }
    }
    out
}

/// `entry` on `valid`, then `rounds` times on a mutation of it and on random bytes.
pub fn run_mutations(valid: &[u8], rounds: usize, rng: &mut Rng, entry: impl Fn(&[u8])) {
    entry(valid);
    for _ in 0..rounds {
        entry(&mutate(rng, valid));
        let random: Vec<u8> = (0..rng.below(200)).map(|_| rng.next_u64() as u8).collect();
        entry(&random);
    }
}
