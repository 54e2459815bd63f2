//! Share links: the run shown (scenario, downed part, playback step) and, if the student chooses,
//! their predictions, as URL query parameters. Pure: the page hands in the parameters it found
//! and gets back what to show, plus a notice for each parameter it could not use.

use crate::model::Part;
use crate::report::{decode_link, encode_link};
use std::collections::BTreeMap;

/// Which run the lab shows, and a link names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Run {
    /// The lesson's request.
    Lesson,
    /// The failure-matrix events.
    Events,
    /// A scale request on the lesson's starting state.
    Scale {
        /// Collector (true) or verifier.
        collector: bool,
        /// Desired count.
        desired: u32,
    },
    /// The loaded assignment's scenario.
    Assignment,
}

/// What a link asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shared {
    /// The run, if given.
    pub run: Option<Run>,
    /// The downed part, if given (`Some(None)`: nothing down).
    pub down: Option<Option<Part>>,
    /// The playback step, if given.
    pub step: Option<usize>,
    /// Predictions, if the student chose to share them.
    pub predictions: Option<BTreeMap<String, String>>,
}

/// Largest desired count of a scale run: enough to fill every node of the lesson and overflow.
pub const MAX_DESIRED: u32 = 20;

/// Reads the share parameters among `params`; every unusable one gets a notice and is ignored.
pub fn parse(params: &[(String, String)]) -> (Shared, Vec<String>) {
    let mut shared = Shared::default();
    let mut notices = Vec::new();
    for (name, value) in params {
        let result = match name.as_str() {
            "run" => parse_run(value).map(|r| shared.run = Some(r)),
            "down" => match value.as_str() {
                "" | "-" | "none" => {
                    shared.down = Some(None);
                    Ok(())
                }
                v => Part::from_name(v)
                    .map(|p| shared.down = Some(Some(p)))
                    .ok_or_else(|| format!("\"{v}\" is not a part (use one of {})", Part::names_list())),
            },
            "step" => value
                .trim()
                .parse::<usize>()
                .map(|s| shared.step = Some(s))
                .map_err(|_| format!("\"{value}\" is not a step number")),
            "p" => decode_link(value)
                .and_then(|json| {
                    serde_json::from_str::<BTreeMap<String, String>>(&json)
                        .map_err(|e| format!("not a set of predictions: {e}"))
                })
                .map(|p| shared.predictions = Some(p)),
            _ => Ok(()),
        };
        if let Err(why) = result {
            notices.push(format!("The link's \"{name}\" was ignored: {why}."));
        }
    }
    (shared, notices)
}

fn parse_run(value: &str) -> Result<Run, String> {
    match value {
        "lesson" => Ok(Run::Lesson),
        "events" => Ok(Run::Events),
        "assignment" => Ok(Run::Assignment),
        v => {
            let parts: Vec<&str> = v.split(':').collect();
            match parts.as_slice() {
                ["scale", service @ ("collector" | "verifier"), n] => match n.parse::<u32>() {
                    Ok(d) if d <= MAX_DESIRED => {
                        Ok(Run::Scale { collector: *service == "collector", desired: d })
                    }
                    _ => Err(format!(
                        "the desired count \"{n}\" must be a whole number from 0 to {MAX_DESIRED}"
                    )),
                },
                _ => {
                    Err(format!("\"{v}\" is not a run (use lesson, events, assignment or scale:collector:N)"))
                }
            }
        }
    }
}

/// The query string (without `?`) of a link to `shared`, keeping the assignment parameters.
pub fn query(shared: &Shared, assignment: &[(String, String)]) -> String {
    let mut pairs: Vec<(String, String)> = assignment.to_vec();
    if let Some(run) = shared.run {
        let v = match run {
            Run::Lesson => "lesson".to_string(),
            Run::Events => "events".to_string(),
            Run::Assignment => "assignment".to_string(),
            Run::Scale { collector, desired } => {
                format!("scale:{}:{desired}", if collector { "collector" } else { "verifier" })
            }
        };
        pairs.push(("run".into(), v));
    }
    if let Some(down) = shared.down {
        pairs.push(("down".into(), down.map_or("none", Part::name).to_string()));
    }
    if let Some(step) = shared.step {
        pairs.push(("step".into(), step.to_string()));
    }
    if let Some(p) = &shared.predictions {
        pairs.push(("p".into(), encode_link(&serde_json::to_string(p).unwrap_or_default())));
    }
    pairs.iter().map(|(k, v)| format!("{}={}", escape(k), escape(v))).collect::<Vec<_>>().join("&")
}

/// Percent-encodes everything but unreserved characters.
fn escape(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => char::from(b).to_string(),
            b => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(q: &[(&str, &str)]) -> Vec<(String, String)> {
        q.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn a_link_round_trips() {
        let predictions: BTreeMap<String, String> = [("steps".to_string(), " 17".to_string())].into();
        let shared = Shared {
            run: Some(Run::Scale { collector: false, desired: 9 }),
            down: Some(Some(Part::ControllerManager)),
            step: Some(5),
            predictions: Some(predictions),
        };
        let q = query(&shared, &params(&[("assignment", "assignments/x.json")]));
        assert!(q.starts_with("assignment=assignments%2Fx.json&run=scale%3Averifier%3A9&down=controller%20manager&step=5&p="), "{q}");
        let decoded: Vec<(String, String)> = q
            .split('&')
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap();
                let v = v.replace("%2F", "/").replace("%3A", ":").replace("%20", " ");
                (k.to_string(), v)
            })
            .collect();
        assert_eq!(parse(&decoded), (shared, vec![]));
    }

    #[test]
    fn bad_parameters_are_named_and_ignored() {
        let (shared, notices) = parse(&params(&[
            ("run", "scale:collector:99"),
            ("down", "etcd"),
            ("step", "x"),
            ("p", "!!"),
            ("other", "kept"),
        ]));
        assert_eq!(shared, Shared::default());
        assert_eq!(notices.len(), 4);
        assert!(notices[0].starts_with("The link's \"run\" was ignored: the desired count \"99\" must be"));
        assert!(notices[1].contains("\"etcd\" is not a part"));
        assert!(notices[2].contains("\"x\" is not a step number"));
        assert!(notices[3].contains("\"p\" was ignored"));
    }
}
