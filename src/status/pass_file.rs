//! The pass file: where `dipspy serve` records a pass that the database
//! could not take (its disk full, the database damaged), so that
//! `dipspy status` still reports the failure. It lies beside the database
//! (`judge.db.last-pass`), is made at its full size when the judge starts,
//! and is written over in place, so that recording in it needs no new room
//! on a full disk. `dipspy status` reads whichever of the two records is
//! later.

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The file's size, made at once: its record is cut to fit.
const SIZE: usize = 8192;

/// The first line of a record.
const HEAD: &str = "dipspy pass";

/// The pass file of the database `db`.
pub fn pass_file(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_os_string();
    name.push(".last-pass");
    PathBuf::from(name)
}

/// Makes the pass file at its full size (mode 0600), holding no record,
/// unless it is there already.
pub fn prepare_pass_file(file: &Path) -> std::io::Result<()> {
    match crate::files::create_private(file) {
        Ok(mut f) => {
            f.write_all(&[b'\n'; SIZE])?;
            f.sync_all()
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

/// Records a pass that ended at `now` with `failures`, written over the
/// file's bytes in place (made first if need be).
pub fn record_pass_in_file(
    file: &Path,
    now: chrono::DateTime<chrono::Utc>,
    failures: &[String],
) -> std::io::Result<()> {
    prepare_pass_file(file)?;
    let mut text = format!("{HEAD}\n{}\n", crate::store::time_text(now));
    for f in failures {
        // One failure a line, whatever it holds.
        let line: String = f.chars().map(|c| if c == '\n' { ' ' } else { c }).collect();
        text.push_str(&line);
        text.push('\n');
    }
    let mut bytes = text.into_bytes();
    if bytes.len() > SIZE {
        bytes.truncate(SIZE);
        // Cut at a character's start, ending the last line there.
        while !bytes.is_empty() && std::str::from_utf8(&bytes).is_err() {
            bytes.pop();
        }
    }
    bytes.resize(SIZE, b'\n');
    let mut f = std::fs::OpenOptions::new().write(true).open(file)?;
    f.seek(SeekFrom::Start(0))?;
    f.write_all(&bytes)?;
    f.sync_data()
}

/// The pass recorded in the file, if it holds one: when it ended, and
/// what failed in it.
pub fn read_pass_file(file: &Path) -> Option<(String, Vec<String>)> {
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .ok()?
        .take(SIZE as u64)
        .read_to_end(&mut bytes)
        .ok()?;
    let text = String::from_utf8_lossy(&bytes);
    let mut lines = text.lines();
    if lines.next() != Some(HEAD) {
        return None;
    }
    let when = lines.next()?.trim().to_string();
    crate::store::parse_time(&when)?;
    let failures = lines
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    Some((when, failures))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_written_over_the_file_in_place_and_read_back() {
        let d = tempfile::tempdir().unwrap();
        let f = pass_file(&d.path().join("j.db"));
        assert_eq!(f, d.path().join("j.db.last-pass"));
        prepare_pass_file(&f).unwrap();
        assert_eq!(std::fs::metadata(&f).unwrap().len(), SIZE as u64);
        assert_eq!(read_pass_file(&f), None);
        let t = crate::store::parse_time("2025-03-01T10:00:00Z").unwrap();
        let long = "x".repeat(3 * SIZE);
        record_pass_in_file(&f, t, &["disk full".into(), "a\nb".into(), long]).unwrap();
        assert_eq!(std::fs::metadata(&f).unwrap().len(), SIZE as u64);
        let (when, failures) = read_pass_file(&f).unwrap();
        assert_eq!(when, "2025-03-01T10:00:00Z");
        assert_eq!(failures[..2], ["disk full".to_string(), "a b".to_string()]);
        record_pass_in_file(&f, t, &["shorter".into()]).unwrap();
        assert_eq!(read_pass_file(&f).unwrap().1, ["shorter".to_string()]);
    }
}
