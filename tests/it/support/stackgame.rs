//! What the games played over the real mail stack share
//! (`lang_game`, `mail_game_e2e`): the players on the stack's mailboxes
//! with the passwords of [`super::mailgame`], the game master, and the
//! judge's configuration with the master in it.

use super::mailstack::{JUDGE, MailStack};
use super::password::argon2_hash;
use std::path::PathBuf;

pub(crate) use super::mailgame::{POWERS, letter, pw};

pub(crate) const MASTER: &str = "master@example.org";
pub(crate) const MASTER_PW: &str = "the-masters-word";
pub(crate) const GAME: &str = "g";

/// A power's player: a mailbox on the stack.
pub(crate) fn addr(power: &str) -> String {
    format!("{power}@example.org")
}

/// The judge's configuration on `stack` (with `extra` appended, as
/// [`MailStack::judge_config`] takes it), the master's address and the
/// hash of [`MASTER_PW`] added under `[judge]`.
pub(crate) fn judge_config_with_master(stack: &MailStack, extra: &str) -> PathBuf {
    let cfg = stack.judge_config(extra);
    let text = std::fs::read_to_string(&cfg).unwrap();
    let judge_line = format!("address = \"{JUDGE}\"\n");
    assert!(text.contains(&judge_line));
    let text = text.replacen(
        &judge_line,
        &format!(
            "{judge_line}master_address = \"{MASTER}\"\nmaster_password_hash = \"{}\"\n",
            argon2_hash(MASTER_PW)
        ),
        1,
    );
    std::fs::write(&cfg, text).unwrap();
    cfg
}
