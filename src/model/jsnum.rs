//! The two pieces of JavaScript number semantics the lesson's controller manager relies on when it
//! numbers new copies: `+suffix` (string to number) and `prefix + n` (number to string).
//!
//! The lesson takes the highest number after `copy/<service>-` and counts up from it. Suffixes
//! that are not plain digits (`01`, `1.5`, ` 7`, `x`) follow JavaScript's rules there, so they do
//! here too: a suffix like `x` makes the highest number NaN, and every new copy is then named
//! `copy/<service>-NaN`.

// In the browser the page asks JavaScript itself: its `Number(s)` and `String(n)` are the rules
// this module writes out for the CLI, and they cost the page no float parsing or printing code of
// its own (about 9 KB of wasm). The native code below is tested against node's answers.
#[cfg(target_arch = "wasm32")]
mod js {
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_name = Number)]
        pub fn number(s: &str) -> f64;
        #[wasm_bindgen(js_name = String)]
        pub fn string(n: f64) -> String;
    }
}

/// JavaScript's `Number(s)` for a string (ECMAScript StringToNumber).
pub fn to_number(s: &str) -> f64 {
    // Fast path: plain digits, the only kind the lesson itself produces.
    if !s.is_empty() && s.len() <= 15 && s.bytes().all(|b| b.is_ascii_digit()) {
        return s.bytes().fold(0u64, |n, b| n * 10 + u64::from(b - b'0')) as f64;
    }
    #[cfg(target_arch = "wasm32")]
    return js::number(s);
    #[cfg(not(target_arch = "wasm32"))]
    string_to_number(s)
}

#[cfg(not(target_arch = "wasm32"))]
fn string_to_number(s: &str) -> f64 {
    let t = s.trim_matches(is_js_whitespace);
    if t.is_empty() {
        return 0.0;
    }
    match t {
        "Infinity" | "+Infinity" => return f64::INFINITY,
        "-Infinity" => return f64::NEG_INFINITY,
        _ => {}
    }
    let bytes = t.as_bytes();
    if bytes.len() > 2 && bytes[0] == b'0' {
        let radix = match bytes[1] {
            b'x' | b'X' => 16,
            b'o' | b'O' => 8,
            b'b' | b'B' => 2,
            _ => 0,
        };
        if radix != 0 {
            return radix_integer(&t[2..], radix);
        }
    }
    if is_decimal_literal(bytes) {
        // The grammar is checked above, so Rust's correctly rounded parser sees only JS decimals
        // (it would also take "inf" or "NaN", which JavaScript does not).
        t.parse::<f64>().unwrap_or(f64::NAN)
    } else {
        f64::NAN
    }
}

/// JavaScript's `String(n)` for a number (ECMAScript Number::toString with radix 10).
pub fn to_js_string(n: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    return js::string(n);
    #[cfg(not(target_arch = "wasm32"))]
    number_to_string(n)
}

#[cfg(not(target_arch = "wasm32"))]
fn number_to_string(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n == 0.0 {
        return "0".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "Infinity".into() } else { "-Infinity".into() };
    }
    if n.fract() == 0.0 && n.abs() < 1e15 {
        return format!("{}", n as i64);
    }
    let sign = if n < 0.0 { "-" } else { "" };
    // The shortest digits that read back as n, closest to it, as JavaScript chooses them.
    let (digits, point) = super::shortest::shortest(n.abs());
    let k = digits.len() as i32;
    let body = if k <= point && point <= 21 {
        format!("{digits}{}", "0".repeat((point - k) as usize))
    } else if 0 < point && point <= 21 {
        let (a, b) = digits.split_at(point as usize);
        format!("{a}.{b}")
    } else if -6 < point && point <= 0 {
        format!("0.{}{digits}", "0".repeat((-point) as usize))
    } else {
        let exp_sign = if point > 0 { "+" } else { "-" };
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { String::new() } else { format!(".{rest}") };
        format!("{first}{rest}e{exp_sign}{}", (point - 1).abs())
    };
    format!("{sign}{body}")
}

/// JavaScript's `Math.max(0, ...values)`: NaN if any value is NaN, and never below +0.
pub fn max_from_zero(acc: f64, v: f64) -> f64 {
    if acc.is_nan() || v.is_nan() {
        f64::NAN
    } else if v > acc {
        v
    } else {
        acc
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{9}'..='\u{d}'
            | ' '
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
            | '\u{feff}'
    )
}

#[cfg(not(target_arch = "wasm32"))]
/// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
fn is_decimal_literal(b: &[u8]) -> bool {
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - int_start;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let frac_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        digits += i - frac_start;
    }
    if digits == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let exp_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return false;
        }
    }
    i == b.len()
}

#[cfg(not(target_arch = "wasm32"))]
fn radix_integer(digits: &str, radix: u32) -> f64 {
    if digits.is_empty() {
        return f64::NAN;
    }
    let mut exact: Option<u128> = Some(0);
    let mut approx = 0f64;
    for c in digits.chars() {
        let Some(d) = c.to_digit(radix) else { return f64::NAN };
        exact = exact.and_then(|v| v.checked_mul(u128::from(radix))?.checked_add(u128::from(d)));
        approx = approx * f64::from(radix) + f64::from(d);
    }
    // u128 -> f64 rounds correctly; only astronomically long literals fall back to the estimate.
    exact.map_or(approx, |v| v as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_become_numbers_as_in_javascript() {
        for (s, n) in [
            ("3", 3.0),
            ("01", 1.0),
            ("", 0.0),
            ("  7 ", 7.0),
            ("1.5", 1.5),
            ("1e3", 1000.0),
            ("-2", -2.0),
            ("+4", 4.0),
            (".5", 0.5),
            ("5.", 5.0),
            ("0x10", 16.0),
            ("0b101", 5.0),
            ("0o17", 15.0),
            ("Infinity", f64::INFINITY),
            ("-Infinity", f64::NEG_INFINITY),
        ] {
            assert_eq!(to_number(s), n, "{s:?}");
        }
        for s in ["x", "1-2", "inf", "NaN", "infinity", "0x", "-0x10", "1e", "e5", ".", "1_000", "\u{85}1"] {
            assert!(to_number(s).is_nan(), "{s:?} should be NaN");
        }
    }

    #[test]
    fn numbers_print_as_in_javascript() {
        for (n, s) in [
            (6.0, "6"),
            (2.5, "2.5"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "Infinity"),
            (1e21, "1e+21"),
            (1.5e21, "1.5e+21"),
            (1e20, "100000000000000000000"),
            (123456789012345680000.0, "123456789012345680000"),
            (0.000001, "0.000001"),
            (1e-7, "1e-7"),
            (-0.0, "0"),
            (9007199254740992.0, "9007199254740992"),
            (0.1 + 0.2, "0.30000000000000004"),
            // Printed by node's String(n).
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
            (123.456, "123.456"),
            (-1.5e-10, "-1.5e-10"),
            (4.35e-7, "4.35e-7"),
            (2.5e300, "2.5e+300"),
            (1234567.125, "1234567.125"),
            (0.000123, "0.000123"),
            (2f64.powi(-25), "2.9802322387695312e-8"),
            (2f64.powi(-24), "5.960464477539063e-8"),
            (2f64.powi(60), "1152921504606847000"),
            (1.5e-323, "1.5e-323"),
        ] {
            assert_eq!(to_js_string(n), s);
        }
    }

    #[test]
    fn max_is_sticky_on_nan_and_floors_at_zero() {
        assert_eq!([-3.0, -1.0].into_iter().fold(0.0, max_from_zero), 0.0);
        assert_eq!([2.0, 7.0, 3.0].into_iter().fold(0.0, max_from_zero), 7.0);
        assert!([2.0, f64::NAN, 3.0].into_iter().fold(0.0, max_from_zero).is_nan());
    }
}
