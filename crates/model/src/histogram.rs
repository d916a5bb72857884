//! Histograms at the JSON edge: in memory a [`Histogram`] of microseconds,
//! in files HdrHistogram V2 + DEFLATE, base64-encoded (the form
//! HdrHistogram's interval logs and log tools read). Serde goes through
//! [`base64`] (`#[serde(with = "...")]`); nothing else sees the text.

use ::base64::Engine as _;
use hdrhistogram::serialization::{Deserializer, Serializer, V2DeflateSerializer};
use hdrhistogram::Histogram;

/// The recording range every barrage histogram uses: 1 µs to 1 hour, 3
/// significant digits (fixed memory, about 200 KiB).
pub const LOWEST_US: u64 = 1;
/// See [`LOWEST_US`].
pub const HIGHEST_US: u64 = 3_600_000_000;
/// See [`LOWEST_US`].
pub const SIGNIFICANT_DIGITS: u8 = 3;

/// An empty histogram of barrage's range ([`LOWEST_US`]..[`HIGHEST_US`]).
pub fn empty() -> Histogram<u64> {
    Histogram::new_with_bounds(LOWEST_US, HIGHEST_US, SIGNIFICANT_DIGITS)
        .expect("constant histogram bounds are valid")
}

/// HdrHistogram V2 + DEFLATE, base64.
pub fn encode(h: &Histogram<u64>) -> String {
    let mut bytes = Vec::new();
    V2DeflateSerializer::new()
        .serialize(h, &mut bytes)
        .expect("serialising to memory");
    ::base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The inverse of [`encode`] (also reads the uncompressed V2 form).
pub fn decode(text: &str) -> Result<Histogram<u64>, String> {
    let bytes = ::base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .map_err(|e| format!("histogram is not base64: {e}"))?;
    Deserializer::new()
        .deserialize(&mut &bytes[..])
        .map_err(|e| format!("histogram is not HdrHistogram V2: {e:?}"))
}

/// `#[serde(with = "barrage_model::histogram::base64")]` for a `Histogram<u64>` field.
pub mod base64 {
    use hdrhistogram::Histogram;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(h: &Histogram<u64>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::encode(h))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Histogram<u64>, D::Error> {
        let text = String::deserialize(d)?;
        super::decode(&text).map_err(serde::de::Error::custom)
    }
}

/// As [`base64`], for an optional histogram (absent from the JSON when `None`).
pub mod base64_option {
    use hdrhistogram::Histogram;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(h: &Option<Histogram<u64>>, s: S) -> Result<S::Ok, S::Error> {
        match h {
            Some(h) => s.serialize_some(&super::encode(h)),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Histogram<u64>>, D::Error> {
        match Option::<String>::deserialize(d)? {
            Some(text) => super::decode(&text)
                .map(Some)
                .map_err(serde::de::Error::custom),
            None => Ok(None),
        }
    }
}

/// Adds `from` into `into`; values beyond the range were never recorded,
/// so this cannot fail for barrage's histograms.
pub fn add(into: &mut Histogram<u64>, from: &Histogram<u64>) {
    into.add(from)
        .expect("histograms of one range add without loss");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips() {
        let mut h = empty();
        for v in [1, 2, 3, 1000, 2_000_000] {
            h.record(v).unwrap();
        }
        assert_eq!(decode(&encode(&h)).unwrap(), h);
        assert_eq!(decode(&encode(&empty())).unwrap(), empty());
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        assert!(decode("not base64 at all!").unwrap_err().contains("base64"));
        assert!(decode("AAAA").unwrap_err().contains("V2"));
    }
}
