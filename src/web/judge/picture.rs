//! The judge's picture of a phase: the board as the results draw it,
//! with the phase's espionage on it and listed beside it (the picture
//! `dipspy secret-log NAME --phase P --map OUT` draws, in the reader's
//! language), and the phase's entries under it. An image (`role="img"`)
//! named by its `<title>` and described by the list of its marks.

use super::timeline::{Group, Judge, answer, groups};
use super::words::Frame;
use crate::game::{self, Lang, Store};
use crate::text::Args;
use crate::text::web as words;
use crate::web::site::WebError;
use crate::web::views::xml_text;
use askama::Template;
use askama_web::WebTemplate;
use axum::extract::Path;
use axum::response::Response;

/// `/judge/games/{name}/phases/{phase}`.
#[derive(Template, WebTemplate)]
#[template(path = "judge/phase.html")]
pub(super) struct PhasePage {
    f: Frame,
    csrf: String,
    game: String,
    svg: String,
    marks: Vec<String>,
    group: Option<Group>,
}

/// `GET /judge/games/{name}/phases/{phase}`.
pub(super) async fn phase(j: Judge, Path((name, phase)): Path<(String, String)>) -> Response {
    let (lang, csrf) = (j.lang, j.open.csrf.clone());
    let made = j
        .site
        .read(move |st, _| phase_page(st, &name, &phase, lang, csrf))
        .await;
    answer(lang, made)
}

fn phase_page(
    st: &Store,
    name: &str,
    phase: &str,
    lang: Lang,
    csrf: String,
) -> Result<PhasePage, WebError> {
    let pic = game::phase_picture(st, name, Some(phase))?;
    let code = pic.position.phase.to_string();
    let long = words::phase(lang, &code);
    let args = Args::new().str("game", name).str("phase", long);
    let title = words::words(lang, "web-judge-phase-title", &args);
    let svg_title = words::words(lang, "web-judge-picture-title", &args);
    let scene = pic.judge_scene().in_lang(lang);
    let svg = inline(&crate::render::render_svg(pic.map, &scene), &svg_title);
    let marks = pic
        .judge_marks()
        .into_iter()
        .map(|m| super::timeline::visible(&m.text))
        .collect();
    let rows = game::secret_log(st, name, Some(&code), None)?;
    Ok(PhasePage {
        f: Frame::new(lang, title, &format!("/judge/games/{name}/phases/{code}")),
        csrf,
        game: name.to_string(),
        svg,
        marks,
        group: groups(name, &rows, lang).into_iter().next(),
    })
}

/// The SVG made an image of the page: its root given the role and the
/// names, its `<title>` first inside it.
fn inline(svg: &str, title: &str) -> String {
    let attrs = "role=\"img\" aria-labelledby=\"judge-board-title\" \
                 aria-describedby=\"board-summary\" class=\"board\"";
    let title = format!(
        "<title id=\"judge-board-title\">{}</title>",
        xml_text(title)
    );
    match svg
        .strip_prefix("<svg ")
        .and_then(|rest| rest.split_once('>'))
    {
        Some((head, body)) => format!("<svg {attrs} {head}>{title}{body}"),
        None => format!("<svg {attrs}>{title}{svg}</svg>"),
    }
}
