//! `dipspy secret-log --public-key` and `--verify-export`: the judge's
//! key, and an export checked with nothing but the file and a public key.

use crate::secretlog::{export, key};
use std::path::Path;
use std::process::ExitCode;

/// Prints the public key of the judge's head key (made on first use).
pub(super) fn public_key(key_file: &Path) -> ExitCode {
    match key::load_or_create(key_file) {
        Ok(k) => {
            println!("{}", key::public_hex(&k));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("dipspy: {e}");
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
                std::fs::read_to_string(k).unwrap_or_default()
            } else {
                k.to_string()
            };
            match key::parse_public(&text) {
                Some(p) => p,
                None => {
                    eprintln!("dipspy: --key `{k}`: not an Ed25519 public key (64 hex digits)");
                    return ExitCode::from(2);
                }
            }
        }
        None => match key::load(key_file) {
            Ok(k) => k.verifying_key(),
            Err(e) => {
                eprintln!("dipspy: {e}; give the judge's public key with --key");
                return ExitCode::from(2);
            }
        },
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("dipspy: {}: cannot read the export: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    match export::verify_export(&text, &public) {
        Ok(c) => {
            println!(
                "Export of game {}: entries {} to {} chain to a head signed with the judge's key ({} shown, {} withheld).",
                c.game, c.first_seq, c.last_seq, c.shown, c.withheld
            );
            ExitCode::SUCCESS
        }
        Err(why) => {
            println!("Export {} does not check: {why}.", file.display());
            ExitCode::from(1)
        }
    }
}
