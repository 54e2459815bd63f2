//! Issue 30's weight: `kube::decimal::finite` (the seconds fields' reader, without Rust's float
//! parser) gives exactly the double `str::parse::<f64>` gives, bit for bit, and refuses what it
//! refuses or reads as infinite or NaN: the grammar's corners, doubles printed every way, the
//! halfway points between neighbours, the edges of the range, and random strings.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::decimal::finite;
use cplab::kube::flags::seconds;

/// What Rust's parser says: the bits of a finite double, or nothing.
fn rust(text: &str) -> Option<u64> {
    text.parse::<f64>().ok().filter(|x| x.is_finite()).map(f64::to_bits)
}

fn same(text: &str) {
    assert_eq!(finite(text).map(f64::to_bits), rust(text), "{text:?}");
}

#[test]
fn reads_the_grammar_as_rust_does() {
    for text in [
        "", "+", "-", ".", "+.", "-.", "e", "e5", ".e5", "1e", "1e+", "1e-", "1.e", "0", "-0", "+0",
        "00", "0.0", "-0.0", "0e0", "0e999999999999999999999", "1", "20", "1.5", "12.5", ".5", "5.",
        "+.5", "-5.", "2e3", "2E3", "+1E-2", "1e+2", "1.5e1", "007", "0.000", "1_000", " 1", "1 ",
        "1,5", "1.5.", "1..5", "--1", "+-1", "0x10", "inf", "-inf", "infinity", "Infinity", "NaN",
        "nan", "in", "1e400", "-1e400", "1e-400", "1e99999999999999999999999", "1e-9999999999999",
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "4.9406564584124654e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "5e-324", "3e-324", "1e-323",
        "0.1", "0.2", "0.3", "123456789012345678901234567890", "9007199254740993",
        "9007199254740992.5", "9007199254740993.0000000000000000000000000000000000000001", "3600",
        "86400", "0.0005", "0.0015", "2.5e-3", "1e22", "1e23", "8.589973e9",
    ] {
        same(text);
    }
}

#[test]
fn reads_every_double_printed_every_way() {
    let mut rng = Rng(0x3000_5eed);
    for _ in 0..100_000 {
        let x = f64::from_bits(rng.next());
        if !x.is_finite() {
            continue;
        }
        for text in
            [format!("{x}"), format!("{x:e}"), format!("{x:.30e}"), format!("{x:.3e}"), format!("{x:.5}")]
        {
            same(&text);
        }
    }
    // Seconds as a student types them: a few digits and a point.
    for _ in 0..100_000 {
        let whole = rng.next() % 100_000;
        let places = (rng.next() % 8) as usize;
        let fraction = rng.next() % 10u64.pow(places as u32).max(1);
        same(&format!("{whole}.{fraction:0places$}"));
    }
}

#[test]
fn rounds_halfway_points_to_even() {
    // The exact decimal halfway between a double and the next one up, then a hair above and
    // below it: each must round as Rust rounds it.
    let mut rng = Rng(0x30_0a1f);
    for _ in 0..3_000 {
        let bits = rng.next() % f64::MAX.to_bits();
        let (low, high) = (f64::from_bits(bits), f64::from_bits(bits + 1));
        let half = exact_half(low, high);
        same(&half);
        same(&format!("{half}0000001"));
        same(&below(&half));
        // Past the 800 digits the reader keeps: a tie broken far out, up or down.
        same(&format!("{half}{}1", "0".repeat(900)));
        same(&format!("{}{}", below(&half), "9".repeat(900)));
    }
}

#[test]
fn random_strings_of_the_grammar_s_letters() {
    let alphabet: Vec<char> = "+-.eE0123456789ainfINF x".chars().collect();
    proptest::proptest!(|(picks in proptest::collection::vec(0..alphabet.len(), 0..24))| {
        let text: String = picks.iter().map(|&i| alphabet[i]).collect();
        proptest::prop_assert_eq!(finite(&text).map(f64::to_bits), rust(&text), "{:?}", text);
    });
    proptest::proptest!(|(digits in "[0-9]{1,40}", point in 0usize..41, exp in -400i32..400)| {
        let point = point.min(digits.len());
        let text = format!("{}.{}e{exp}", &digits[..point], &digits[point..]);
        proptest::prop_assert_eq!(finite(&text).map(f64::to_bits), rust(&text), "{:?}", text);
    });
}

#[test]
fn seconds_keeps_its_words() {
    assert_eq!(seconds("12.5"), Ok(12.5));
    assert_eq!(seconds("1e400"), Err("\"1e400\" is not a number of seconds".to_string()));
    assert_eq!(seconds("soon"), Err("\"soon\" is not a number of seconds".to_string()));
}

/// The exact decimal of (low + high) / 2 for two positive neighbouring doubles: their mean is
/// m * 2^e with m odd (a 54-bit number), written out in full with a big decimal.
fn exact_half(low: f64, high: f64) -> String {
    let (m, e) = parts(low);
    let (m2, e2) = parts(high);
    // Align both to the finer exponent, sum, and halve by lowering the exponent.
    let e_min = e.min(e2);
    let sum = (u128::from(m) << (e - e_min)) + (u128::from(m2) << (e2 - e_min));
    decimal_of(sum, e_min - 1)
}

/// A double's significand and binary exponent: x = m * 2^e.
fn parts(x: f64) -> (u64, i32) {
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), exponent - 1075)
    }
}

/// n * 2^e written as an exact decimal, by long arithmetic on base-10^9 limbs.
fn decimal_of(n: u128, e: i32) -> String {
    let mut limbs: Vec<u64> = Vec::new(); // base 10^9, lowest first
    let mut rest = n;
    while rest > 0 {
        limbs.push((rest % 1_000_000_000) as u64);
        rest /= 1_000_000_000;
    }
    let times = |limbs: &mut Vec<u64>, k: u64| {
        let mut carry = 0;
        for l in limbs.iter_mut() {
            let t = *l * k + carry;
            *l = t % 1_000_000_000;
            carry = t / 1_000_000_000;
        }
        while carry > 0 {
            limbs.push(carry % 1_000_000_000);
            carry /= 1_000_000_000;
        }
    };
    // n * 2^e = n * 5^-e / 10^-e for e < 0.
    let places = if e >= 0 {
        (0..e).for_each(|_| times(&mut limbs, 2));
        0
    } else {
        (0..-e).for_each(|_| times(&mut limbs, 5));
        (-e) as usize
    };
    let mut digits: String = limbs
        .iter()
        .rev()
        .enumerate()
        .map(|(i, l)| if i == 0 { l.to_string() } else { format!("{l:09}") })
        .collect();
    if digits.len() <= places {
        digits = format!("{}{digits}", "0".repeat(places + 1 - digits.len()));
    }
    let (whole, fraction) = digits.split_at(digits.len() - places);
    format!("{whole}.{fraction}")
}

/// A decimal a hair below `text` (the last nonzero digit less one, then nines).
fn below(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let Some(i) = bytes.iter().rposition(|&b| (b'1'..=b'9').contains(&b)) else { return text.to_string() };
    bytes[i] -= 1;
    let mut out = String::from_utf8(bytes).unwrap_or_default();
    out.push_str("999999999");
    out
}

/// A small deterministic generator (xorshift64*), so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}
