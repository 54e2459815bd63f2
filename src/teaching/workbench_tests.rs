use super::*;
use crate::messages::EN_ASSIGNMENTS;
use crate::model::{Limits, Part};
use crate::teaching::assignment::Assignment;

/// A golden file; `UPDATE_GOLDEN=1` writes `made` as it.
fn golden(name: &str, made: &str) -> String {
    let path = format!("{}/tests/golden/workbench/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, made).unwrap();
    }
    std::fs::read_to_string(path).unwrap()
}

fn shipped(name: &str) -> String {
    std::fs::read_to_string(format!("{}/assignments/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The lesson's trace assignment as the workbench's flow builds it from scratch.
pub(crate) fn lesson_trace() -> Draft {
    let mut d = Draft { title: "Trace one request end to end".into(), ..Draft::default() };
    d.instructions = assignment_json::parse(&shipped("lesson-trace.json")).unwrap().instructions;
    for q in Quantity::ALL {
        d.set_predict(q, true);
    }
    d
}

#[test]
fn the_lesson_trace_built_from_scratch_is_the_shipped_assignment() {
    let d = lesson_trace();
    // The file the e2e flow exports, byte for byte.
    assert_eq!(d.text(), golden("lesson-trace.json", &d.text()));
    let ours = assignment_json::parse(&d.text()).unwrap();
    let shipped = assignment_json::parse(&shipped("lesson-trace.json")).unwrap();
    // The shipped file lists its counts in another order; the same counts, the same run.
    let sorted = |mut v: Vec<Quantity>| {
        v.sort();
        v
    };
    assert_eq!(
        Assignment { predict: sorted(ours.predict.clone()), ..ours.clone() },
        Assignment { predict: sorted(shipped.predict.clone()), ..shipped }
    );
    let diagnosis = diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH);
    assert_eq!(
        diagnosis.notes,
        [Note {
            section: Section::Scenario,
            text: "every answer is the lesson's own (its run gives the lesson's numbers): a student can copy them from the lesson, and the assignment teaches nothing beyond it; change the run (\"changes\") or ask what the lesson does not print".into(),
            kind: NoteKind::Warning
        }]
    );
    let answers: Vec<String> = diagnosis.items().iter().map(|i| format!("{}={}", i.id, i.answer)).collect();
    assert_eq!(answers, ["components=4", "steps=17", "reads=50", "writes=7", "revision=7", "rounds=2"]);
}

#[test]
fn every_shipped_assignment_opens_and_writes_an_equal_assignment() {
    for name in ["lesson-trace.json", "beyond-the-tables.json", "failure-matrix.json", "full-node.json"] {
        let text = shipped(name);
        let d = Draft::open(&text).unwrap();
        let again = assignment_json::parse(&d.text()).unwrap();
        assert_eq!(again, assignment_json::parse(&text).unwrap(), "{name}");
        assert_eq!(Draft::open(&d.text()).unwrap(), d, "{name}");
    }
}

#[test]
fn a_bad_typed_field_is_named_beside_it_and_kept() {
    let mut d = lesson_trace();
    d.set_tolerance("reads", "abc");
    d.set_tolerance("steps", "-1");
    d.title = "  ".into();
    d.retries = "21".into();
    let diagnosis = diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH);
    let said: Vec<(Section, &str, bool)> =
        diagnosis.notes.iter().map(|n| (n.section.clone(), n.text.as_str(), n.blocks())).collect();
    assert_eq!(
        said,
        [
            (Section::Title, "Give the assignment a title: students see it as its heading.", true),
            (
                Section::Tolerance("reads".into()),
                "must be a whole number from 0 to 1000000, found the text \"abc\"",
                true
            ),
            (Section::Tolerance("steps".into()), "must not be negative, found -1", true),
            (Section::Retries, "must be from 0 to 20, found 21", true),
        ]
    );
    assert!(diagnosis.checked.is_none());
    // Nothing typed is lost: the draft and its file keep the text.
    assert_eq!(d.tolerance_of("reads"), "abc");
    assert!(d.text().contains("\"reads\": \"abc\""));
    // Cleared, the field is gone.
    d.set_tolerance("reads", " ");
    assert_eq!(d.tolerance_of("reads"), "");
}

#[test]
fn checks_warnings_stand_beside_their_fields() {
    let mut d = Draft::open(&shipped("beyond-the-tables.json")).unwrap();
    d.ask.push(Question::Writers("copy/verifier-9".into()));
    d.ask.push(Question::Round { round: 9, writes: false });
    d.set_tolerance("writers.copy/verifier-9", "1");
    d.retries = "2".into();
    let diagnosis = diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH);
    let placed: Vec<(Section, bool)> =
        diagnosis.notes.iter().map(|n| (n.section.clone(), n.blocks())).collect();
    assert_eq!(
        placed,
        [
            (Section::Ask(8), false),
            (Section::Ask(9), false),
            (Section::Tolerance("writers.copy/verifier-9".into()), false),
            (Section::Retries, false),
        ]
    );
    // The same texts `cplab check` prints after the field's path.
    let checked = diagnosis.checked.as_ref().unwrap();
    let cli: Vec<String> = checked.warnings.iter().map(|w| w.to_string()).collect();
    for (note, line) in diagnosis.notes.iter().zip(&cli) {
        assert!(line.ends_with(&format!(": {}", note.text)), "{line}");
    }
}

#[test]
fn what_a_teacher_types_the_run_has_no_use_for_is_said_beside_its_row() {
    use crate::teaching::scenario_events::{add_event, set_copy, set_event};
    use crate::teaching::scenario_tables::{add_request, set_request};
    // The playtest's draft: a request's key without its prefix, a copy on a node and of a
    // service the state does not have, a question about a service never held, a tolerance of 50.
    let mut d = lesson_trace();
    add_request(&mut d);
    set_request(&mut d, 1, "collector", "2");
    set_copy(&mut d, "copy/collector-2", "colector", "m9", "running");
    d.ask.push(Question::Service { service: "verifer".into(), actual: false });
    d.set_tolerance("steps", "50");
    let notes = |d: &Draft| -> Vec<(Section, NoteKind)> {
        let diagnosis = diagnose(d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH);
        diagnosis.notes.iter().map(|n| (n.section.clone(), n.kind)).collect()
    };
    let copy = Section::Change("copy/collector-2".into());
    assert_eq!(
        notes(&d),
        [
            (copy.clone(), NoteKind::Warning),
            (copy, NoteKind::Warning),
            (Section::Request(1), NoteKind::Warning),
            (Section::Ask(0), NoteKind::Warning),
            (Section::Tolerance("steps".into()), NoteKind::Warning),
        ]
    );
    // A timeline row whose parts are left blank changes nothing: an error on its row.
    add_event(&mut d);
    set_event(&mut d, 0, "2", "down", " ");
    assert_eq!(notes(&d), [(Section::Event(0), NoteKind::Error)]);
}

#[test]
fn sections_are_found_from_paths() {
    let mut d = Draft::default();
    d.set_tolerance("round.2.reads", "1");
    for (path, want) in [
        ("title", Section::Title),
        ("ask[12].round", Section::Ask(12)),
        ("matrix.rows[1]", Section::Matrix),
        ("predict[0]", Section::Predict),
        ("scenario.requests[0].value", Section::Request(0)),
        ("scenario.initial", Section::Scenario),
        ("tolerance[\"round.2.reads\"]", Section::Tolerance("round.2.reads".into())),
        ("tolerance[\"other\"]", Section::Whole),
        ("version", Section::Whole),
        ("", Section::Whole),
    ] {
        assert_eq!(Section::of(path, &d), want, "{path}");
    }
}

#[test]
fn ticks_keep_the_formats_order_and_name_their_tolerances() {
    let mut d = Draft { title: "x".into(), ..Draft::default() };
    d.set_predict(Quantity::Rounds, true);
    d.set_predict(Quantity::Steps, true);
    d.set_predict(Quantity::Rounds, false);
    d.set_predict(Quantity::Writes, true);
    d.set_cell(Cell::Wr, true);
    d.set_cell(Cell::Scale, true);
    d.set_row(PartSet::of(Part::Scheduler), true);
    d.set_row(PartSet::NONE, true);
    d.ask.push(Question::PartReads(Part::Scheduler));
    d.ask.push(Question::Writers("copy/collector-4".into()));
    d.ask.push(Question::Repair { down: PartSet::of(Part::Scheduler), cell: Cell::Scale });
    d.ask.push(Question::Repair { down: PartSet::of(Part::Scheduler), cell: Cell::Believed });
    // Names and verdicts are scored exactly: no tolerance offered for them.
    assert_eq!(
        d.tolerance_keys(),
        ["steps", "writes", "wr", "component.scheduler.reads", "repair.scheduler.believed"]
    );
    let text = d.text();
    let a = assignment_json::parse(&text).unwrap();
    assert_eq!(a.predict, [Quantity::Steps, Quantity::Writes]);
    let m = a.matrix.unwrap();
    assert_eq!(
        (m.rows, m.cells),
        (vec![PartSet::NONE, PartSet::of(Part::Scheduler)], vec![Cell::Scale, Cell::Wr])
    );
}

#[test]
fn a_question_typed_is_read_as_a_file_would_be() {
    let q = |kind, first, second| typed_question(kind, first, second, 3).map_err(|e| e.to_string());
    assert_eq!(q("round", " 2 ", "writes"), Ok(Question::Round { round: 2, writes: true }));
    assert_eq!(q("writers", "copy/collector-4", ""), Ok(Question::Writers("copy/collector-4".into())));
    assert_eq!(q("component", "scheduler", ""), Ok(Question::PartReads(Part::Scheduler)));
    assert_eq!(
        q("repair", "scheduler", "scale"),
        Ok(Question::Repair { down: PartSet::of(Part::Scheduler), cell: Cell::Scale })
    );
    assert_eq!(
        q("round", "two", "reads"),
        Err("ask[3].round: must be a whole number from 0 to 1000, found the text \"two\"".into())
    );
    assert!(q("component", "etcd", "")
        .unwrap_err()
        .starts_with("ask[3].component: unknown component \"etcd\""));
}

#[test]
fn a_pasted_link_or_code_opens() {
    let w = &crate::messages::EN_WORKBENCH;
    let text = shipped("full-node.json");
    let code = crate::teaching::report::encode_link(&text);
    let want = Draft::open(&text).unwrap();
    for pasted in [
        format!("https://lab.example/?embed=1&a={code}&host=x#top"),
        format!(" {code}\n"),
        format!("?a={code}"),
    ] {
        assert_eq!(open_pasted(&pasted, &EN_ASSIGNMENTS, w), Ok(want.clone()), "{pasted}");
    }
    assert_eq!(
        open_pasted("?a=e30", &EN_ASSIGNMENTS, w),
        Err("missing field \"version\" (this lab reads version 1)".into())
    );
    // A link to a document past the 1 MiB the lab reads is refused by that limit, unread.
    let large = format!("{{\"version\": 1, \"title\": \"{}\"}}", "x".repeat(1 << 20));
    assert_eq!(
        open_pasted(&format!("?a={}", crate::teaching::report::encode_link(&large)), &EN_ASSIGNMENTS, w),
        Err("it is larger than 1 MiB, the most the lab in a browser takes (`cplab answer-key` reads larger ones)".into())
    );
    let named = open_pasted("?assignment=assignments/full-node.json", &EN_ASSIGNMENTS, w).unwrap_err();
    assert!(named.starts_with("this address names the assignment file \"assignments/full-node.json\" on its server, not the assignment itself: open that file with \"Open an assignment file\""), "{named}");
    // The lab's own address, or a sandbox link: no assignment in it, and said so.
    for pasted in ["http://127.0.0.1:8191/", "https://lab.example/?workbench=1&sandbox=1&s=e30", "?s=e30"] {
        assert_eq!(open_pasted(pasted, &EN_ASSIGNMENTS, w), Err(w.paste_not_link.to_string()), "{pasted}");
    }
}

#[test]
fn the_scenario_is_counted_live_as_the_lesson_counts_it() {
    let counts =
        |d: &Draft| crate::teaching::scenario_tables::scenario_counts(d, Limits::MODEL, &EN_ASSIGNMENTS);
    assert_eq!(
        counts(&Draft::default()).as_deref(),
        Ok("components visited 4   trace steps 17   store reads 50   store writes 7   revision 0 -> 7   round 2")
    );
    let full = Draft::open(&shipped("full-node.json")).unwrap();
    assert!(counts(&full).unwrap().starts_with("components visited"));
    let bad = Draft {
        scenario: Some(serde_json::json!({"requests": [{"key": "service/collector"}]})),
        ..Draft::default()
    };
    assert_eq!(counts(&bad), Err("scenario.requests[0]: missing field \"value\"".into()));
}

#[test]
fn a_tolerance_for_what_is_no_longer_asked_keeps_its_field_after_those_asked() {
    let mut d = Draft { title: "x".into(), ..Draft::default() };
    d.set_predict(Quantity::Steps, true);
    d.tolerance = vec![("reads".into(), "2".into()), ("steps".into(), "1".into())];
    assert_eq!(d.tolerance_fields(), ["steps", "reads"]);
}

#[test]
fn a_new_draft_has_steps_to_take_not_errors_and_warnings_show_before_the_title() {
    let w = &crate::messages::EN_WORKBENCH;
    let kinds = |d: &Draft| -> Vec<(Section, NoteKind)> {
        diagnose(d, Limits::MODEL, &EN_ASSIGNMENTS, w)
            .notes
            .iter()
            .map(|n| (n.section.clone(), n.kind))
            .collect()
    };
    // Nothing typed yet: two steps to take, nothing wrong, nothing to hand out.
    let fresh = Draft::default();
    assert_eq!(kinds(&fresh), [(Section::Title, NoteKind::ToDo), (Section::Predict, NoteKind::ToDo)]);
    assert!(diagnose(&fresh, Limits::MODEL, &EN_ASSIGNMENTS, w).checked.is_none());
    // Counts ticked, title still blank: cplab check's warning is there already (the file is read
    // with a stand-in title), and the title is still a step, so nothing is handed out yet.
    let mut d = lesson_trace();
    d.title.clear();
    assert_eq!(kinds(&d), [(Section::Title, NoteKind::ToDo), (Section::Scenario, NoteKind::Warning)]);
    let diagnosis = diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, w);
    assert!(diagnosis.checked.is_none());
    // The stand-in title is never written: the file keeps the blank one.
    assert!(diagnosis.text.contains("\"title\": \"\""), "{}", diagnosis.text);
    // A matrix row without a cell still asks nothing (the reader's rule): the step is the cells.
    let said = |d: &Draft| -> Vec<(Section, String)> {
        diagnose(d, Limits::MODEL, &EN_ASSIGNMENTS, w)
            .notes
            .iter()
            .map(|n| (n.section.clone(), n.text.clone()))
            .collect()
    };
    let mut rows_only = Draft { title: "t".into(), ..Draft::default() };
    rows_only.set_row(crate::model::PartSet::NONE, true);
    assert_eq!(said(&rows_only), [(Section::Matrix, w.todo_cells.to_string())]);
    assert!(assignment_json::parse(&rows_only.text()).is_err());
    // Beside a count, too: a half-ticked matrix is not handed out.
    rows_only.set_predict(Quantity::Steps, true);
    assert_eq!(said(&rows_only).first(), Some(&(Section::Matrix, w.todo_cells.to_string())));
    assert!(diagnose(&rows_only, Limits::MODEL, &EN_ASSIGNMENTS, w).checked.is_none());
    let mut cells_only = Draft { title: "t".into(), ..Draft::default() };
    cells_only.set_cell(Cell::Rd, true);
    assert_eq!(said(&cells_only), [(Section::Matrix, w.todo_rows.to_string())]);
    // Titled and asking: no step left.
    d.title = "Trace".into();
    assert_eq!(kinds(&d), [(Section::Scenario, NoteKind::Warning)]);
    assert!(diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, w).checked.is_some());
}

#[test]
fn a_tolerance_is_labelled_by_what_it_is_for() {
    let (t, a, w) = (&crate::messages::EN, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH);
    let mut d = Draft::open(&shipped("beyond-the-tables.json")).unwrap();
    d.set_tolerance("matrix.scheduler.rd", "1");
    let labels: Vec<String> = ["reads", "rd", "service.collector.believed", "matrix.scheduler.rd"]
        .iter()
        .map(|k| d.tolerance_label(k, t, a, w))
        .collect();
    assert_eq!(
        labels,
        [
            "store reads (items)",
            "rd in every row asked",
            "collector copies the store believes run at the end",
            "matrix.scheduler.rd"
        ]
    );
}

#[test]
fn the_sandbox_shows_errors_and_steps_but_no_warning() {
    let mut d = lesson_trace();
    d.title.clear();
    let diagnosis = diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH);
    let kinds = |warnings| -> Vec<NoteKind> {
        [Section::Title, Section::Scenario]
            .iter()
            .flat_map(|s| diagnosis.at(s, warnings))
            .map(|n| n.kind)
            .collect()
    };
    assert_eq!(kinds(true), [NoteKind::ToDo, NoteKind::Warning]);
    assert_eq!(kinds(false), [NoteKind::ToDo]);
    let mut bad = lesson_trace();
    bad.set_tolerance("reads", "x");
    let errors = diagnose(&bad, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH);
    assert_eq!(errors.at(&Section::Tolerance("reads".into()), false).len(), 1);
}

#[test]
fn every_sections_notes_at_once_are_those_each_section_gives() {
    let mut d = lesson_trace();
    d.title.clear();
    d.set_tolerance("reads", "x");
    let diagnosis = diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH);
    for warnings in [true, false] {
        let by = diagnosis.by_section(warnings);
        let sections: Vec<Section> = by.keys().cloned().collect();
        assert_eq!(sections, [Section::Title, Section::Tolerance("reads".into())]);
        for (section, notes) in &by {
            assert_eq!(notes, &diagnosis.at(section, warnings));
        }
    }
    let errors: Vec<Section> = diagnosis.error_sections().into_iter().collect();
    assert_eq!(errors, [Section::Tolerance("reads".into())]);
}

#[test]
fn a_change_is_found_by_its_key_written_plainly_or_with_escapes() {
    let mut d = lesson_trace();
    d.scenario = Some(serde_json::json!({"changes": {"copy/a": {}, "copy/\"]x": {}, "copy/a.b": {}}}));
    let of = |path: &str| Section::of(path, &d);
    assert_eq!(of(r#"scenario.changes["copy/a"].node"#), Section::Change("copy/a".into()));
    assert_eq!(of(r#"scenario.changes["copy/a"]"#), Section::Change("copy/a".into()));
    assert_eq!(of(r#"scenario.changes["copy/a.b"].status"#), Section::Change("copy/a.b".into()));
    assert_eq!(of(r#"scenario.changes["copy/\"]x"].node"#), Section::Change("copy/\"]x".into()));
    assert_eq!(of(r#"scenario.changes["copy/z"].node"#), Section::Scenario);
    assert_eq!(of(r#"scenario.changes["copy/a"]x"#), Section::Scenario);
}

#[test]
fn a_run_past_the_limits_is_said_as_answers_in_the_workbench_and_as_a_run_in_the_sandbox() {
    let d = lesson_trace();
    let small = Limits { steps: 3, ..Limits::MODEL };
    let w = &crate::messages::EN_WORKBENCH;
    let said = |c: Diagnosis| c.at(&Section::Scenario, false).into_iter().map(|n| n.text).collect::<Vec<_>>();
    let why = "the run was stopped after 3 trace steps; lower desired counts or max_rounds";
    assert_eq!(
        said(diagnose(&d, small, &EN_ASSIGNMENTS, w)),
        [format!(
            "its answers cannot be worked out in the browser ({why}); `cplab answer-key` works them out"
        )]
    );
    assert_eq!(
        said(super::super::diagnosis::diagnose_scenario(&d, small, &EN_ASSIGNMENTS, w)),
        [format!("this scenario cannot be run in the browser ({why}); `cplab run` runs it from a file")]
    );
}

#[test]
fn a_number_typed_stays_as_typed() {
    let d = |typed: &str| {
        let mut d = Draft::default();
        crate::teaching::scenario_tables::set_service(&mut d, "service/collector", typed);
        crate::teaching::scenario_tables::service_rows(&d)
            .into_iter()
            .find(|r| r.key == "service/collector")
            .map(|r| r.desired)
    };
    for typed in ["99999999999999999999", "-0", "1e3", "5.0", "007", "4.", "-1", "1.5", "5"] {
        assert_eq!(d(typed).as_deref(), Some(typed), "{typed}");
    }
    assert_eq!(super::typed_number("5"), serde_json::json!(5));
    assert_eq!(super::typed_number(" 5 "), serde_json::json!(5));
    assert_eq!(super::typed_number("1e3"), serde_json::json!("1e3"));
}
