//! Espionage in words: a refused spy order ([`rejected`]), what a power is
//! told and the public lines (see the `# espionage` section of the
//! catalogue).

use super::Lang;
use crate::engine::Map;
use crate::engine::{PublicLine, Rejected, SecretEntry, Told};
pub(crate) use crate::game::codes::spy::{public_coded, rejected_coded, told_coded};
use crate::text::Render;

/// A refused spy order as the sender reads it: `why (RULE)`.
pub fn rejected(lang: Lang, map: &Map, r: &Rejected) -> String {
    rejected_coded(map, r).render(lang)
}

/// A line of a power's private spy report, in `lang`.
pub fn told(lang: Lang, map: &Map, t: &Told) -> String {
    told_coded(map, t).render(lang)
}

/// Each of a power's private lines, in `lang`.
pub fn told_all(lang: Lang, map: &Map, lines: &[Told]) -> Vec<String> {
    lines.iter().map(|t| told(lang, map, t)).collect()
}

/// A public line, in `lang`.
pub(crate) fn public_line(lang: Lang, map: &Map, l: &PublicLine) -> String {
    public_coded(map, l).render(lang)
}

/// The public lines, in `lang`.
pub fn public_lines(lang: Lang, map: &Map, lines: &[PublicLine]) -> Vec<String> {
    lines.iter().map(|l| public_line(lang, map, l)).collect()
}

/// A secret log entry as the judge reads it: its text, and for a refused
/// spy order the refusal after it.
pub(crate) fn secret_text(lang: Lang, map: &Map, e: &SecretEntry) -> String {
    let text = super::secret_log::line(lang, map, e);
    match &e.line {
        crate::engine::SecretLine::Rejected { why, .. } => {
            format!("{text}: {}", rejected(lang, map, why))
        }
        _ => text,
    }
}
