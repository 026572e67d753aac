//! Exports of the secret log (issue 33): a power's export shows every
//! entry that concerns the power, as actor or subject, chosen from the
//! entries' typed records; an export is checked field by field with the
//! recipe's JSON types, by `dipspy secret-log --verify-export` and by the
//! guide's check script, run here exactly as the guide writes it (taken
//! from docs/secret-log.md, so the two cannot drift) with python3 and openssl, on
//! a good export and on forged ones.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::secret_log_game;
use secret_log_game::G;

fn dipspy(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(db)
        .arg("--now")
        .arg("2026-01-01T00:00:00Z")
        .args(args)
        .output()
        .unwrap()
}

fn public_key(g: &G) -> String {
    let o = dipspy(&g.db, &["secret-log", "--public-key"]);
    assert!(o.status.success(), "{}", out(&o));
    String::from_utf8(o.stdout).unwrap().trim().to_string()
}

fn out(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A Spionage game to Spring 1902: Austria's and Italy's Fakes collide
/// on Russian A war (both exposed), and France's Fake on German A mun is
/// stopped by Germany's Anti against France.
fn spionage_game() -> G {
    secret_log_game::colliding_fakes()
}

fn export(g: &G, name: &str, filter: &[&str]) -> (PathBuf, serde_json::Value) {
    let file = g.dir.path().join(name);
    let mut args = vec!["secret-log", "g", "--export", file.to_str().unwrap()];
    args.extend(filter);
    let o = dipspy(&g.db, &args);
    assert!(o.status.success(), "{}", out(&o));
    let v = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    (file, v)
}

/// The entry of `kind` whose text contains `words`, from the whole log.
fn entry_seq(g: &G, kind: &str, words: &str) -> i64 {
    let o = dipspy(&g.db, &["secret-log", "g", "--json"]);
    let all: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let found: Vec<i64> = all
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == kind && e["text"].as_str().unwrap().contains(words))
        .map(|e| e["seq"].as_i64().unwrap())
        .collect();
    assert_eq!(found.len(), 1, "one {kind} entry with `{words}`: {all:#}");
    found[0]
}

/// The entry of `kind` about `power`, from the whole log.
fn entry_of(g: &G, kind: &str, power: &str) -> i64 {
    let o = dipspy(&g.db, &["secret-log", "g", "--json"]);
    let all: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let found: Vec<i64> = all
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == kind && e["power"] == power)
        .map(|e| e["seq"].as_i64().unwrap())
        .collect();
    assert_eq!(found.len(), 1, "one {kind} entry of {power}: {all:#}");
    found[0]
}

/// Whether the export shows entry `seq` in words (false: withheld or not
/// in its range).
fn shown(export: &serde_json::Value, seq: i64) -> bool {
    export["entries"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["seq"] == seq && e.get("text").is_some())
}

fn withheld(export: &serde_json::Value, seq: i64) -> bool {
    export["entries"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["seq"] == seq && e["withheld"] == true)
}

#[test]
fn a_power_export_shows_the_collision_that_exposed_it_and_the_fake_its_anti_stopped() {
    let g = spionage_game();
    let collision = entry_seq(&g, "collision", "war");
    let stopped = entry_seq(&g, "fake-stopped", "mun");
    let anti = entry_seq(&g, "received", "S A france");
    let (_, austria) = export(&g, "austria.json", &["--power", "austria"]);
    assert!(
        shown(&austria, collision),
        "Austria's export withholds the collision that exposed Austria: {austria:#}"
    );
    // Germany's Anti against France concerns Germany and France only: in
    // Austria's range, it is withheld.
    assert!(withheld(&austria, anti), "{austria:#}");
    let (_, germany) = export(&g, "germany.json", &["--power", "germany"]);
    assert!(
        shown(&germany, stopped),
        "Germany's export withholds France's Fake stopped by Germany's Anti: {germany:#}"
    );
    let (_, italy) = export(&g, "italy.json", &["--power", "italy"]);
    assert!(shown(&italy, collision), "{italy:#}");
    // The judge's view with --power chooses the same way.
    let o = dipspy(&g.db, &["secret-log", "g", "--power", "germany", "--json"]);
    let view: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let seqs: Vec<i64> = view
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_i64().unwrap())
        .collect();
    assert!(seqs.contains(&stopped), "{seqs:?}");
    assert!(!seqs.contains(&collision), "{seqs:?}");
}

#[test]
fn a_spy_order_on_a_unit_concerns_the_units_owner() {
    let mut g = G::new(&["espionnite"]);
    g.submit("france", &["A par - bur", "SPY A mun"]);
    g.submit("germany", &["A mun - ruh"]);
    assert!(g.tick(), "the reaction phase opens");
    let received = entry_seq(&g, "received", "SPY A mun");
    let result = entry_seq(&g, "spy-result", "A mun");
    let (_, germany) = export(&g, "germany.json", &["--power", "germany"]);
    assert!(shown(&germany, received), "{germany:#}");
    assert!(shown(&germany, result), "{germany:#}");
    // What France was told is about Germany's unit.
    let told = entry_of(&g, "told", "france");
    assert!(shown(&germany, told), "{germany:#}");
    // England's report (it gave its spy no order) is not Germany's.
    let england = entry_of(&g, "told", "england");
    assert!(!shown(&germany, england), "{germany:#}");
}

// ------------------------------------------------------------ forged exports

type Forge = fn(&mut serde_json::Value);

/// The index of the first entry matching `f`.
fn find(v: &serde_json::Value, f: impl Fn(&serde_json::Value) -> bool) -> usize {
    v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .position(f)
        .expect("the export has such an entry")
}

/// Forged exports, each with what was done to it.
fn forgeries() -> Vec<(&'static str, Forge)> {
    vec![
        ("a withheld entry's words invented", |v| {
            let i = find(v, |e| e["withheld"] == true);
            let e = &mut v["entries"][i];
            let o = e.as_object_mut().unwrap();
            o.remove("withheld");
            o.remove("content");
            for (k, w) in [
                ("phase", "S1902M"),
                ("at", "2025-01-10T12:00:00Z"),
                ("kind", "received"),
                ("power", "germany"),
                ("source", "from germany@example.org"),
                ("text", "Germany sent S F par - bur"),
            ] {
                o.insert(k.into(), w.into());
            }
        }),
        (
            "a withheld entry given words beside its content hash",
            |v| {
                let i = find(v, |e| e["withheld"] == true);
                v["entries"][i]["text"] = "Germany sent S F par - bur".into();
            },
        ),
        ("withheld: 1", |v| {
            let i = find(v, |e| e["withheld"] == true);
            v["entries"][i]["withheld"] = 1.into();
        }),
        ("seq: 5.0", |v| {
            let i = find(v, |e| e.get("text").is_some());
            let seq = v["entries"][i]["seq"].as_i64().unwrap() as f64;
            v["entries"][i]["seq"] = seq.into();
        }),
        ("power: a list where null was signed", |v| {
            let i = find(v, |e| e.get("text").is_some() && e["power"].is_null());
            v["entries"][i]["power"] = serde_json::json!(["france"]);
        }),
        ("recipe: 1.0", |v| {
            let i = find(v, |e| e.get("text").is_some());
            v["entries"][i]["recipe"] = 1.0.into();
        }),
        ("an entry removed", |v| {
            let n = v["entries"].as_array().unwrap().len();
            v["entries"].as_array_mut().unwrap().remove(n / 2);
        }),
        ("a changed text", |v| {
            let i = find(v, |e| e.get("text").is_some());
            let t = format!("{} ", v["entries"][i]["text"].as_str().unwrap());
            v["entries"][i]["text"] = t.into();
        }),
        ("a hash in capitals", |v| {
            let h = v["entries"][0]["hash"].as_str().unwrap().to_uppercase();
            v["entries"][0]["hash"] = h.into();
        }),
        ("an unknown field", |v| {
            v["entries"][0]["note"] = "trust me".into();
        }),
    ]
}

/// France's export, as written and forged each way: (name, file).
fn exports_to_check(g: &G) -> (PathBuf, Vec<(&'static str, PathBuf)>) {
    let (good, v) = export(g, "france.json", &["--power", "france"]);
    let mut forged = Vec::new();
    for (k, (name, forge)) in forgeries().into_iter().enumerate() {
        let mut f = v.clone();
        forge(&mut f);
        assert!(f != v, "{name}: nothing was changed");
        let file = g.dir.path().join(format!("forged-{k}.json"));
        std::fs::write(&file, serde_json::to_string_pretty(&f).unwrap()).unwrap();
        forged.push((name, file));
    }
    (good, forged)
}

#[test]
fn dipspy_rejects_every_forged_export_naming_what_is_wrong() {
    let g = spionage_game();
    let pk = public_key(&g);
    let (good, forged) = exports_to_check(&g);
    let verify = |file: &Path| {
        Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .args([
                "--db",
                "/nonexistent/none.db",
                "secret-log",
                "--verify-export",
            ])
            .arg(file)
            .args(["--key", &pk])
            .output()
            .unwrap()
    };
    let o = verify(&good);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(out(&o).contains("chain to a head signed"), "{}", out(&o));
    for (name, file) in forged {
        let o = verify(&file);
        let text = out(&o);
        assert_eq!(o.status.code(), Some(1), "{name}: {text}");
        assert!(!text.contains("chain to a head signed"), "{name}: {text}");
        assert_eq!(text.lines().count(), 1, "{name}: one line: {text}");
        assert!(text.contains("does not check"), "{name}: {text}");
    }
}

#[test]
fn dipspy_names_the_field_and_entry_of_a_wrong_type() {
    let g = spionage_game();
    let pk = public_key(&g);
    let (_, forged) = exports_to_check(&g);
    let why = |name: &str| {
        let file = &forged.iter().find(|(n, _)| *n == name).unwrap().1;
        let o = Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .args(["secret-log", "--verify-export"])
            .arg(file)
            .args(["--key", &pk])
            .output()
            .unwrap();
        out(&o)
    };
    let t = why("withheld: 1");
    assert!(
        t.contains("`withheld` is an integer (1), the recipe says true"),
        "{t}"
    );
    let t = why("seq: 5.0");
    assert!(
        t.contains("`seq` is a number") && t.contains("an integer"),
        "{t}"
    );
    let t = why("power: a list where null was signed");
    assert!(
        t.contains("`power` is an array") && t.contains("entry "),
        "{t}"
    );
    let t = why("recipe: 1.0");
    assert!(
        t.contains("`recipe` is a number (1.0), the recipe says the integer 1"),
        "{t}"
    );
    let t = why("an unknown field");
    assert!(t.contains("`note`, which the recipe does not know"), "{t}");
}

/// The guide's check script (docs/secret-log.md), exactly as written there.
fn readme_script() -> String {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/secret-log.md"))
            .unwrap();
    let start = "```bash\n#!/usr/bin/env bash\n# check-export.sh";
    let at = readme
        .find(start)
        .expect("docs/secret-log.md has the check-export.sh block");
    let body = &readme[at + "```bash\n".len()..];
    let end = body.find("\n```\n").expect("the block ends");
    body[..end + 1].to_string()
}

#[test]
fn the_readmes_check_script_passes_a_good_export_and_stops_every_forged_one() {
    let g = spionage_game();
    let pk = public_key(&g);
    let (good, forged) = exports_to_check(&g);
    let script = g.dir.path().join("check-export.sh");
    std::fs::write(&script, readme_script()).unwrap();
    // Run where a good run left its files, as a panel would: a forged
    // export must not be passed on the strength of them.
    let here = g.dir.path().join("panel");
    std::fs::create_dir_all(&here).unwrap();
    let run = |file: &Path| {
        Command::new("bash")
            .arg(&script)
            .arg(file)
            .arg(&pk)
            .current_dir(&here)
            .output()
            .unwrap()
    };
    let o = run(&good);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(
        out(&o).contains("Signature Verified Successfully"),
        "{}",
        out(&o)
    );
    for (name, file) in forged {
        let o = run(&file);
        let text = out(&o);
        assert_ne!(o.status.code(), Some(0), "{name}: {text}");
        assert!(
            !text.contains("Signature Verified Successfully"),
            "{name}: {text}"
        );
        assert!(
            text.contains("the export does not check: "),
            "{name}: {text}"
        );
    }
    // Another key: the chain checks, the signature does not.
    let other = "11".repeat(32);
    let o = Command::new("bash")
        .arg(&script)
        .arg(&good)
        .arg(&other)
        .current_dir(&here)
        .output()
        .unwrap();
    assert_ne!(o.status.code(), Some(0), "{}", out(&o));
    assert!(!out(&o).contains("Signature Verified Successfully"));
    // Without its arguments it says how to run it.
    let o = Command::new("bash")
        .arg(&script)
        .current_dir(&here)
        .output()
        .unwrap();
    assert_ne!(o.status.code(), Some(0));
    assert!(out(&o).contains("usage: check-export.sh"), "{}", out(&o));
}

#[test]
fn an_export_that_cannot_be_read_is_one_line_naming_it_and_exit_status_1() {
    let dir = tempfile::tempdir().unwrap();
    let key = ed25519_dalek::SigningKey::from_bytes(&[7; 32]);
    let pk: String = key
        .verifying_key()
        .as_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let missing = dir.path().join("missing.json");
    let folder = dir.path().join("a-folder.json");
    std::fs::create_dir(&folder).unwrap();
    let binary = dir.path().join("binary.json");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x80, 0x7b]).unwrap();
    for file in [missing, folder, binary] {
        let o = Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .args([
                "--db",
                "/nonexistent/none.db",
                "secret-log",
                "--verify-export",
            ])
            .arg(&file)
            .args(["--key", &pk])
            .output()
            .unwrap();
        let text = out(&o);
        assert_eq!(o.status.code(), Some(1), "{}: {text}", file.display());
        assert_eq!(text.lines().count(), 1, "one line: {text}");
        assert!(
            text.contains(&file.display().to_string()) && text.contains("does not check"),
            "{text}"
        );
    }
}
