//! Issue 11's small slips of the judge's command line: each command says
//! what is wrong and exits accordingly, and the master's changes from the
//! command line are announced like those by mail.

use crate::support::common;

use common::Judge;
use std::process::Command;

#[test]
fn orders_submit_exits_1_when_a_line_is_rejected_and_stores_the_others() {
    let j = Judge::new();
    j.started_game("g", &[]);
    let out = j.run_with_input(
        &["orders", "submit", "g", "germany", "-"],
        "F kie - den\nA kie - hol\nA mun - sil\n",
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1 line(s) rejected"), "{err}");
    let shown = j.ok(&["orders", "show", "g", "germany"]);
    assert!(
        shown.contains("F kie - den") && shown.contains("A mun - sil"),
        "{shown}"
    );
    assert!(!shown.contains("hol"), "{shown}");
    let out = j.run_with_input(&["orders", "submit", "g", "germany", "-"], "A ber H\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn history_of_a_phase_never_played_says_so_and_lists_the_phases() {
    let j = Judge::new();
    j.started_game("g", &[]);
    let e = j.fails(&["game", "history", "g", "S1999M"]);
    assert!(
        e.contains("game g has not played S1999M (phases played: S1901M)"),
        "{e}"
    );
    assert!(!e.contains("roll"), "{e}");
}

#[test]
fn processing_a_finished_game_says_it_is_over() {
    let j = Judge::new();
    j.started_game("g", &[]);
    j.ok(&["game", "end", "g"]);
    let e = j.fails(&["game", "process", "g"]);
    assert!(
        e.contains("the game is over (ended by the game master)"),
        "{e}"
    );
    assert!(!e.contains("resume"), "{e}");
}

#[test]
fn the_end_and_a_draw_from_the_command_line_are_announced_with_the_centres() {
    let j = Judge::new();
    j.started_game("g", &[]);
    j.ok(&["game", "end", "g"]);
    // The announcement stores its notice; the body is its words in English.
    let notice: String = j
        .sqlite()
        .query_row(
            "SELECT notice FROM announcements WHERE kind = 'end' AND audience = 'all'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let body = dipspy::text::render_stored_notice(dipspy::text::Lang::En, &notice)
        .expect("the notice reads")
        .body;
    assert!(
        body.contains("Game g is over: ended by the game master."),
        "{body}"
    );
    assert!(body.contains("Russia    4 centres,  4 units"), "{body}");

    let j = Judge::new();
    j.started_game("g", &[]);
    for p in [
        "austria", "england", "france", "germany", "italy", "russia", "turkey",
    ] {
        j.ok(&["game", "draw", "g", "--power", p]);
    }
    // The announcement stores its notice; the body is its words in English.
    let notice: String = j
        .sqlite()
        .query_row(
            "SELECT notice FROM announcements WHERE kind = 'end'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let body = dipspy::text::render_stored_notice(dipspy::text::Lang::En, &notice)
        .expect("the notice reads")
        .body;
    assert!(
        body.contains("a draw between Austria, England, France, Germany, Italy, Russia, Turkey"),
        "{body}"
    );
}

#[test]
fn serve_names_a_missing_maildir_and_exits_non_zero() {
    let d = tempfile::tempdir().unwrap();
    let cfg = d.path().join("judge.toml");
    std::fs::write(
        &cfg,
        "[database]\npath = \"j.db\"\n[judge]\naddress = \"judge@example.org\"\n\
         [mail]\ntransport = \"maildir\"\n[maildir]\nincoming = \"inbox-typo\"\noutgoing = \"out\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .args(["serve", "--once", "--config"])
        .arg(&cfg)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("inbox-typo") && err.contains("does not exist"),
        "{err}"
    );
    assert!(!d.path().join("inbox-typo").exists(), "nothing made up");
}

#[test]
fn logs_carry_no_colour_codes_off_a_terminal_and_can_be_json() {
    let j = Judge::new();
    j.started_game("g", &[]);
    let run = |format: &str| {
        let out = j
            .command(&["--log-format", format, "game", "process", "g"])
            .env("DIPSPY_LOG", "info")
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let text = run("text");
    assert!(text.contains("phase processed"), "{text}");
    assert!(
        !text.contains('\u{1b}'),
        "colour codes in a piped log: {text:?}"
    );
    let json = run("json");
    let line = json
        .lines()
        .find(|l| l.contains("phase processed"))
        .unwrap_or_else(|| panic!("{json}"));
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    assert_eq!(v["level"], "INFO");
    assert_eq!(v["fields"]["message"], "phase processed");
}
