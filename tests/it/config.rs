//! The configuration file chooses the database; `--db` wins over it.

use std::process::Command;

fn dipspy(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .args(args)
        .output()
        .expect("dipspy runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn config_file_sets_the_database_and_db_flag_overrides_it() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("judge.toml");
    std::fs::write(&config, "[database]\npath = \"from-config.db\"\n").unwrap();
    let c = config.to_str().unwrap();

    let (code, out) = dipspy(&["--config", c, "game", "create", "alpha"]);
    assert_eq!(code, 0, "{out}");
    assert!(dir.path().join("from-config.db").exists());

    let flag_db = dir.path().join("flag.db");
    let f = flag_db.to_str().unwrap();
    let (code, out) = dipspy(&["--config", c, "--db", f, "game", "create", "beta"]);
    assert_eq!(code, 0, "{out}");
    let (_, listed) = dipspy(&["--db", f, "game", "list"]);
    assert!(
        listed.contains("beta") && !listed.contains("alpha"),
        "{listed}"
    );
    let (_, listed) = dipspy(&["--config", c, "game", "list"]);
    assert!(
        listed.contains("alpha") && !listed.contains("beta"),
        "{listed}"
    );
}

#[test]
fn a_broken_config_file_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("judge.toml");
    std::fs::write(&config, "[database]\nfile = \"x.db\"\n").unwrap();
    let (code, out) = dipspy(&["--config", config.to_str().unwrap(), "game", "list"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("judge.toml") && out.contains("line 2"),
        "{out}"
    );
    assert!(!dir.path().join("x.db").exists());
}

/// `dipspy password-hash` prints an argon2 hash the judge accepts for the
/// password read from standard input (for `master_password_hash`).
#[test]
fn password_hash_prints_a_hash_that_verifies() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("password-hash")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"the master's secret\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let hash = String::from_utf8(out.stdout).unwrap();
    let hash = hash.trim();
    assert!(hash.starts_with("$argon2"), "{hash}");
    assert!(dipspy::password::verify_password(
        hash,
        "the master's secret"
    ));
    assert!(!dipspy::password::verify_password(
        hash,
        "the master's secret\n"
    ));
    assert!(!dipspy::password::verify_password(hash, "another"));
}
