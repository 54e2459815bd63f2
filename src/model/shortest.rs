//! The shortest decimal digits that read back as a given double, closest to it: the digits
//! JavaScript's `String(n)` prints. Worked out exactly with a small big integer and checked by
//! reading each candidate back, instead of with Rust's float formatting, which cost the page
//! 12 KB of code for a case the lesson never reaches (a copy numbered past 10^15, or by a
//! fraction). Slow by design: a few microseconds where `String(n)` needs more than an integer.

/// The shortest digits (no trailing zeros) and the exponent `point` with `x = 0.DIGITS × 10^point`,
/// for a finite `x > 0`.
pub fn shortest(x: f64) -> (String, i32) {
    let (exact, point) = exact(x);
    for p in 1..=17 {
        let (down, up) = neighbours(&exact, point, p);
        // The nearer first; on a tie, the even one (the spec's rule for two such values).
        let up_first = match exact.as_bytes().get(p) {
            None => false,
            Some(&d) if d > b'5' => true,
            Some(&b'5') if exact.as_bytes()[p + 1..].iter().any(|&d| d != b'0') => true,
            Some(&b'5') => down.0.as_bytes().last().is_some_and(|d| (d - b'0') % 2 == 1),
            Some(_) => false,
        };
        let order = if up_first { [&up, &down] } else { [&down, &up] };
        for (digits, at) in order {
            if format!("0.{digits}e{at}").parse::<f64>() == Ok(x) {
                return (digits.trim_end_matches('0').to_string(), *at);
            }
        }
    }
    (exact.trim_end_matches('0').to_string(), point)
}

/// Every decimal digit of a finite `x > 0` (a double is a dyadic fraction, so finitely many)
/// and `point`, with `x = 0.DIGITS × 10^point`.
fn exact(x: f64) -> (String, i32) {
    const BASE: u64 = 1_000_000_000;
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1u64 << 52) - 1);
    let (m, e) = if biased == 0 { (fraction, -1074) } else { (fraction | (1u64 << 52), biased - 1075) };
    // x = m × 2^e: the integer m × 2^e, or m × 5^-e with -e digits after the point.
    let (factor, times, after) = if e >= 0 { (2, e, 0) } else { (5, -e, -e) };
    let mut limbs: Vec<u64> = vec![m % BASE, m / BASE]; // base 10^9, least significant first
    for _ in 0..times {
        let mut carry = 0;
        for limb in limbs.iter_mut() {
            let v = *limb * factor + carry;
            *limb = v % BASE;
            carry = v / BASE;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    while limbs.len() > 1 && limbs.last() == Some(&0) {
        limbs.pop();
    }
    let mut digits = String::new();
    for (i, limb) in limbs.iter().rev().enumerate() {
        let text = limb.to_string();
        if i > 0 {
            digits.extend(std::iter::repeat_n('0', 9 - text.len()));
        }
        digits.push_str(&text);
    }
    let point = digits.len() as i32 - after;
    (digits, point)
}

/// The two numbers of `p` significant digits either side of `0.EXACT × 10^point`: truncated,
/// and one unit in the last place above (which may carry into a new leading digit).
fn neighbours(exact: &str, point: i32, p: usize) -> ((String, i32), (String, i32)) {
    let kept = &exact[..p.min(exact.len())];
    let down = (kept.to_string(), point);
    let mut up: Vec<u8> = kept.as_bytes().to_vec();
    let mut i = up.len();
    loop {
        if i == 0 {
            up.insert(0, b'1');
            up.pop();
            return (down, (String::from_utf8(up).unwrap_or_default(), point + 1));
        }
        i -= 1;
        if up[i] == b'9' {
            up[i] = b'0';
        } else {
            up[i] += 1;
            break;
        }
    }
    (down, (String::from_utf8(up).unwrap_or_default(), point))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Rust's own shortest formatting says (`{:e}`: shortest round-trip digits, closest).
    fn by_rust(x: f64) -> (String, i32) {
        let sci = format!("{x:e}");
        let (mantissa, exp) = sci.split_once('e').unwrap();
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        (digits, exp.parse::<i32>().unwrap() + 1)
    }

    #[test]
    fn the_exact_digits_of_a_double() {
        let trimmed = |x: f64| {
            let (d, p) = exact(x);
            (d.trim_end_matches('0').to_string(), p)
        };
        assert_eq!(trimmed(0.5), ("5".to_string(), 0));
        assert_eq!(trimmed(1.0), ("1".to_string(), 1));
        assert_eq!(trimmed(1e21), ("1".to_string(), 22));
        assert_eq!(trimmed(0.1).0, "1000000000000000055511151231257827021181583404541015625");
    }

    #[test]
    fn the_shortest_digits_are_rusts_for_edge_and_random_doubles() {
        let mut cases = vec![
            5e-324,
            1e-323,
            2.2250738585072014e-308,
            1.7976931348623157e308,
            0.1,
            0.3,
            1e21,
            1e22,
            1e23,
            9007199254740993.0,
            123456789012345680000.0,
            4.35e-7,
            2.5,
            1.0 / 3.0,
        ];
        // Powers of two: the double below is nearer than the one above, the hard case.
        cases.extend((-1074..1024).map(|e| 2f64.powi(e)).filter(|x| *x > 0.0 && x.is_finite()));
        // A simple generator over the bit patterns (no dependency): every exponent, many fractions.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = f64::from_bits(state & 0x7fff_ffff_ffff_ffff);
            if x.is_finite() && x > 0.0 {
                cases.push(x);
            }
        }
        let mut ties = 0;
        for x in cases {
            let (ours, rust) = (shortest(x), by_rust(x));
            if ours != rust {
                // Rust rounds an exact tie up; JavaScript takes the even digit (2^-25 prints
                // 2.9802322387695312e-8 in node, 2.9802322387695313e-8 in Rust). Anything else
                // must agree.
                let last = |d: &str| d.as_bytes()[d.len() - 1] - b'0';
                assert_eq!((ours.0.len(), ours.1), (rust.0.len(), rust.1), "{x:e}");
                assert_eq!(last(&ours.0) % 2, 0, "{x:e}: a tie goes to the even digit");
                assert_eq!(last(&rust.0), last(&ours.0) + 1, "{x:e}");
                ties += 1;
            }
        }
        assert!(ties < 10, "{ties} ties");
    }
}
