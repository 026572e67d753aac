//! A signed head of the secret log in a mail: to the master after each
//! signing, and to everybody when a finished game publishes its last one
//! (`# mails: signed heads` in the catalogue). The signed block follows
//! the words as it is, for machines to read back.

use super::{Args, Lang};
use crate::game::SignedHead;
use crate::report::Mail;

/// The mail of head `h`: the master's copy, or the `published` one.
pub(crate) fn mail(lang: Lang, h: &SignedHead, published: bool) -> Mail {
    let args = Args::new()
        .str("game", &h.game)
        .str("phase", &h.phase)
        .str(
            "event",
            super::keys::head_event(&h.event)
                .map(|k| super::plain(lang, k))
                .unwrap_or_else(|| h.event.clone()),
        )
        .num("seq", h.last_seq as f64)
        .str("key", &h.public_key);
    let key = if published {
        "mails-head-published"
    } else {
        "mails-head-signed"
    };
    let mut mail = super::mail(lang, key, &args);
    mail.body.push('\n');
    mail.body.push_str(&h.block);
    mail
}
