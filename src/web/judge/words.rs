//! The page that refuses, in the words of the judge's pages. The keys
//! the templates name (`f.w("…")`) are checked by the catalogue's own
//! tests (`text::keys`), which read the templates too.

use askama::Template;
use askama_web::WebTemplate;

pub(super) use crate::web::pages::Frame;

/// A page that refuses: its title and why.
#[derive(Template, WebTemplate)]
#[template(path = "judge/refused.html")]
pub(super) struct Refused {
    pub f: Frame,
    pub text: String,
}
