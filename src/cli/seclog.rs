//! `dipspy secret-log --public-key` and `--verify-export`: the judge's
//! key, and an export checked with nothing but the file and a public key.

use crate::secretlog::{export, key};
use std::path::Path;
use std::process::ExitCode;

/// Prints the public key of the judge's head key (made on first use).
pub(super) fn public_key(key_file: &Path) -> ExitCode {
    match key::load_or_create(key_file) {
        Ok(k) => {
            outln!("{}", key::public_hex(&k));
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("dipspy: {e}");
            ExitCode::from(1)
        }
    }
}

/// Checks an export: with `--key` (hex or a file holding it), else with
/// the judge's own key file.
pub(super) fn verify_export(file: &Path, given: Option<&str>, key_file: &Path) -> ExitCode {
    let public = match given {
        Some(k) => {
            let text = if Path::new(k).is_file() {
                match crate::files::read_text_bounded(
                    Path::new(k),
                    crate::files::MAX_KEY_BYTES,
                    "key file",
                ) {
                    Ok(t) => t,
                    Err(e) => {
                        errln!("dipspy: {e}");
                        return ExitCode::from(2);
                    }
                }
            } else {
                k.to_string()
            };
            match key::parse_public(&text) {
                Some(p) => p,
                None => {
                    errln!("dipspy: --key `{k}`: not an Ed25519 public key (64 hex digits)");
                    return ExitCode::from(2);
                }
            }
        }
        None => match key::load(key_file) {
            Ok(k) => k.verifying_key(),
            Err(e) => {
                errln!("dipspy: {e}; give the judge's public key with --key");
                return ExitCode::from(2);
            }
        },
    };
    let text = match crate::files::read_text_bounded(
        file,
        crate::files::MAX_EXPORT_BYTES,
        "secret-log export",
    ) {
        Ok(t) => t,
        Err(e) => {
            errln!("dipspy: cannot read the export: {e}");
            return ExitCode::from(2);
        }
    };
    match export::verify_export(&text, &public) {
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
