//! Everything one mail to the judge causes, queued in the transaction
//! that handles it, and at most one mail per address: the reply to its
//! sender, the judge's letters (the master told that the master password
//! is locked), and the announcements the handling posted (press, notices,
//! a lock's notice, results). What would have gone to one address as
//! several mails goes as one, its parts one after another, each after the
//! first under its own subject ([`mail-also-heading`]). A mail to an
//! address in no game (not a player, an observer or the master) counts
//! against the judge-wide `stranger_replies_per_hour`, and past it is not
//! sent at all.
//!
//! [`mail-also-heading`]: crate::text

use super::announce::{Pictures, announcement_mails};
use super::outbox::{NewMail, queue_marked, reader_lang_in};
use super::{Limits, MailError};
use crate::judge::{JudgeSettings, Letter};
use crate::store::Tx;
use crate::store::{self, time_text};
use crate::store::{Attachment, AttachmentOwner as Owner};
use crate::text::{self, Args, Lang};
use chrono::{DateTime, Duration, Utc};

/// The mail to the judge that caused what is queued.
pub(super) struct Inbound<'a> {
    /// Its inbox row.
    pub(super) id: i64,
    pub(super) from: &'a str,
    pub(super) message_id: Option<&'a str>,
    /// Its sender was in no game when it came: the reply counts against
    /// the judge-wide limit.
    pub(super) stranger: bool,
}

/// The judge's reply to the sender.
pub(super) struct Answer {
    pub(super) subject: String,
    pub(super) body: String,
    pub(super) attachments: Vec<Attachment>,
}

/// What one mail to the judge caused.
pub(super) struct Caused<'a> {
    /// The reply to it (none when it gets no reply).
    pub(super) answer: Option<Answer>,
    /// The judge's letters to others.
    pub(super) letters: &'a [Letter],
    /// The last announcement posted before it was handled: those after
    /// it were posted while handling it.
    pub(super) announced_after: i64,
}

/// What would have been one mail of its own.
struct Part {
    subject: String,
    body: String,
    /// Its reader's language (for the heading above it).
    lang: Lang,
    /// Its files, when it carries its own (a reply's).
    files: Vec<Attachment>,
    /// The announcement it carries, and its pictures for the reader.
    announcement: Option<(store::AnnouncementRow, Lang)>,
    /// The reply to the inbound mail.
    reply: bool,
}

/// The mails for one address, in the order they were caused.
struct ToOne {
    to: String,
    parts: Vec<Part>,
}

/// Queues what `inbound` caused, one mail per address. Returns how many
/// mails were queued.
pub(super) fn queue_caused(
    c: &Tx<'_>,
    js: &JudgeSettings,
    limits: Limits,
    inbound: &Inbound<'_>,
    caused: Caused<'_>,
    now: DateTime<Utc>,
) -> Result<usize, MailError> {
    let mut mails: Vec<ToOne> = Vec::new();
    if let Some(a) = caused.answer {
        add(
            &mut mails,
            inbound.from,
            Part {
                subject: a.subject,
                body: a.body,
                lang: reader_lang_in(c, js, None, inbound.from),
                files: a.attachments,
                announcement: None,
                reply: true,
            },
        );
    }
    for l in caused.letters {
        let part = Part {
            subject: l.subject.clone(),
            body: l.body.clone(),
            lang: reader_lang_in(c, js, None, &l.to),
            files: Vec::new(),
            announcement: None,
            reply: false,
        };
        add(&mut mails, &l.to, part);
    }
    for a in c.pending_announcements_after(caused.announced_after)? {
        let Some(readers) = announcement_mails(c, js, &a)? else {
            continue;
        };
        for r in readers {
            let part = Part {
                subject: r.mail.subject,
                body: r.mail.body,
                lang: r.lang,
                files: Vec::new(),
                announcement: Some((a.clone(), r.lang)),
                reply: false,
            };
            add(&mut mails, &r.to, part);
        }
        c.mark_announcement_queued(a.id, &time_text(now))?;
    }
    let mut queued = 0;
    for m in mails {
        let sender = m.to.eq_ignore_ascii_case(inbound.from.trim());
        let stranger = if sender {
            inbound.stranger
        } else {
            !in_some_game(c, js, &m.to)?
        };
        if stranger {
            let hour_ago = time_text(now - Duration::hours(1));
            let sent = c.stranger_mails_since(&hour_ago)?;
            if sent >= limits.stranger_replies_per_hour as i64 {
                tracing::warn!(to = %m.to, "not sent: the judge-wide limit on mail to addresses in no game is reached");
                continue;
            }
        }
        queue_one(c, js, inbound, m, stranger, now)?;
        queued += 1;
    }
    Ok(queued)
}

/// Adds `part` to the mail for `to`.
fn add(mails: &mut Vec<ToOne>, to: &str, part: Part) {
    let to = to.trim().to_lowercase();
    match mails.iter_mut().find(|m| m.to == to) {
        Some(m) => m.parts.push(part),
        None => mails.push(ToOne {
            to,
            parts: vec![part],
        }),
    }
}

/// Queues the one mail for an address: its single part as it is, or its
/// parts joined.
fn queue_one(
    c: &Tx<'_>,
    js: &JudgeSettings,
    inbound: &Inbound<'_>,
    m: ToOne,
    stranger: bool,
    now: DateTime<Utc>,
) -> Result<(), MailError> {
    let reply = m.parts.iter().any(|p| p.reply);
    let single = m.parts.len() == 1;
    let mut subject = String::new();
    let mut body = String::new();
    let mut files: Vec<Attachment> = Vec::new();
    let mut announcement_id = None;
    let mut pictures = Pictures::default();
    for (i, p) in m.parts.into_iter().enumerate() {
        if i == 0 {
            subject = p.subject;
        } else {
            let heading = text::render(
                p.lang,
                "mail-also-heading",
                &Args::new().str("subject", p.subject.as_str()),
            );
            body.push_str(&format!(
                "\n{heading}\n{}\n\n",
                "=".repeat(heading.chars().count())
            ));
        }
        body.push_str(&p.body);
        files.extend(p.files);
        if let Some((a, lang)) = &p.announcement {
            // The pictures drawn in the reader's language, if not English.
            // A mail of its own points at its announcement, whose files
            // go with it otherwise; a joined one carries copies of them
            // (and, when it is no reply, points at its first announcement).
            let own = pictures.for_lang(c, a, *lang).to_vec();
            if !single && own.is_empty() {
                files.extend(c.announcement_attachments(a.id)?);
            }
            if !reply && announcement_id.is_none() {
                announcement_id = Some(a.id);
            }
            files.extend(own);
        }
    }
    let id = queue_marked(
        c,
        &NewMail {
            to: m.to,
            subject,
            body,
            in_reply_to: inbound.message_id.filter(|_| reply).map(str::to_string),
            inbox_id: reply.then_some(inbound.id),
            announcement_id,
        },
        &js.address,
        stranger,
        now,
    )?;
    for f in &files {
        c.insert_attachment(Owner::Outbox(id), f)?;
    }
    Ok(())
}

/// Whether `address` plays in or observes a game, or is the master: the
/// same person by [`crate::judge::person::person`].
pub(super) fn in_some_game(
    c: &Tx<'_>,
    js: &JudgeSettings,
    address: &str,
) -> crate::store::DbResult<bool> {
    use crate::judge::person::person as norm;
    let person = norm(address);
    if js
        .master_address
        .as_deref()
        .is_some_and(|m| norm(m) == person)
    {
        return Ok(true);
    }
    // Most mail goes to the very address a player joined with: an address
    // equal to it but for ASCII case is the same person, found without
    // normalising every address on the judge.
    let address = address.trim();
    if c.any_player_email(|e| e.trim().eq_ignore_ascii_case(address))? {
        return Ok(true);
    }
    c.any_player_email(|e| norm(e) == person)
}
