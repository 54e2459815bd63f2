//! Share links: the run shown (scenario, downed part, playback step) and, if the student chooses,
//! their predictions, as URL query parameters. Pure: the page hands in the parameters it found
//! and gets back what to show, plus a notice for each parameter it could not use.

use crate::messages::{fill, AssignmentMessages, Messages};
use crate::model::{Part, PartNameError, PartSet, Run, RunNameError, MAX_DESIRED};
use crate::teaching::report::{decode_link, encode_link};
use std::collections::BTreeMap;

/// What a link asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shared {
    /// The run, if given.
    pub run: Option<Run>,
    /// The parts down from the start, if given (`Some(PartSet::NONE)`: nothing down).
    pub down: Option<PartSet>,
    /// The playback step, if given.
    pub step: Option<usize>,
    /// Predictions, if the student chose to share them.
    pub predictions: Option<BTreeMap<String, String>>,
}

/// Reads the share parameters among `params`; every unusable one gets a notice and is ignored.
pub fn parse(params: &[(String, String)], t: &Messages) -> (Shared, Vec<String>) {
    let mut shared = Shared::default();
    let mut notices = Vec::new();
    for (name, value) in params {
        let result = match name.as_str() {
            "run" => parse_run(value, t).map(|r| shared.run = Some(r)),
            "down" => parse_down(value, t).map(|d| shared.down = Some(d)),
            "step" => value
                .trim()
                .parse::<usize>()
                .map(|s| shared.step = Some(s))
                .map_err(|_| fill(t.link_not_a_step, &[("value", value)])),
            // Predictions (`p`) belong to the assignments build: see [`predictions`].
            _ => Ok(()),
        };
        if let Err(why) = result {
            notices.push(fill(t.link_ignored, &[("name", name), ("why", &why)]));
        }
    }
    (shared, notices)
}

/// The predictions a link carries (`p`), if any, or a notice why they cannot be used. Apart from
/// [`parse`] so the plain lab, which has no predictions, carries no JSON reader.
pub fn predictions(
    params: &[(String, String)],
    t: &Messages,
    a: &AssignmentMessages,
) -> (Option<BTreeMap<String, String>>, Option<String>) {
    let Some((_, value)) = params.iter().rev().find(|(k, _)| k == "p") else { return (None, None) };
    match decode_link(value).map_err(|e| e.text(a)).and_then(|json| {
        super::report_read::predictions(&json)
            .map_err(|e| fill(a.link_not_predictions, &[("why", &e.text(a))]))
    }) {
        Ok(p) => (Some(p), None),
        Err(why) => (None, Some(fill(t.link_ignored, &[("name", &"p"), ("why", &why)]))),
    }
}

/// `down`: none (`none`, `-` or empty), `control plane`, or part names joined by commas.
fn parse_down(value: &str, t: &Messages) -> Result<PartSet, String> {
    value.parse().map_err(|e| match e {
        PartNameError::Unknown(name) => {
            fill(t.link_not_a_part, &[("value", &name), ("names", &Part::names_list())])
        }
        PartNameError::Twice(part) => fill(t.link_part_twice, &[("value", &part)]),
    })
}

fn parse_run(value: &str, t: &Messages) -> Result<Run, String> {
    value.parse().map_err(|e| match e {
        RunNameError::NotARun => fill(t.link_not_a_run, &[("value", &value)]),
        RunNameError::BadDesired(n) => fill(t.link_bad_desired, &[("value", &n), ("max", &MAX_DESIRED)]),
    })
}

/// The query string (without `?`) of a link to `shared`'s run, downed part and step, after the
/// `kept` parameters (the assignment's, and predictions from [`predictions_param`]).
pub fn query(shared: &Shared, kept: &[(String, String)]) -> String {
    let mut pairs: Vec<(String, String)> = kept.to_vec();
    if let Some(run) = shared.run {
        pairs.push(("run".into(), run.to_string()));
    }
    if let Some(down) = shared.down {
        pairs.push(("down".into(), down.to_string()));
    }
    if let Some(step) = shared.step {
        pairs.push(("step".into(), step.to_string()));
    }
    let mut out = String::new();
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        escape(&mut out, k);
        out.push('=');
        escape(&mut out, v);
    }
    out
}

/// The `p` parameter that carries predictions in a link. Apart from [`query`] so the plain lab,
/// which has no predictions, carries none of this.
pub fn predictions_param(predictions: &BTreeMap<String, String>) -> (String, String) {
    // A map of strings always serializes.
    ("p".into(), encode_link(&serde_json::to_string(predictions).unwrap_or_default()))
}

/// Percent-encodes everything but unreserved characters onto `out`. By hand, in the plain lab:
/// the percent-encoding crate's `utf8_percent_encode` wrote the same bytes (tested below against
/// it) and cost the plain lab's page 883 bytes gzipped (148,062 against 147,179), mostly its
/// table of all 256 escapes.
pub fn escape(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(char::from(b)),
            b => {
                out.push('%');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::{EN, EN_ASSIGNMENTS};

    fn params(q: &[(&str, &str)]) -> Vec<(String, String)> {
        q.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    /// A query string's pairs, as the page's `URLSearchParams` hands them over.
    #[cfg(not(target_arch = "wasm32"))]
    fn decode(q: &str) -> Vec<(String, String)> {
        let text = |s: &str| percent_encoding::percent_decode_str(s).decode_utf8().unwrap().into_owned();
        q.split('&')
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap();
                (text(k), text(v))
            })
            .collect()
    }

    #[cfg(not(target_arch = "wasm32"))]
    const HOSTILE: &str = "a&b=c?d#e f+g%20h/é\u{0}\n\"'<>\u{7f}\u{85}\u{2028}😀~._-";

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn escaped_as_the_percent_encoding_crate_escapes() {
        use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
        const UNRESERVED: &percent_encoding::AsciiSet =
            &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');
        let every: String = (0u8..0x80).map(char::from).collect::<String>() + HOSTILE;
        let mut out = String::new();
        escape(&mut out, &every);
        assert_eq!(out, utf8_percent_encode(&every, UNRESERVED).to_string());
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn kept_parameters_and_hostile_predictions_decode_as_they_were_encoded() {
        let predictions: BTreeMap<String, String> =
            [(HOSTILE.to_string(), HOSTILE.to_string()), ("steps".into(), "\"}{".into())].into();
        let mut kept = params(&[(HOSTILE, HOSTILE), ("assignment", "a b/c.json")]);
        kept.push(predictions_param(&predictions));
        let shared = Shared { step: Some(0), ..Shared::default() };
        let q = query(&shared, &kept);
        assert!(q.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.~%&=".contains(&b)), "{q}");
        let decoded = decode(&q);
        assert_eq!(decoded[..2], kept[..2]);
        assert_eq!(super::predictions(&decoded, &EN, &EN_ASSIGNMENTS), (Some(predictions), None));
        assert_eq!(parse(&decoded, &EN), (shared, vec![]));
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn a_link_round_trips() {
        let predictions: BTreeMap<String, String> = [("steps".to_string(), " 17".to_string())].into();
        let shared = Shared {
            run: Some(Run::Scale { service: crate::model::LessonService::Verifier, desired: 9 }),
            down: Some(PartSet::of(Part::ControllerManager)),
            step: Some(5),
            predictions: Some(predictions),
        };
        let mut kept = params(&[("assignment", "assignments/x.json")]);
        kept.extend(shared.predictions.as_ref().map(predictions_param));
        let q = query(&shared, &kept);
        assert!(q.starts_with("assignment=assignments%2Fx.json&p="), "{q}");
        assert!(q.ends_with("&run=scale%3Averifier%3A9&down=controller%20manager&step=5"), "{q}");
        let decoded = decode(&q);
        let (mut back, notices) = parse(&decoded, &EN);
        back.predictions = super::predictions(&decoded, &EN, &EN_ASSIGNMENTS).0;
        assert_eq!((back, notices), (shared, vec![]));
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn several_parts_and_the_whole_control_plane_travel_in_a_link() {
        for down in
            [PartSet::CONTROL_PLANE, PartSet::of(Part::Scheduler).with(Part::ApiServer), PartSet::NONE]
        {
            let q = query(&Shared { down: Some(down), ..Shared::default() }, &[]);
            let (back, notices) = parse(&decode(&q), &EN);
            assert_eq!((back.down, notices), (Some(down), vec![]), "{q}");
        }
    }

    #[test]
    fn bad_parameters_are_named_and_ignored() {
        let (shared, notices) = parse(
            &params(&[
                ("run", "scale:collector:99"),
                ("down", "etcd"),
                ("step", "x"),
                ("p", "!!"),
                ("other", "kept"),
            ]),
            &EN,
        );
        assert_eq!(shared, Shared::default());
        assert_eq!(notices.len(), 3);
        assert!(notices[0].starts_with("The link's \"run\" was ignored: the desired count \"99\" must be"));
        assert!(notices[1].contains("\"etcd\" is not a part"));
        assert!(notices[2].contains("\"x\" is not a step number"));
        let (p, notice) = predictions(&params(&[("p", "!!")]), &EN, &EN_ASSIGNMENTS);
        assert_eq!(p, None);
        assert!(notice.unwrap().contains("\"p\" was ignored"));
        let (p, notice) = predictions(&params(&[("p", &encode_link("[1]"))]), &EN, &EN_ASSIGNMENTS);
        assert_eq!(p, None);
        assert!(notice.unwrap().contains("not a set of predictions"));
    }
}
