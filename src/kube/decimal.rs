//! A decimal number read to the nearest `f64` (ties to even), as `str::parse::<f64>` reads it,
//! without Rust's float parser: that parser brings `dec2flt` and its tables of powers of ten
//! into the page `?kube=1`, which reads floats only in its seconds fields (`flags::seconds`).
//! The digits are kept whole in a small big integer and divided exactly, so the result is the
//! nearest double for any input, long or short, not an approximation of it. It is slower than
//! Rust's parser, which does not matter for a field a student types.
//! `tests/kube_decimal.rs` checks it against Rust's parser.

/// A decimal split into its parts: `digits` (each 0-9, no leading or trailing zero) times ten to
/// `exponent`, negative or not.
struct Decimal {
    negative: bool,
    digits: Vec<u8>,
    exponent: i64,
}

/// Digits kept: a halfway point between two doubles has at most 767 significant digits, so
/// digits beyond 800 can only say the value lies above what is kept (as Rust's parser reads it).
const MAX_DIGITS: usize = 800;

/// Beyond this an exponent is as good as infinite: it is clamped so sums cannot overflow.
const EXPONENT_CAP: i64 = 1 << 40;

/// `text` as the nearest finite `f64`, or `None` where Rust's parser refuses it or reads an
/// infinity or a NaN (`inf`, `nan`, `1e400`): Rust's grammar, a sign, then digits with an
/// optional point and an optional exponent (`20`, `-1.5`, `.5`, `5.`, `2e3`, `+1E-2`).
pub fn finite(text: &str) -> Option<f64> {
    let d = split(text)?;
    let magnitude = value(&d)?;
    Some(if d.negative { -magnitude } else { magnitude })
}

/// The parts of `text`, or `None` if it is not a number in Rust's grammar (or is `inf`/`nan`).
fn split(text: &str) -> Option<Decimal> {
    let (negative, s) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let run = |t: &str| t.bytes().take_while(u8::is_ascii_digit).count();
    let whole = run(s);
    let (mut fraction, mut rest) = ("", &s[whole..]);
    if let Some(after) = rest.strip_prefix('.') {
        (fraction, rest) = after.split_at(run(after));
    }
    if whole + fraction.len() == 0 {
        return None;
    }
    let exponent = match rest.strip_prefix(['e', 'E']) {
        None if rest.is_empty() => 0,
        None => return None,
        Some(exp) => exponent(exp)?,
    };
    let all = s[..whole].bytes().chain(fraction.bytes());
    let mut digits: Vec<u8> = all.skip_while(|&b| b == b'0').map(|b| b - b'0').collect();
    let mut exponent = exponent - fraction.len() as i64;
    while digits.last() == Some(&0) {
        digits.pop();
        exponent += 1;
    }
    Some(Decimal { negative, digits, exponent })
}

/// An exponent's digits after the `e`, with their sign, clamped to [`EXPONENT_CAP`].
fn exponent(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = digits.bytes().fold(0i64, |n, b| (n * 10 + i64::from(b - b'0')).min(EXPONENT_CAP));
    Some(if negative { -n } else { n })
}

/// The nearest double to the decimal's magnitude, `None` if it rounds to infinity.
fn value(d: &Decimal) -> Option<f64> {
    if d.digits.is_empty() {
        return Some(0.0);
    }
    // The decimal lies in [10^(top - 1), 10^top).
    let top = d.digits.len() as i64 + d.exponent;
    if top > 310 {
        return None; // at least 10^309, above f64::MAX (about 1.8e308)
    }
    if top < -324 {
        return Some(0.0); // below 10^-324, under half the least subnormal (about 4.9e-324)
    }
    // The last digit is not zero, so dropping any digit leaves something above what is kept.
    let kept = d.digits.len().min(MAX_DIGITS);
    let exponent = d.exponent + (d.digits.len() - kept) as i64;
    let (mut binary, mut inexact) = (0i64, kept < d.digits.len());
    let mut n = Big::default();
    for &digit in &d.digits[..kept] {
        n.mul_add(10, u32::from(digit));
    }
    if exponent >= 0 {
        (0..exponent).for_each(|_| n.mul_add(10, 0));
    } else {
        // n / 10^m, with 4 bits per decimal place and 64 more kept, so the quotient has at
        // least 64 bits; a remainder only says the value lies above the quotient.
        let m = -exponent;
        let shift = 4 * m + 64;
        n.shift_left(shift as usize);
        binary = -shift;
        for _ in 0..m {
            inexact |= n.div_small(10) != 0;
        }
    }
    rounded(&n, binary, inexact)
}

/// The double nearest `(n + something below 1 if inexact) * 2^binary`, ties to even.
fn rounded(n: &Big, binary: i64, inexact: bool) -> Option<f64> {
    let length = n.bit_length() as i64;
    let top = length - 1 + binary; // the value lies in [2^top, 2^(top + 1))
    if top > 1023 {
        return None;
    }
    // 53 significant bits for a normal double; fewer below 2^-1022, down to the bit of 2^-1074.
    let kept = if top >= -1022 { 53 } else { top + 1075 };
    let low = length - kept; // the lowest bit of n that is kept
                             // `low` is above 0 whenever `inexact` holds (n then has at least 64 bits), so the
                             // remainder is always weighed below a kept bit.
    let mut m = 0u64;
    for i in (low.max(0)..length).rev() {
        m = (m << 1) | u64::from(n.bit(i as usize));
    }
    if low < 0 {
        m <<= -low;
    } else if low > 0 {
        let half = n.bit(low as usize - 1);
        let below = inexact || n.any_below(low as usize - 1);
        if half && (below || m & 1 == 1) {
            m += 1;
        }
    }
    let result = m as f64 * power_of_two(top - kept + 1);
    result.is_finite().then_some(result)
}

/// 2^k as a double, for k from -1074 to 1023, built from its bits.
fn power_of_two(k: i64) -> f64 {
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

/// A natural number as 32-bit limbs, the lowest first.
#[derive(Default)]
struct Big(Vec<u32>);

impl Big {
    /// self = self * mul + add.
    fn mul_add(&mut self, mul: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let t = u64::from(*limb) * u64::from(mul) + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    /// self = self * 2^bits.
    fn shift_left(&mut self, bits: usize) {
        let (limbs, bits) = (bits / 32, bits % 32);
        if bits != 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let next = *limb >> (32 - bits);
                *limb = (*limb << bits) | carry;
                carry = next;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, vec![0; limbs]);
    }

    /// self = self / d, rounded down; returns the remainder.
    fn div_small(&mut self, d: u32) -> u32 {
        let mut rest = 0u64;
        for limb in self.0.iter_mut().rev() {
            let t = (rest << 32) | u64::from(*limb);
            *limb = (t / u64::from(d)) as u32;
            rest = t % u64::from(d);
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rest as u32
    }

    /// How many bits the number takes (0 for zero).
    fn bit_length(&self) -> usize {
        self.0.last().map_or(0, |top| 32 * self.0.len() - top.leading_zeros() as usize)
    }

    /// Bit `i` (0 the lowest).
    fn bit(&self, i: usize) -> bool {
        self.0.get(i / 32).is_some_and(|limb| limb >> (i % 32) & 1 == 1)
    }

    /// Whether any bit below bit `i` is set.
    fn any_below(&self, i: usize) -> bool {
        let (whole, bits) = (i / 32, i % 32);
        self.0[..whole].iter().any(|&l| l != 0) || (bits != 0 && self.0[whole] & ((1 << bits) - 1) != 0)
    }
}
