//! The export download: the file `dipspy secret-log NAME --export FILE
//! [--phase P] [--power P]` writes (the game layer's export, a line feed
//! after it), sent as an attachment.

use super::timeline::{Judge, answer};
use crate::game;
use axum::extract::{Path, Query};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// What the export may be narrowed to, as `--phase` and `--power`.
#[derive(serde::Deserialize, Default)]
pub(super) struct Narrowed {
    #[serde(default)]
    phase: String,
    #[serde(default)]
    power: String,
}

/// `GET /judge/games/{name}/export?phase=&power=`.
pub(super) async fn download(
    j: Judge,
    Path(name): Path<String>,
    Query(n): Query<Narrowed>,
) -> Response {
    let lang = j.lang;
    let Some(now) = j.site.judge().map(|d| d.now()) else {
        return super::timeline::off(lang);
    };
    let made = j
        .site
        .read(move |st, _| {
            let phase = Some(n.phase.as_str()).filter(|p| !p.is_empty());
            let power = Some(n.power.as_str()).filter(|p| !p.is_empty());
            let text = game::export_secret_log(st, &name, phase, power, now)?;
            let file: String = name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
                .collect();
            Ok((file, text + "\n"))
        })
        .await;
    answer(
        lang,
        made.map(|(file, body)| {
            let mut r = body.into_response();
            let h = r.headers_mut();
            h.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json; charset=utf-8"),
            );
            let disposition = format!("attachment; filename=\"{file}-secret-log.json\"");
            if let Ok(v) = HeaderValue::from_str(&disposition) {
                h.insert(header::CONTENT_DISPOSITION, v);
            }
            r
        }),
    )
}
