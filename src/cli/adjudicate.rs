//! `dipspy adjudicate`: one phase read from a scenario file, adjudicated
//! and printed (with its espionage, and drawn when asked).

use super::{picture, print_json};
use crate::report::ReportLine;
use crate::scenario::Scenario;
use crate::text::results::phase_report_en;
use std::path::Path;
use std::process::ExitCode;

pub(super) fn adjudicate(file: &Path, json: bool, map: Option<&Path>) -> ExitCode {
    let name = file.display();
    let limit = crate::files::MAX_SCENARIO_BYTES;
    let text = match crate::files::read_bounded(file, limit, "a scenario") {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(_) => {
                errln!("{name}: line 1: the file is not UTF-8 text");
                return ExitCode::from(2);
            }
        },
        Err(e @ crate::files::ReadError::Io { .. }) => {
            errln!("{name}: line 1: cannot read the file: {e}");
            return ExitCode::from(2);
        }
        Err(e) => {
            errln!("dipspy: {e}");
            return ExitCode::from(2);
        }
    };
    let scenario = match Scenario::parse(&text) {
        Ok(s) => s,
        Err(e) => {
            errln!("{name}: {e}");
            return ExitCode::from(2);
        }
    };
    let run = scenario.run();
    if json {
        print_json(&run.to_json());
    } else {
        let lines: Vec<ReportLine> = run
            .lines()
            .into_iter()
            .map(|(power, text, result)| ReportLine {
                power,
                text,
                result,
            })
            .collect();
        out!(
            "{}",
            phase_report_en(
                run.scenario.map,
                &run.scenario.position,
                &lines,
                &run.adjudication
            )
        );
        if let Some(e) = &run.espionage {
            out!("{}", espionage_report(run.scenario.map, e));
        }
        let notes: Vec<&str> = run
            .scenario
            .orders
            .iter()
            .filter_map(|o| o.note.as_deref())
            .collect();
        if !notes.is_empty() {
            outln!("\nNotes:");
            for n in notes {
                outln!("  {n}");
            }
        }
    }
    if let Some(out) = map {
        let title = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        return picture::adjudicated(&run, &title, out);
    }
    ExitCode::SUCCESS
}

/// The espionage part of `dipspy adjudicate`'s text report: what the
/// public results print, what each power is told, the judge's secret log.
fn espionage_report(map: &crate::engine::Map, e: &crate::engine::Resolution) -> String {
    let mut out = String::from("\nEspionage, public:\n");
    let en = crate::text::Lang::En;
    for l in crate::text::espionage::public_lines(en, map, &e.public) {
        out.push_str(&format!("  {l}\n"));
    }
    for (p, lines) in &e.private {
        out.push_str(&format!("Told {} only:\n", map.power(*p).display_name()));
        for l in crate::text::espionage::told_all(en, map, lines) {
            out.push_str(&format!("  {l}\n"));
        }
    }
    out.push_str("Secret log:\n");
    for s in &e.secret {
        let text = crate::text::espionage::secret_text(en, map, s);
        out.push_str(&format!("  [{}] {text}\n", s.kind.as_str()));
    }
    out
}
