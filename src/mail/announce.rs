//! Announcements turned into mail: each put into words for each of its
//! readers in the reader's language, with the pictures drawn again for
//! the languages but English, and queued in the outbox.

use super::MailError;
use super::outbox::{NewMail, queue, reader_lang};
use crate::judge::JudgeSettings;
use crate::store::Attachment;
use crate::store::Tx;
use crate::store::{self, Audience, Store, time_text};
use crate::text::Lang;
use chrono::{DateTime, Utc};

/// Turns every pending announcement into outbox mail for its audience,
/// one transaction per announcement (its mail and its `queued_at` stamp
/// together: a crash leaves it either wholly queued or still pending).
/// Each recipient's mail is put into words here, in the recipient's
/// language (`reader_lang`); a typed announcement stores no words.
/// (What a mail to the judge causes is queued with its reply instead, see
/// `super::caused`.) Returns how many messages were queued.
pub fn queue_announcements(
    st: &mut Store,
    js: &JudgeSettings,
    now: DateTime<Utc>,
) -> Result<usize, MailError> {
    let pending = st.read().pending_announcements()?;
    let mut n = 0;
    for a in pending {
        let span = tracing::info_span!("game", game_id = a.game_id, announcement = a.id);
        let _e = span.enter();
        n += st.write(|c| -> Result<usize, MailError> {
            let Some(mails) = announcement_mails(c, js, &a)? else {
                return Ok(0);
            };
            let mut pictures = Pictures::default();
            for m in &mails {
                let id = queue(
                    c,
                    &NewMail {
                        to: m.to.clone(),
                        subject: m.mail.subject.clone(),
                        body: m.mail.body.clone(),
                        in_reply_to: None,
                        inbox_id: None,
                        announcement_id: Some(a.id),
                    },
                    &js.address,
                    now,
                )?;
                pictures.attach_for(c, &a, m.lang, id)?;
            }
            c.mark_announcement_queued(a.id, &time_text(now))?;
            Ok(mails.len())
        })?;
    }
    Ok(n)
}

/// One reader's mail of an announcement.
pub(super) struct AnnouncementMail {
    pub(super) to: String,
    pub(super) mail: crate::report::Mail,
    pub(super) lang: Lang,
}

/// An announcement put into words for each of its readers, each in the
/// reader's language, rendered once per language; none when its notice
/// does not read (the announcement then stays pending, nothing is lost).
pub(super) fn announcement_mails(
    c: &Tx<'_>,
    js: &JudgeSettings,
    a: &store::AnnouncementRow,
) -> Result<Option<Vec<AnnouncementMail>>, MailError> {
    let to = audience(c, js, a.game_id, &a.audience)?;
    if to.is_empty() {
        tracing::warn!(audience = %a.audience, "announcement has nobody to go to");
    }
    let mut rendered: Vec<(Lang, crate::report::Mail)> = Vec::new();
    let mut mails = Vec::with_capacity(to.len());
    for addr in to {
        let lang = reader_lang(c, js, &a.game, &addr);
        let mail = match rendered.iter().find(|(l, _)| *l == lang) {
            Some((_, m)) => m.clone(),
            None => {
                let Some(m) = crate::text::notice::words(lang, a) else {
                    tracing::error!("announcement left pending: its notice does not read");
                    return Ok(None);
                };
                rendered.push((lang, m.clone()));
                m
            }
        };
        mails.push(AnnouncementMail {
            to: addr,
            mail,
            lang,
        });
    }
    Ok(Some(mails))
}

/// The pictures of an announcement drawn again for each language among
/// its readers but English, once per language (an English reader's mail
/// carries the announcement's own).
#[derive(Default)]
pub(super) struct Pictures {
    drawn: Vec<(Lang, Vec<Attachment>)>,
}

impl Pictures {
    /// The pictures a reader in `lang` gets of `a` in place of its own
    /// (none in the language its own are drawn in, the judge's).
    pub(super) fn for_lang(
        &mut self,
        c: &Tx<'_>,
        a: &store::AnnouncementRow,
        lang: Lang,
    ) -> &[Attachment] {
        if lang == crate::text::JUDGE_ONLY {
            return &[];
        }
        let at = match self.drawn.iter().position(|(l, _)| *l == lang) {
            Some(i) => i,
            None => {
                let f = crate::game::announcement_pictures(c, a, lang).unwrap_or_else(|error| {
                    tracing::warn!(%error, lang = lang.tag(), "the pictures could not be drawn in the reader's language: the announcement's go");
                    Vec::new()
                });
                self.drawn.push((lang, f));
                self.drawn.len() - 1
            }
        };
        &self.drawn[at].1
    }

    /// Attaches to the outbox row `id` the pictures of `a` for a reader
    /// in `lang`.
    pub(super) fn attach_for(
        &mut self,
        c: &Tx<'_>,
        a: &store::AnnouncementRow,
        lang: Lang,
        id: i64,
    ) -> crate::store::DbResult<()> {
        for f in self.for_lang(c, a, lang) {
            c.insert_attachment(crate::store::AttachmentOwner::Outbox(id), f)?;
        }
        Ok(())
    }
}

/// The addresses an announcement goes to, each once.
pub(super) fn audience(
    c: &Tx<'_>,
    js: &JudgeSettings,
    game: i64,
    who: &Audience,
) -> crate::store::DbResult<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |a: &str| {
        let a = a.trim().to_lowercase();
        if !a.is_empty() && !out.contains(&a) {
            out.push(a);
        }
    };
    let powers = c.powers(game)?;
    let master = |add: &mut dyn FnMut(&str)| match &js.master_address {
        Some(m) => add(m),
        None => add(&js.address),
    };
    match who.clone() {
        // `all+master`: the master too, whatever `master_copies` says;
        // `all-but-master`: never the master (it gets its own copy).
        w @ (Audience::All
        | Audience::Players
        | Audience::AllAndMaster
        | Audience::AllButMaster) => {
            for p in &powers {
                if let Some(e) = &p.email {
                    add(e);
                }
            }
            if w != Audience::Players {
                for o in c.observers(game)? {
                    add(&o);
                }
            }
            if (w == Audience::AllAndMaster || (w == Audience::All && js.master_copies))
                && let Some(m) = &js.master_address
            {
                add(m);
            }
        }
        Audience::Address(a) => add(&a),
        Audience::Judge | Audience::Master => master(&mut add),
        Audience::Power(power) => {
            for p in &powers {
                if p.power.eq_ignore_ascii_case(&power)
                    && let Some(e) = &p.email
                {
                    add(e);
                }
            }
        }
    }
    Ok(out)
}

/// The announcements of game `game` the mail sends to `address` (by the
/// rule the mail loop queues them by: one source of truth for who reads
/// what), oldest first. The power's pages show a power only these.
pub fn mailed_to(
    c: &Tx<'_>,
    js: &JudgeSettings,
    game: i64,
    address: &str,
) -> crate::store::DbResult<Vec<store::AnnouncementRow>> {
    let address = address.trim().to_lowercase();
    let mut out = Vec::new();
    for a in c.announcements(game)? {
        if audience(c, js, game, &a.audience)?.contains(&address) {
            out.push(a);
        }
    }
    Ok(out)
}
