//! The worked examples in `tests/espionage/*.toml`, run as scenario files.

use super::*;

fn scenario_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/espionage");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

fn strings(v: &toml::Value) -> Vec<String> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

fn json_strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// Checks one scenario's JSON against its `[expect]` table.
fn check_scenario(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.display();
    let expect: toml::Table = toml::from_str::<toml::Table>(&text).unwrap()["expect"]
        .as_table()
        .unwrap_or_else(|| panic!("{name}: no [expect]"))
        .clone();
    let run = Scenario::parse(&text)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .run();
    let out = run.to_json();
    let esp = &out["espionage"];
    for (key, want) in &expect {
        match key.as_str() {
            "public" | "exposed" | "spy_organisations" => {
                assert_eq!(json_strings(&esp[key]), strings(want), "{name}: {key}");
            }
            "private" | "adjudicated" => {
                for (power, lines) in want.as_table().unwrap() {
                    assert_eq!(
                        json_strings(&esp[key][power]),
                        strings(lines),
                        "{name}: {key}.{power}"
                    );
                }
            }
            "units" => {
                for (power, list) in want.as_table().unwrap() {
                    assert_eq!(
                        json_strings(&out["units"][power]),
                        strings(list),
                        "{name}: units.{power}"
                    );
                }
            }
            outcome @ ("replaced" | "succeeds" | "fails" | "invalid") => {
                for order in strings(want) {
                    let hit = out["results"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|r| r["order"] == order.as_str())
                        .unwrap_or_else(|| panic!("{name}: no result for {order}"));
                    assert_eq!(hit["outcome"], outcome, "{name}: {order}: {hit}");
                }
            }
            other => panic!("{name}: unknown [expect] key {other}"),
        }
    }
}

#[test]
fn worked_examples_and_scenarios() {
    let files = scenario_files();
    assert!(files.len() >= 4);
    for f in &files {
        check_scenario(f);
    }
}
