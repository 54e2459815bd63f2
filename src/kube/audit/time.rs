//! Audit timestamps: RFC 3339 text, kept as written and read as microseconds since 1970.
//!
//! `requestReceivedTimestamp` and `stageTimestamp` are `metav1.MicroTime`, written with six
//! fraction digits (`staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/micro_time.go`,
//! `RFC3339Micro`); v1beta1's `timestamp` is a `metav1.Time`, in whole seconds (`time.go`).
//! Both are read here; digits past the sixth are dropped (the log has none).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A timestamp as the log wrote it, and the instant it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MicroTime {
    text: String,
    micros: i64,
}

/// Why a timestamp could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeError(pub String);

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not an RFC 3339 time: {:?}", self.0)
    }
}

impl MicroTime {
    /// Reads `2026-12-01T20:00:00.123456Z` (or an offset such as `+02:00`).
    pub fn parse(text: &str) -> Result<MicroTime, TimeError> {
        parse_micros(text)
            .map(|micros| MicroTime { text: text.to_string(), micros })
            .ok_or_else(|| TimeError(text.to_string()))
    }

    /// The instant `micros` after 1970-01-01T00:00:00Z, written as kube-apiserver writes it.
    pub fn from_micros(micros: i64) -> MicroTime {
        MicroTime { text: format_micros(micros), micros }
    }

    /// Microseconds since 1970-01-01T00:00:00Z.
    pub fn micros(&self) -> i64 {
        self.micros
    }

    /// The text as the log wrote it.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl Serialize for MicroTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for MicroTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MicroTime, D::Error> {
        let text = String::deserialize(d)?;
        MicroTime::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Digits of `text[at..at + n]` as a number, or None.
fn digits(bytes: &[u8], at: usize, n: usize) -> Option<i64> {
    let part = bytes.get(at..at + n)?;
    part.iter().try_fold(0i64, |acc, b| b.is_ascii_digit().then(|| acc * 10 + i64::from(b - b'0')))
}

fn expect(bytes: &[u8], at: usize, want: &[u8]) -> Option<()> {
    bytes.get(at).filter(|b| want.contains(b)).map(|_| ())
}

fn parse_micros(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    let year = digits(b, 0, 4)?;
    expect(b, 4, b"-")?;
    let month = digits(b, 5, 2)?;
    expect(b, 7, b"-")?;
    let day = digits(b, 8, 2)?;
    expect(b, 10, b"Tt")?;
    let (hour, minute, second) = (digits(b, 11, 2)?, digits(b, 14, 2)?, digits(b, 17, 2)?);
    expect(b, 13, b":")?;
    expect(b, 16, b":")?;
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        _ => return None,
    };
    if day < 1 || day > days_in_month || hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut at = 19;
    let mut fraction = 0i64;
    if b.get(at) == Some(&b'.') {
        at += 1;
        let start = at;
        while b.get(at).is_some_and(u8::is_ascii_digit) {
            if at - start < 6 {
                fraction = fraction * 10 + i64::from(b[at] - b'0');
            }
            at += 1;
        }
        if at == start {
            return None;
        }
        for _ in (at - start)..6 {
            fraction *= 10;
        }
    }
    let offset_minutes = match b.get(at)? {
        b'Z' | b'z' if at + 1 == b.len() => 0,
        sign @ (b'+' | b'-') if at + 6 == b.len() => {
            expect(b, at + 3, b":")?;
            let minutes = digits(b, at + 1, 2)? * 60 + digits(b, at + 4, 2)?;
            if *sign == b'+' {
                minutes
            } else {
                -minutes
            }
        }
        _ => return None,
    };
    let seconds =
        days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset_minutes * 60;
    Some(seconds * 1_000_000 + fraction)
}

/// Days from 1970-01-01 to the given date (proleptic Gregorian), after Howard Hinnant's
/// `days_from_civil` (https://howardhinnant.github.io/date_algorithms.html), in my own words.
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let shifted_month = (month + 9) % 12; // March is 0
    let day_of_year = (153 * shifted_month + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date of a day count from 1970-01-01 (the inverse of `days_from_civil`).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `RFC3339Micro` in UTC: `2026-12-01T20:00:00.123456Z`.
fn format_micros(micros: i64) -> String {
    let seconds = micros.div_euclid(1_000_000);
    let fraction = micros.rem_euclid(1_000_000);
    let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
    let of_day = seconds.rem_euclid(86_400);
    let (hour, minute, second) = (of_day / 3600, of_day / 60 % 60, of_day % 60);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{fraction:06}Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_micro_and_second_times_and_offsets() {
        let t = MicroTime::parse("2026-12-01T20:00:00.123456Z").expect("reads");
        assert_eq!(t.micros(), 1_796_155_200_123_456);
        assert_eq!(MicroTime::parse("2026-12-01T22:00:00.123456+02:00").expect("reads").micros(), t.micros());
        assert_eq!(MicroTime::parse("2017-09-11T19:55:05Z").expect("reads").micros(), 1_505_159_705_000_000);
        assert_eq!(MicroTime::parse("1970-01-01T00:00:00.5Z").expect("reads").micros(), 500_000);
    }

    #[test]
    fn refuses_what_is_not_a_time() {
        for bad in [
            "",
            "2026-13-01T00:00:00Z",
            "2026-02-30T00:00:00Z",
            "2026-12-01 20:00:00Z",
            "2026-12-01T20:00:00",
            "2026-12-01T20:00:00.Z",
            "2026-12-01T20:00:00Zx",
            "२०२६-12-01T20:00:00Z",
        ] {
            assert!(MicroTime::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn writes_what_it_reads() {
        for micros in [0, 1_796_155_200_123_456, 951_782_400_000_001, -1] {
            let t = MicroTime::from_micros(micros);
            assert_eq!(MicroTime::parse(t.as_str()).expect("reads").micros(), micros, "{}", t.as_str());
        }
        assert_eq!(MicroTime::from_micros(1_796_155_200_123_456).as_str(), "2026-12-01T20:00:00.123456Z");
    }
}
