//! The guide keeps its promises (issue 36, item 5): every relative link of
//! README.md and docs/*.md leads to a file (and to a heading, when it
//! names one), every shell example the guide marks as runnable runs
//! against the built `dipspy` and prints what the guide shows, README.md
//! stays under 15 KB and each page readable at one sitting, and the
//! players' guide holds HELP's English reply word for word.
//!
//! The markers, as `docs/README.md` explains them: a ```` ```sh ```` block
//! right after a line `<!-- runnable -->` is run by `bash -e -o pipefail`
//! in a fresh directory (with `fixtures/` of this repository beside it and
//! the built `dipspy` first on `PATH`) and must exit 0; when the next thing
//! after it is a line `<!-- output -->` and a ```` ```text ```` block, the
//! example's standard output must be that block exactly. The HELP reply
//! stands in `docs/players.md` in a ```` ```text ```` block between
//! `<!-- help:en -->` and `<!-- /help:en -->`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// README.md must stay under this many bytes.
const README_LIMIT: usize = 15_000;
/// A page of the guide must stay under this many bytes.
const PAGE_LIMIT: usize = 25_000;

/// README.md and every page of `docs/`, as (path, text).
fn pages(root: &Path) -> Vec<(PathBuf, String)> {
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap_or_else(|e| panic!("{}/docs: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
        .into_iter()
        .map(|p| {
            let text =
                std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, text)
        })
        .collect()
}

/// The lines of a Markdown text outside fenced code blocks, numbered from 1.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            out.push((i + 1, line));
        }
    }
    out
}

/// A line with its code spans blanked out, so that `[a](b)` inside
/// backquotes is not taken for a link.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
            out.push(' ');
        } else if in_code {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// The link targets of one line: what stands in `](...)`.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut out = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) => {
                let target = after[..end].split_whitespace().next().unwrap_or("");
                out.push(target.to_string());
                rest = &after[end..];
            }
            None => break,
        }
    }
    out
}

/// GitHub's anchor for a heading: lower case, letters, digits, `-` and `_`
/// kept, spaces made `-`, everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors a page's headings give, a repeated one numbered as GitHub
/// numbers it (`name`, `name-1`, ...).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..]);
        let mut name = base.clone();
        let mut n = 0;
        while out.contains(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        out.insert(name);
    }
    out
}

/// Every relative link of the pages that leads nowhere, as
/// `FILE:LINE: TARGET: why`.
fn broken_links(root: &Path) -> Vec<String> {
    let mut wrong = Vec::new();
    for (page, text) in pages(root) {
        let dir = page.parent().unwrap();
        let shown = page.strip_prefix(root).unwrap().display().to_string();
        for (n, line) in prose_lines(&text) {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, anchor) = match target.split_once('#') {
                    Some((f, a)) => (f, Some(a)),
                    None => (target.as_str(), None),
                };
                let path = if file.is_empty() {
                    page.clone()
                } else {
                    dir.join(file)
                };
                if target.is_empty() || !path.exists() {
                    wrong.push(format!("{shown}:{n}: {target}: no such file"));
                    continue;
                }
                if let Some(anchor) = anchor {
                    let known = std::fs::read_to_string(&path)
                        .map(|t| anchors(&t))
                        .unwrap_or_default();
                    if !known.contains(anchor) {
                        wrong.push(format!("{shown}:{n}: {target}: no heading #{anchor} there"));
                    }
                }
            }
        }
    }
    wrong
}

/// A shell example the guide marks as runnable: where it stands, its
/// script, and the output the guide shows for it, if any.
struct Example {
    at: String,
    script: String,
    output: Option<String>,
}

/// The fenced block that opens at `lines[start]` with `opening`: its text
/// and the index of the line after its closing fence.
fn block(lines: &[&str], start: usize, opening: &str) -> Option<(String, usize)> {
    if lines.get(start).map(|l| l.trim_end()) != Some(opening) {
        return None;
    }
    let mut text = String::new();
    for (i, line) in lines.iter().enumerate().skip(start + 1) {
        if line.trim_end() == "```" {
            return Some((text, i + 1));
        }
        text.push_str(line);
        text.push('\n');
    }
    None
}

/// Every runnable example of the pages, or what is wrong with a marker.
fn examples(root: &Path) -> Result<Vec<Example>, String> {
    let mut out = Vec::new();
    for (page, text) in pages(root) {
        let shown = page.strip_prefix(root).unwrap().display().to_string();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.trim() != "<!-- runnable -->" {
                continue;
            }
            let at = format!("{shown}:{}", i + 1);
            let (script, next) = block(&lines, i + 1, "```sh").ok_or_else(|| {
                format!("{at}: `<!-- runnable -->` is not followed by a ```sh block")
            })?;
            let mut j = next;
            while lines.get(j).is_some_and(|l| l.trim().is_empty()) {
                j += 1;
            }
            let output = if lines.get(j).map(|l| l.trim()) == Some("<!-- output -->") {
                let (o, _) = block(&lines, j + 1, "```text").ok_or_else(|| {
                    format!("{at}: `<!-- output -->` is not followed by a ```text block")
                })?;
                Some(o)
            } else {
                None
            };
            out.push(Example { at, script, output });
        }
    }
    Ok(out)
}

/// Runs one example in a fresh directory with `fixtures/` beside it and
/// `dipspy` on the PATH; what went wrong, if anything.
fn run(example: &Example, dipspy: &Path) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join(".bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(dipspy, bin.join("dipspy")).unwrap();
    std::os::unix::fs::symlink(
        Path::new(ROOT).join("fixtures"),
        dir.path().join("fixtures"),
    )
    .unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .args(["-e", "-o", "pipefail", "-c", &example.script])
        .current_dir(dir.path())
        .env("PATH", path)
        .env_remove("DIPSPY_LOG")
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Some(format!(
            "{}: exit status {:?}\n--- script\n{}--- stdout\n{stdout}--- stderr\n{stderr}",
            example.at,
            out.status.code(),
            example.script
        ));
    }
    match &example.output {
        Some(want) if *want != stdout => Some(format!(
            "{}: the output differs from the guide's\n--- the guide shows\n{want}--- the example printed\n{stdout}",
            example.at
        )),
        _ => None,
    }
}

/// The HELP reply as `docs/players.md` gives it, between its markers.
fn help_in_guide(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let open = lines.iter().position(|l| l.trim() == "<!-- help:en -->")?;
    let close = lines.iter().position(|l| l.trim() == "<!-- /help:en -->")?;
    let start = (open + 1..close).find(|&i| !lines[i].trim().is_empty())?;
    let (help, end) = block(&lines, start, "```text")?;
    (lines[end..close].iter().all(|l| l.trim().is_empty())).then_some(help)
}

#[test]
fn every_relative_link_of_the_guide_leads_to_a_file_and_heading() {
    let wrong = broken_links(Path::new(ROOT));
    assert!(wrong.is_empty(), "broken links:\n  {}", wrong.join("\n  "));
}

#[test]
fn every_runnable_example_of_the_guide_runs_and_prints_what_it_shows() {
    let list = examples(Path::new(ROOT)).unwrap_or_else(|e| panic!("{e}"));
    // The guide marks at least the demo, a scenario, a game, the secret
    // log's check and a configuration check as runnable.
    assert!(list.len() >= 5, "only {} runnable examples", list.len());
    let dipspy = Path::new(env!("CARGO_BIN_EXE_dipspy"));
    let wrong: Vec<String> = list.iter().filter_map(|e| run(e, dipspy)).collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

/// The pages over their limit, as `FILE: N bytes, the limit is L`.
fn oversized(root: &Path) -> Vec<String> {
    pages(root)
        .into_iter()
        .filter_map(|(page, text)| {
            let limit = if page == root.join("README.md") {
                README_LIMIT
            } else {
                PAGE_LIMIT
            };
            let shown = page.strip_prefix(root).unwrap().display().to_string();
            (text.len() >= limit)
                .then(|| format!("{shown}: {} bytes, the limit is {limit}", text.len()))
        })
        .collect()
}

#[test]
fn the_readme_is_short_and_each_page_readable_at_one_sitting() {
    let wrong = oversized(Path::new(ROOT));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_players_guide_gives_the_words_of_help() {
    let page = Path::new(ROOT).join("docs/players.md");
    let text = std::fs::read_to_string(&page).unwrap();
    let guide = help_in_guide(&text).expect(
        "docs/players.md holds a ```text block between <!-- help:en --> and <!-- /help:en -->",
    );
    let mut help = dipspy::text::help(dipspy::text::Lang::En);
    if !help.ends_with('\n') {
        help.push('\n');
    }
    if guide != help {
        let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("help-en.txt");
        std::fs::write(&file, &help).unwrap();
        panic!(
            "docs/players.md's HELP is not the judge's; the judge's HELP is in {}",
            file.display()
        );
    }
}

// The checks check: each is shown a planted break.

/// A tree of pages to plant breaks in: README.md and docs/ in a temp dir.
fn planted(readme: &str, page: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("docs")).unwrap();
    std::fs::write(dir.path().join("README.md"), readme).unwrap();
    std::fs::write(dir.path().join("docs/page.md"), page).unwrap();
    dir
}

#[test]
fn a_link_to_a_missing_file_or_heading_is_caught() {
    let page = "# A page\n\n## Two words\n\nSee [up](../README.md) and [here](#two-words).\n";
    let good = planted("# R\n\n[p](docs/page.md#a-page) `[no](nothing.md)`\n", page);
    assert_eq!(broken_links(good.path()), Vec::<String>::new());
    let bad = planted(
        "# R\n\n[p](docs/pages.md) [q](docs/page.md#three-words)\n\n```\n[x](y.md)\n```\n",
        "# A page\n\n[r](#nowhere)\n",
    );
    assert_eq!(
        broken_links(bad.path()),
        vec![
            "README.md:3: docs/pages.md: no such file",
            "README.md:3: docs/page.md#three-words: no heading #three-words there",
            "docs/page.md:3: #nowhere: no heading #nowhere there",
        ]
    );
}

#[test]
fn a_failing_example_and_a_wrong_output_are_caught() {
    let page = "# P\n\n<!-- runnable -->\n```sh\necho one\nfalse\necho two\n```\n\n\
                <!-- runnable -->\n```sh\necho hello\n```\n<!-- output -->\n```text\nhullo\n```\n\n\
                <!-- runnable -->\n```sh\necho fine\n```\n<!-- output -->\n```text\nfine\n```\n";
    let dir = planted("# R\n", page);
    let list = examples(dir.path()).unwrap();
    assert_eq!(list.len(), 3);
    let dipspy = Path::new(env!("CARGO_BIN_EXE_dipspy"));
    let failed = run(&list[0], dipspy).expect("a failing command fails the example");
    assert!(
        failed.contains("docs/page.md:3: exit status Some(1)"),
        "{failed}"
    );
    let differs = run(&list[1], dipspy).expect("a wrong output fails the example");
    assert!(differs.contains("the output differs"), "{differs}");
    assert_eq!(run(&list[2], dipspy), None);
    let lost = planted("# R\n", "<!-- runnable -->\n```bash\ntrue\n```\n");
    assert!(examples(lost.path()).is_err());
}

#[test]
fn an_overlong_page_is_caught() {
    let at_limit = "x".repeat(README_LIMIT);
    let dir = planted(&at_limit[1..], &"y".repeat(PAGE_LIMIT - 1));
    assert_eq!(oversized(dir.path()), Vec::<String>::new());
    let dir = planted(&at_limit, &"y".repeat(PAGE_LIMIT));
    assert_eq!(
        oversized(dir.path()),
        vec![
            format!("README.md: {README_LIMIT} bytes, the limit is {README_LIMIT}"),
            format!("docs/page.md: {PAGE_LIMIT} bytes, the limit is {PAGE_LIMIT}"),
        ]
    );
}

#[test]
fn the_help_block_is_found_only_between_its_markers() {
    let page = "x\n<!-- help:en -->\n\n```text\nHELP\n  two\n```\n\n<!-- /help:en -->\n";
    assert_eq!(help_in_guide(page).as_deref(), Some("HELP\n  two\n"));
    assert_eq!(help_in_guide("```text\nHELP\n```\n"), None);
    let unclosed = "<!-- help:en -->\n```text\nHELP\n```\nmore\n<!-- /help:en -->\n";
    assert_eq!(help_in_guide(unclosed), None);
}
