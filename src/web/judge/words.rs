//! The words of the judge's pages: every key their templates
//! (`src/web/templates/judge/`) and code name, written out here (a key
//! of the catalogue is looked for in the code, never assembled), and the
//! page that refuses.

use askama::Template;
use askama_web::WebTemplate;

pub(super) use crate::web::pages::Frame;

/// Every key the judge's templates name (`f.w("…")`); the code names
/// its others where it uses them. Listed for the catalogue's check that
/// every key is used (`text::keys`), which reads the Rust sources only,
/// and checked against the templates by the test below.
#[allow(dead_code)]
pub(super) const KEYS: [&str; 28] = [
    "web-judge-password",
    "web-judge-login",
    "web-judge-logout",
    "web-judge-games-none",
    "web-judge-games-caption",
    "web-judge-col-entries",
    "web-judge-col-seq",
    "web-judge-col-time",
    "web-judge-col-kind",
    "web-judge-col-power",
    "web-judge-col-words",
    "web-judge-col-source",
    "web-judge-games-title",
    "web-judge-verify",
    "web-judge-filters",
    "web-judge-filter-power",
    "web-judge-filter-kind",
    "web-judge-filter-all",
    "web-judge-filter-apply",
    "web-judge-export",
    "web-judge-timeline",
    "web-judge-none",
    "web-judge-back",
    "web-judge-picture-summary",
    "web-judge-picture-none",
    "web-col-game",
    "web-col-rules",
    "web-col-status",
];

/// A page that refuses: its title and why.
#[derive(Template, WebTemplate)]
#[template(path = "judge/refused.html")]
pub(super) struct Refused {
    pub f: Frame,
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::KEYS;
    use crate::game::Lang;

    /// Every `f.w("key")` of the judge's templates.
    fn template_keys() -> Vec<String> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/web/templates/judge");
        let mut keys = Vec::new();
        for e in std::fs::read_dir(dir).expect("the templates") {
            let text = std::fs::read_to_string(e.expect("a file").path()).expect("a template");
            for part in text.split("f.w(\"").skip(1) {
                keys.push(part.split('"').next().unwrap_or("").to_string());
            }
        }
        keys
    }

    #[test]
    fn every_key_of_the_templates_is_listed_and_in_every_language() {
        let keys = template_keys();
        assert!(keys.len() > 20, "{keys:?}");
        for k in &keys {
            if k.starts_with("web-judge-") {
                assert!(KEYS.contains(&k.as_str()), "{k} is not in KEYS");
            }
            for &lang in Lang::ALL {
                assert!(crate::text::has(lang, k), "{k} is not in {}", lang.tag());
            }
        }
        for k in KEYS {
            assert!(keys.iter().any(|t| t == k), "{k} is named by no template");
        }
    }
}
