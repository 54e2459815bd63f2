//! `cplab check`'s warnings in English.

use super::CheckMessages;

/// The warnings in English.
pub static EN_CHECK: CheckMessages = CheckMessages {
    lang: "en",
    w_partial_initial: "keeps {kept} of the lesson's {of} keys: a partial initial replaces the lesson's whole starting state; to change a few keys of it, give them under \"changes\" instead",
    w_copy_no_node: "{node} is not a node of the starting state (there is no {key}): no node counts this copy among its copies; a copy names its node \"m1\" or \"node/m1\"",
    w_copy_no_service: "{service} is not a service of the starting state (there is no {key}): no service counts this copy among its copies, so the controller manager neither keeps it nor removes it as an extra one",
    w_request_out_of_schema: "{key} is outside the schema (keys start with service/, copy/ or node/): the API server answers \"out of schema\" and the request changes nothing",
    w_never_written: "{key} is never written in this run, so its answer is \"none\"",
    w_never_written_schema: "{key} is never written in this run, so its answer is \"none\" (keys start with service/, copy/ or node/)",
    w_round_past_end: "round {round} is past the run's last round, {last}, so its answer is 0",
    w_never_held: "{service} is never a service in this run (no {key} at its start or end, and no copy of it), so its answer is 0",
    w_tolerance_guess: "accepts every prediction from 0 to {most} (the answer is {answer}): a guess is marked right; keep it below {answer}",
    w_tolerance_guess_item: "accepts every prediction from 0 to {most} for {item} (its answer is {answer}): a guess is marked right; keep it below {answer}",
    w_tolerance_ignored: "{key} is scored exactly (names or words, not a number), so its tolerance is ignored",
    w_lessons_run: "every answer is the lesson's own (its run gives the lesson's numbers): a student can copy them from the lesson, and the assignment teaches nothing beyond it; change the run (\"changes\") or ask what the lesson does not print",
    w_lessons_matrix: "every cell asked is one the lesson's failure matrix prints: a student can copy them from the lesson; ask rows beyond it (node agents, control plane) or after repair",
    w_matrix_not_scenario: "the failure-matrix rows do not run this assignment's scenario: each runs the lesson's events (collector scaled to 5, copy collector-2 reported dead, node m4 joins) with its own parts down from the start; say so in the instructions, or ask about the scenario with counts and questions",
    w_matrix_not_instructions: "the instructions say {parts} down, but the failure-matrix rows do not run so: each runs the lesson's events (collector scaled to 5, copy collector-2 reported dead, node m4 joins) with only its own parts down from the start, whatever the instructions say",
    w_retries_reveal: "{retries} retries with \"reveal\": true: a student who has seen the answers can start over and copy them; set \"reveal\": false or \"retries\": 0",
    cli_warning: "warning: {file}: {warning}",
    cli_strict: "{file}: --strict fails the check on the warnings above",
};
