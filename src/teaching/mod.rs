//! Teaching features around the model: assignments (what students predict, and its marking),
//! reports (saved records, exported reports, assignment links), share links and embedding in the
//! course page. Pure Rust, tested natively; the browser side only moves their strings around.

pub mod ask_form;
pub mod assignment;
pub mod attempts;
pub mod class_review;
pub mod diagnosis;
pub mod draft_record;
pub mod embed;
pub mod explain;
pub mod handout;
pub mod link_code;
pub mod marking;
pub mod report;
pub mod report_csv;
pub(crate) mod report_read;
pub mod review;
pub mod same_report;
pub mod sandbox;
pub mod scenario_events;
pub mod scenario_tables;
pub mod scorm;
pub mod scorm_rte;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod setup_link;
pub mod share;
pub mod table_drawing;
pub mod warnings;
pub mod warnings_scenario;
pub mod workbench;
