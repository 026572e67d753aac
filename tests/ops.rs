//! Running a judge for months (issue 15, in part): a consistent backup of
//! the database while the judge runs, and its restore.

mod common;

use common::Judge;
use std::process::Command;

fn dipspy() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dipspy"))
}

#[test]
fn a_backup_taken_while_the_judge_writes_is_consistent_and_restores() {
    let j = Judge::new();
    j.started_game("g", &[]);
    j.submit("g", "france", &["A par - bur"]);
    let dir = tempfile::tempdir().unwrap();

    // Another writer holds a transaction open: the copy is the database
    // as committed, without the half-done change, and is not held up.
    let writer = j.sqlite();
    writer.execute_batch("BEGIN IMMEDIATE").unwrap();
    writer
        .execute("UPDATE games SET status = 'paused' WHERE name = 'g'", [])
        .unwrap();
    let copy = dir.path().join("copy.db");
    let out = dipspy()
        .arg("--db")
        .arg(&j.db)
        .arg("backup")
        .arg(&copy)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("(1 games,") && said.contains("integrity check ok"),
        "{said}"
    );
    writer.execute_batch("COMMIT").unwrap();

    // The copy is a whole games database: the game as it was, its orders,
    // its history replaying.
    let show = dipspy()
        .arg("--db")
        .arg(&copy)
        .args(["game", "show", "g", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&show.stdout).unwrap();
    assert_eq!(v["status"], "active", "the uncommitted pause is not in it");
    let orders = dipspy()
        .arg("--db")
        .arg(&copy)
        .args(["orders", "show", "g", "france"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&orders.stdout).contains("A par - bur"));
    let replay = dipspy()
        .arg("--db")
        .arg(&copy)
        .args(["game", "replay", "g"])
        .output()
        .unwrap();
    assert!(replay.status.success(), "{replay:?}");

    // A backup never overwrites.
    let again = dipspy()
        .arg("--db")
        .arg(&j.db)
        .arg("backup")
        .arg(&copy)
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));

    // Restore: the copy put in the database's place.
    let restored = dir.path().join("restored.db");
    std::fs::copy(&copy, &restored).unwrap();
    let show = dipspy()
        .arg("--db")
        .arg(&restored)
        .args(["game", "show", "g"])
        .output()
        .unwrap();
    assert!(show.status.success());
}

#[test]
fn a_backup_is_taken_while_dipspy_serve_runs() {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(d.path().join("in/new")).unwrap();
    let cfg = d.path().join("judge.toml");
    std::fs::write(
        &cfg,
        "[database]\npath = \"judge.db\"\n[judge]\naddress = \"judge@example.org\"\n\
         [mail]\ntransport = \"maildir\"\npoll_seconds = 1\n\
         [maildir]\nincoming = \"in\"\noutgoing = \"out\"\n",
    )
    .unwrap();
    let db = d.path().join("judge.db");
    let ok = dipspy()
        .arg("--db")
        .arg(&db)
        .args(["game", "create", "g"])
        .output()
        .unwrap();
    assert!(ok.status.success());
    let mut serve = dipspy()
        .args(["serve", "--config"])
        .arg(&cfg)
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    let out = dipspy()
        .arg("--db")
        .arg(&db)
        .arg("backup")
        .arg(d.path().join("b.db"))
        .output()
        .unwrap();
    let _ = serve.kill();
    let _ = serve.wait();
    assert!(out.status.success(), "{out:?}");
    assert!(d.path().join("b.db").exists());
}
