//! The code that carries an assignment (`?a=`) or predictions (`p`) in a link: the document in
//! base64url without padding.

use crate::messages::Problem;

/// Base64url's alphabet.
const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding: how an assignment travels in a link. By hand, as the `base64`
/// crate's URL_SAFE_NO_PAD writes it (tested against it): the crate cost the assignment page
/// 3.1 KB gzipped.
pub fn encode_link(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(BASE64URL[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
    out
}

/// The query that opens the real control plane's page (`?kube=1`) with `manifest` as its
/// manifest (`m=`, base64url), as the page's share link carries it.
pub fn kube_query(manifest: &str) -> String {
    format!("?kube=1&m={}", encode_link(manifest))
}

/// A base64url character's value: its place in [`BASE64URL`], found by range rather than by a
/// search of the alphabet (a 1.5 MB link was 48 million comparisons).
fn sextet(c: char) -> Option<u32> {
    let v = match c {
        'A'..='Z' => c as u32 - 'A' as u32,
        'a'..='z' => c as u32 - 'a' as u32 + 26,
        '0'..='9' => c as u32 - '0' as u32 + 52,
        '-' => 62,
        '_' => 63,
        _ => return None,
    };
    Some(v)
}

/// Reads [`encode_link`]'s output back; also takes standard base64 and stray padding, spaces
/// or line breaks that copy-paste adds. Bits past the last byte are not checked (a code cut or
/// pasted short of its zero bits still reads).
pub fn decode_link(code: &str) -> Result<String, Problem> {
    decode_code(code).map_err(|fault| match fault {
        LinkFault::Character(c) => Problem::of(|a| a.e_link_character).with("found", c),
        LinkFault::Damaged => Problem::of(|a| a.e_link_damaged),
    })
}

/// Why a link's code does not read (each page says it in its own table's words: the page
/// `?kube=1` carries no assignment table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkFault {
    /// A character outside base64url and standard base64.
    Character(char),
    /// Cut short, or not UTF-8 once decoded.
    Damaged,
}

/// [`decode_link`], its refusal as a [`LinkFault`].
pub fn decode_code(code: &str) -> Result<String, LinkFault> {
    // Standard base64's `+` arrives as a space once a query string is decoded: inside the code a
    // space is read as `+`. Around it, and as line breaks from copy-paste, white space is dropped.
    // Both alphabets are read: standard base64's `+` and `/` are base64url's `-` and `_`.
    let mut sextets = Vec::with_capacity(code.len());
    for c in code.trim().chars().filter(|c| (!c.is_whitespace() || *c == ' ') && *c != '=') {
        let c = match c {
            ' ' | '+' => '-',
            '/' => '_',
            c => c,
        };
        match sextet(c) {
            Some(v) => sextets.push(v),
            None => return Err(LinkFault::Character(c)),
        }
    }
    // One character past a whole number of bytes holds no byte: the code was cut short.
    if sextets.len() % 4 == 1 {
        return Err(LinkFault::Damaged);
    }
    let mut bytes = Vec::with_capacity(sextets.len() * 3 / 4);
    for chunk in sextets.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &v)| n | v << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            bytes.push((n >> (16 - 8 * i)) as u8);
        }
    }
    String::from_utf8(bytes).map_err(|_| LinkFault::Damaged)
}

// Native only: the tests check against the base64 crate, a native dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;

    #[test]
    fn every_character_of_the_alphabet_has_its_place() {
        for (i, &b) in BASE64URL.iter().enumerate() {
            assert_eq!(sextet(char::from(b)), Some(i as u32));
        }
        assert_eq!(sextet('+'), None);
        assert_eq!(sextet('é'), None);
    }

    #[test]
    fn links_round_trip_and_survive_copy_paste() {
        for text in ["", "a", "ab", "abc", "{\"version\":1,\"title\":\"Ünïcode ✓\"}"] {
            let code = encode_link(text);
            assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{code}");
            assert_eq!(decode_link(&code).as_deref(), Ok(text));
            let pasted = format!(" {}\n{}== ", &code[..code.len() / 2], &code[code.len() / 2..]);
            assert_eq!(decode_link(&pasted).as_deref(), Ok(text));
        }
        assert!(decode_link("ab*c").unwrap_err().to_string().contains("does not belong"));
        assert!(decode_link("abé").unwrap_err().to_string().contains("'é'"));
        // Standard base64 with a `+`, as a query string hands it over: the `+` became a space.
        let text = "{\"title\":\"a>b?\"}"; // encodes with a `+` in standard base64
        let standard = "eyJ0aXRsZSI6ImE+Yj8ifQ==";
        assert_eq!(decode_link(standard).as_deref(), Ok(text));
        assert_eq!(decode_link(&standard.replace('+', " ")).as_deref(), Ok(text));
    }

    #[test]
    fn links_decode_what_they_encode_whatever_the_text() {
        use base64::engine::general_purpose::STANDARD;
        let hostile: String = (0u8..0x80).map(char::from).chain("é€\u{2028}😀\u{feff}".chars()).collect();
        for end in 0..hostile.len() {
            let Some(text) = hostile.get(..end) else { continue };
            let code = encode_link(text);
            assert_eq!(decode_link(&code).as_deref(), Ok(text));
            // Standard base64, padded, as another tool writes it, and after a query string turned
            // its `+` into spaces.
            let standard = STANDARD.encode(text);
            assert_eq!(decode_link(&standard).as_deref(), Ok(text));
            // (A last `+` turned into a space cannot be told from the white space around a code.)
            let spaced = standard.replace('+', " ");
            if !spaced.ends_with(' ') {
                assert_eq!(decode_link(&spaced).as_deref(), Ok(text));
            }
        }
        // Cut short by one character, or not UTF-8: damaged, never a panic.
        assert!(decode_link("a").unwrap_err().to_string().contains("damaged"));
        assert!(decode_link(&URL_SAFE_NO_PAD.encode([0xff, 0xfe]))
            .unwrap_err()
            .to_string()
            .contains("damaged"));
    }

    /// What the `base64` crate read, as this lab used it before reading by hand.
    fn by_the_crate(code: &str) -> Result<String, String> {
        use base64::engine::{general_purpose::GeneralPurposeConfig, DecodePaddingMode, GeneralPurpose};
        const LINK: GeneralPurpose = GeneralPurpose::new(
            &base64::alphabet::URL_SAFE,
            GeneralPurposeConfig::new()
                .with_decode_padding_mode(DecodePaddingMode::RequireNone)
                .with_decode_allow_trailing_bits(true),
        );
        let code: String = code
            .trim()
            .chars()
            .filter(|c| (!c.is_whitespace() || *c == ' ') && *c != '=')
            .map(|c| match c {
                ' ' | '+' => '-',
                '/' => '_',
                c => c,
            })
            .collect();
        let bytes = LINK.decode(&code).map_err(|e| match e {
            base64::DecodeError::InvalidByte(at, byte) => {
                code.get(at..).and_then(|rest| rest.chars().next()).unwrap_or(char::from(byte)).to_string()
            }
            _ => "damaged".to_string(),
        })?;
        String::from_utf8(bytes).map_err(|_| "damaged".to_string())
    }

    #[test]
    fn links_are_written_and_read_as_the_base64_crate_does() {
        let alphabet: Vec<char> = "AQgw/+_-= \n\t*é✓".chars().collect();
        proptest::proptest!(|(text in ".{0,40}", picks in proptest::collection::vec(0..alphabet.len(), 0..12))| {
            proptest::prop_assert_eq!(encode_link(&text), URL_SAFE_NO_PAD.encode(&text));
            let code: String = picks.iter().map(|&i| alphabet[i]).collect();
            let ours = decode_link(&code).map_err(|e| {
                let said = e.to_string();
                if said.contains("damaged") { "damaged".to_string() } else { said }
            });
            let theirs = by_the_crate(&code);
            // Both refuse the same codes; where both name a character, it is the same one (the
            // crate may call a code with a stray character in its last bytes cut short instead,
            // and in a code with a character that is not ASCII names a byte, not the first such
            // character: this reader names the first character that does not belong).
            match (&ours, &theirs) {
                (Err(said), Err(found)) => proptest::prop_assert!(
                    said == "damaged" || found == "damaged" || !code.is_ascii() || said.contains(&format!("'{found}'")),
                    "{said} {found}"
                ),
                _ => proptest::prop_assert_eq!(ours, theirs, "{:?}", code),
            }
        });
    }
}
