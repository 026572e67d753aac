//! `dipspy secret-log --public-key`, `--verify` and `--verify-export`: the
//! judge's key, the log checked against it (or against the public key the
//! master was given), and an export checked with nothing but the file and
//! a public key.

use crate::game::Store;
use crate::game::{self, GameError};
use crate::secretlog;
use ed25519_dalek::VerifyingKey;
use std::path::Path;
use std::process::ExitCode;

/// Prints the public key of the judge's head key. Never makes one: a
/// missing, unreadable or too open key file is an error naming it.
pub(super) fn public_key(key_file: &Path) -> ExitCode {
    match secretlog::load(key_file) {
        Ok(k) => {
            outln!("{}", secretlog::public_hex(&k));
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("dipspy: {e}");
            ExitCode::from(1)
        }
    }
}

/// The public key to check heads with: `--key` (hex or a file holding
/// it), else the judge's key file. Why not, in one line.
fn public(given: Option<&str>, key_file: &Path) -> Result<VerifyingKey, String> {
    match given {
        Some(k) => secretlog::given_public(k).map_err(|e| e.to_string()),
        None => secretlog::load(key_file)
            .map(|k| k.verifying_key())
            .map_err(|e| e.to_string()),
    }
}

/// `secret-log NAME --verify [--against FILE] [--key HEX|FILE]`: exit
/// status 1 naming the first break, or a key or mail that cannot be used.
pub(super) fn verify(
    st: &Store,
    name: &str,
    against: Option<&Path>,
    given: Option<&str>,
) -> Result<ExitCode, GameError> {
    let public = match public(given, st.head_key()) {
        Ok(p) => p,
        Err(e) => {
            errln!("dipspy: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mailed = match against {
        None => Vec::new(),
        Some(f) => match secretlog::read_mailed(f) {
            Ok(m) => m,
            Err(e) => {
                errln!(
                    "dipspy: {}: cannot read the saved head mails: {e}",
                    f.display()
                );
                return Ok(ExitCode::from(1));
            }
        },
    };
    let v = game::verify_secret_log(st, name, &public, &mailed)?;
    if against.is_some() && v.mailed_heads == 0 {
        if v.mailed_elsewhere > 0 {
            outln!(
                "No signed head of game {name} was found in the saved mail: its {} heads of a game {name} were signed for another game of that name (another database).",
                v.mailed_elsewhere
            );
        } else {
            outln!("No signed head of game {name} was found in the saved mail.");
        }
        return Ok(ExitCode::from(1));
    }
    let whose = if given.is_some() {
        "the public key given"
    } else {
        "the judge's key"
    };
    Ok(match &v.first_problem {
        None => {
            outln!(
                "Secret log of game {name}: {} entries, the hash chain is intact; {} signed heads and {} mailed heads check with {whose}, and every processed phase has its head.",
                v.entries,
                v.signed_heads,
                v.mailed_heads
            );
            ExitCode::SUCCESS
        }
        Some((seq, what)) => {
            outln!("Secret log of game {name} is damaged at entry {seq}: {what}.");
            ExitCode::from(1)
        }
    })
}

/// Checks an export: with `--key` (hex or a file holding it), else with
/// the judge's own key file.
pub(super) fn verify_export(file: &Path, given: Option<&str>, key_file: &Path) -> ExitCode {
    // A key given or found that cannot be used: one line, exit status 1,
    // as for --verify.
    let public = match public(given, key_file) {
        Ok(p) => p,
        Err(e) => {
            errln!("dipspy: {e}");
            return ExitCode::from(1);
        }
    };
    let text = match crate::files::read_text_bounded(
        file,
        crate::files::MAX_EXPORT_BYTES,
        "secret-log export",
    ) {
        Ok(t) => t,
        // An export that cannot be read is a damaged export: one line
        // naming the file, exit status 1, as for any other.
        Err(e) => {
            outln!(
                "Export {} does not check: it cannot be read: {e}.",
                file.display()
            );
            return ExitCode::from(1);
        }
    };
    match secretlog::verify_export(&text, &public) {
        Ok(c) => {
            outln!(
                "Export of game {}: entries {} to {} chain to a head signed with the judge's key ({} shown, {} withheld).",
                c.game,
                c.first_seq,
                c.last_seq,
                c.shown,
                c.withheld
            );
            ExitCode::SUCCESS
        }
        Err(why) => {
            outln!("Export {} does not check: {why}.", file.display());
            ExitCode::from(1)
        }
    }
}
