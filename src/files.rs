//! The judge's own files, read and written with care: every read has a
//! size limit and refuses what is not a regular file (a FIFO or a device
//! would hang or never end), and every file that may hold a secret is
//! created readable by its owner only (0600), whatever the umask.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

/// The most a scenario file (`dipspy adjudicate`) may hold.
pub const MAX_SCENARIO_BYTES: u64 = 1024 * 1024;
/// The most a configuration file may hold.
pub const MAX_CONFIG_BYTES: u64 = 256 * 1024;
/// The most a map file of the maps directory may hold.
pub const MAX_MAP_BYTES: u64 = 4 * 1024 * 1024;
/// The most an orders file (`dipspy orders submit`) may hold.
pub const MAX_ORDERS_BYTES: u64 = 256 * 1024;
/// The most a password (`dipspy password-hash`) may be.
pub const MAX_PASSWORD_BYTES: u64 = 1024;
/// The most a certificate file (`ca_file`) may hold.
pub const MAX_CA_BYTES: u64 = 1024 * 1024;
/// A secret-log export checked with `--verify-export`, and each saved
/// head mail read by `--verify --against`.
pub const MAX_EXPORT_BYTES: u64 = 256 * 1024 * 1024;
/// A public key given as a file (`--key FILE`).
pub const MAX_KEY_BYTES: u64 = 4 * 1024;

/// `O_NONBLOCK` (the same on every Linux architecture dipspy builds for):
/// opening a FIFO that slipped in after the check does not wait for a
/// writer.
const O_NONBLOCK: i32 = 0o4000;

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The path is not a regular file.
    #[error("{path}: not a regular file ({kind}); give a plain file")]
    NotAFile {
        /// The path as given.
        path: String,
        /// What it is instead (`a directory`, `a named pipe`, ...).
        kind: &'static str,
    },
    /// The file is larger than its use allows.
    #[error("{path}: too large for {what}: more than {limit} bytes")]
    TooLarge {
        /// The path as given.
        path: String,
        /// What the file was to be used as (`a map file`, `key file`).
        what: &'static str,
        /// The largest size allowed, in bytes.
        limit: u64,
    },
    /// The file could not be opened or read.
    #[error("{path}: {source}")]
    Io {
        /// The path as given.
        path: String,
        /// The system's error.
        source: std::io::Error,
    },
}

fn kind_of(t: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a named pipe"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a plain file"
    }
}

/// What `path` is when it exists and is not a regular file (a directory,
/// a named pipe, a device...), following symbolic links.
pub fn not_a_regular_file(path: &Path) -> Option<&'static str> {
    let meta = std::fs::metadata(path).ok()?;
    (!meta.is_file()).then(|| kind_of(meta.file_type()))
}

/// Reads the regular file at `path`, refusing anything else and anything
/// larger than `limit` bytes (`what` names the file's use in the error).
pub fn read_bounded(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, ReadError> {
    let shown = || path.display().to_string();
    let io = |source| ReadError::Io {
        path: shown(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile {
            path: shown(),
            kind: kind_of(meta.file_type()),
        });
    }
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(O_NONBLOCK)
        .open(path)
        .map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile {
            path: shown(),
            kind: kind_of(meta.file_type()),
        });
    }
    let too_large = || ReadError::TooLarge {
        path: shown(),
        what,
        limit,
    };
    if meta.len() > limit {
        return Err(too_large());
    }
    read_limited(file, limit).map_err(io)?.ok_or_else(too_large)
}

/// Reads the regular file at `path` as UTF-8 text (see [`read_bounded`]).
pub fn read_text_bounded(path: &Path, limit: u64, what: &'static str) -> Result<String, ReadError> {
    let bytes = read_bounded(path, limit, what)?;
    String::from_utf8(bytes).map_err(|_| ReadError::Io {
        path: path.display().to_string(),
        source: std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "the file is not UTF-8 text",
        ),
    })
}

/// Reads at most `limit` bytes of `r`: `None` when there is more.
pub fn read_limited(r: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut buf = Vec::new();
    r.take(limit.saturating_add(1)).read_to_end(&mut buf)?;
    Ok((buf.len() as u64 <= limit).then_some(buf))
}

/// Creates the new file `path` (never overwriting) at mode 0600.
pub fn create_private(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
}

/// Writes `bytes` into `path` (replacing what was there), readable by its
/// owner only: a file that existed is set to 0600 before it is written.
pub fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    f.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    f.write_all(bytes)
}

/// Whether the file at `path` can be read by others than its owner (group
/// or world bits).
pub fn readable_by_others(path: &Path) -> std::io::Result<bool> {
    Ok(std::fs::metadata(path)?.permissions().mode() & 0o077 != 0)
}

/// The bytes free for an unprivileged writer on the file system holding
/// `path` (statvfs(3)).
pub fn free_bytes(path: &Path) -> std::io::Result<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    // SAFETY: `c` is a valid NUL-terminated string and `st` a properly
    // sized, writable statvfs that the call fills in.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::statvfs(c.as_ptr(), &mut st) };
    if r != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok((st.f_bavail as u64).saturating_mul(st.f_frsize as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_over_the_limit_and_a_fifo_are_refused() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("f");
        std::fs::write(&f, vec![b'a'; 11]).unwrap();
        assert!(matches!(
            read_bounded(&f, 10, "a test"),
            Err(ReadError::TooLarge { .. })
        ));
        assert_eq!(read_bounded(&f, 11, "a test").unwrap().len(), 11);
        let fifo = d.path().join("p");
        let ok = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(ok.success());
        assert!(matches!(
            read_bounded(&fifo, 10, "a test"),
            Err(ReadError::NotAFile { .. })
        ));
        assert!(matches!(
            read_bounded(Path::new("/dev/zero"), 10, "a test"),
            Err(ReadError::NotAFile { .. })
        ));
    }

    #[test]
    fn private_files_are_0600_whatever_was_there() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("x");
        std::fs::write(&f, b"old").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o644)).unwrap();
        write_private(&f, b"new").unwrap();
        assert_eq!(
            std::fs::metadata(&f).unwrap().permissions().mode() & 0o777,
            0o600
        );
        assert!(!readable_by_others(&f).unwrap());
    }
}
