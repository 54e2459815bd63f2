//! The facts a choice question's `from` names, derived by running the lab's real control plane
//! (`cplab::kube`), so `cplab check` holds a choice's answer to what the lab shows. The CLI does
//! it, not the teaching layer: the layers keep `kube` apart from the assignment side, and the
//! assignment page carries no simulation of its own (a choice's key is the file's answer, held
//! here to the fact).

use cplab::formats::choice::{Choice, Fact};
use cplab::formats::json::shown;
use cplab::formats::InputError;
use cplab::kube::ha::etcd::{tolerance_table, EtcdTimings};
use cplab::kube::{simulate, Scenario};
use cplab::messages::Problem;
use cplab::playback::kube_stops::etcd_writers;
use cplab::teaching::assignment::{Assignment, Question};

/// The manifest the kube page opens with: the run the etcd-writers fact reads.
const DEPLOY: &str = include_str!("../../../tests/kube/deploy.yaml");

/// What the lab derives for `fact`, as an option's text.
pub fn derive(fact: Fact) -> Result<String, String> {
    match fact {
        Fact::EtcdWriters => {
            // The page's own rule (`playback::kube_stops::etcd_writes`: the request's step before
            // each `put` is kube-apiserver's), so the stop `etcd-writer` shows what this checks.
            let run = simulate(&Scenario::for_file("deploy.yaml", DEPLOY))?;
            let writers: Vec<String> = etcd_writers(&run).into_iter().map(|(w, _)| w).collect();
            Ok(writers.join(", "))
        }
        Fact::EtcdTolerates(members) => tolerance_table(EtcdTimings::default())
            .into_iter()
            .find(|row| row.members == members)
            .map(|row| row.tolerates.to_string())
            .ok_or_else(|| format!("the etcd model runs no cluster of {members} members")),
    }
}

/// Each choice question of `a` that names a fact, held to it: the derived text must be one of
/// its options, and its answer.
pub fn check_facts(a: &Assignment) -> Result<(), InputError> {
    for (i, q) in a.ask.iter().enumerate() {
        let Question::Choice(c) = q else { continue };
        let Some(fact) = c.from else { continue };
        check_one(c, fact, &format!("ask[{i}]"))?;
    }
    Ok(())
}

fn check_one(c: &Choice, fact: Fact, at: &str) -> Result<(), InputError> {
    let fail = |field: &str, problem: Problem| Err(InputError { path: format!("{at}.{field}"), problem });
    let derived = match derive(fact) {
        Ok(text) => text,
        Err(why) => {
            return fail("from", Problem::of(|a| a.e_fact_failed).with("fact", fact.id()).with("why", why))
        }
    };
    let said = |p: Problem| p.with("derived", shown(&derived)).with("fact", fact.id());
    if !c.options.contains(&derived) {
        return fail("from", said(Problem::of(|a| a.e_fact_not_option)));
    }
    if derived != c.answer_text() {
        return fail("answer", said(Problem::of(|a| a.e_fact_differs)).with("found", shown(c.answer_text())));
    }
    Ok(())
}
