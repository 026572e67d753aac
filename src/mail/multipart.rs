//! A mail with files: the plain text unchanged, an HTML alternative that
//! shows the picture of the board inline under the same text, and each
//! other file attached.
//!
//! ```text
//! multipart/mixed
//!   multipart/alternative
//!     text/plain            the body, as in a mail without pictures
//!     multipart/related
//!       text/html           the body in <pre>, then <img src="cid:...">
//!       image/png (inline, with its file name)
//!   image/svg+xml (attachment, when the game asks for it)
//! ```
//!
//! The picture travels once (issue 24): inline with a Content-ID and a
//! file name. A mail client that shows HTML shows it under the text; one
//! that shows only the plain text lists it as a file to open or save,
//! because the part carries its name. Attaching it a second time only
//! doubled the mail's size.

use crate::store::Attachment;
use lettre::message::header::ContentType;
use lettre::message::{Attachment as Part, MultiPart, SinglePart};

/// The Content-ID of the inline picture.
pub(crate) const INLINE_ID: &str = "board@dipspy";

/// The body as HTML, with the picture `inline` above it when there is
/// one: its alternative text is the picture's own description, in its
/// reader's words (`render::png::description`), or none.
fn html(body: &str, inline: Option<&Attachment>) -> String {
    let text = escaped(body);
    let img = match inline {
        Some(a) => {
            let alt = crate::render::description(&a.data).unwrap_or_default();
            format!(
                "<p><img src=\"cid:{INLINE_ID}\" alt=\"{}\" style=\"max-width:100%;height:auto\"></p>\n",
                escaped(&alt).replace('"', "&quot;")
            )
        }
        None => String::new(),
    };
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n{img}<pre style=\"font-family:monospace\">{text}</pre>\n</body></html>\n"
    )
}

/// `s` with `&`, `<` and `>` written as HTML entities.
fn escaped(s: &str) -> String {
    let mut text = String::with_capacity(s.len() + 64);
    for c in s.chars() {
        match c {
            '&' => text.push_str("&amp;"),
            '<' => text.push_str("&lt;"),
            '>' => text.push_str("&gt;"),
            c => text.push(c),
        }
    }
    text
}

fn content_type(a: &Attachment) -> ContentType {
    ContentType::parse(&a.content_type)
        .unwrap_or(ContentType::parse("application/octet-stream").expect("a valid content type"))
}

/// The body and the files as one multipart/mixed.
pub(crate) fn with_attachments(body: &str, files: &[Attachment]) -> MultiPart {
    let inline = files.iter().find(|a| a.inline);
    let text = SinglePart::plain(body.to_string());
    let alternative = match inline {
        Some(a) => MultiPart::alternative().singlepart(text).multipart(
            MultiPart::related()
                .singlepart(SinglePart::html(html(body, Some(a))))
                .singlepart(
                    Part::new_inline_with_name(INLINE_ID.to_string(), a.filename.clone())
                        .body(a.data.clone(), content_type(a)),
                ),
        ),
        None => MultiPart::alternative()
            .singlepart(text)
            .singlepart(SinglePart::html(html(body, None))),
    };
    let mut mixed = MultiPart::mixed().multipart(alternative);
    for a in files
        .iter()
        .filter(|a| !inline.is_some_and(|i| std::ptr::eq(*a, i)))
    {
        mixed =
            mixed.singlepart(Part::new(a.filename.clone()).body(a.data.clone(), content_type(a)));
    }
    mixed
}
