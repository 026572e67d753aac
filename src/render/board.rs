//! The board: provinces coloured by the owner of their supply centre,
//! seas and land told apart, impassable land, supply-centre markers and
//! the provinces' abbreviations.

use super::glyphs;
use super::layout::Layout;
use super::palette;
use super::place::Placement;
use super::svg::{Svg, esc, num};
use crate::engine::Position;
use crate::engine::{Map, ProvinceKind};
use std::fmt::Write;

/// The label of a province as written on the board: `Par`, `NAt`... the
/// abbreviation with a capital first letter.
pub(super) fn label_text(abbr: &str) -> String {
    let mut c = abbr.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Approximate width of a label in picture units (DejaVu Sans Bold).
pub(super) fn label_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.68
}

pub(super) const LABEL_SIZE: f64 = 12.5;

pub(super) fn draw(s: &mut Svg, map: &Map, layout: &Layout, pos: &Position) {
    let mut o = String::with_capacity(120_000);
    draw_water(&mut o, layout);
    draw_provinces(&mut o, map, layout, |p| {
        pos.owner(p).map(|owner| palette::tint(owner.0 as usize))
    });
    s.push(&o);
}

/// The fill of a land province: its owner's tint when it is a supply
/// centre owned (`owned` gives the tint of a province's owner), else
/// the land's colour.
pub(super) fn land_fill(p: &crate::engine::Province, owned: Option<String>) -> String {
    match owned {
        Some(tint) if p.supply_center => tint,
        _ => palette::LAND.to_string(),
    }
}

/// The water under everything: seas, their lines, impassable land.
pub(super) fn draw_water(o: &mut String, layout: &Layout) {
    // Seas: a pale blue crossed by thin lines, so that a sea never looks
    // like a power's province whatever one's colour vision. The lines are
    // drawn once over the whole board; land covers them.
    let _ = writeln!(
        o,
        "<rect id=\"water\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
        if layout.schematic {
            palette::VOID
        } else {
            palette::SEA
        },
        w = num(layout.width),
        h = num(layout.height),
    );
    let waves = |o: &mut String| {
        let mut d = String::new();
        let mut y = 5.5;
        while y < layout.height {
            let _ = write!(d, "M0 {}H{}", num(y), num(layout.width));
            y += 7.0;
        }
        let _ = writeln!(
            o,
            "<path id=\"waves\" d=\"{d}\" stroke=\"{}\" stroke-width=\"1\"/>",
            palette::SEA_LINES
        );
    };
    if !layout.schematic {
        waves(o);
    }
    if !layout.impassable.is_empty() {
        let _ = writeln!(
            o,
            "<path id=\"impassable\" d=\"{}\" fill=\"{}\" fill-rule=\"evenodd\" stroke=\"#8A8375\" stroke-width=\"0.7\"/>",
            layout.impassable,
            palette::IMPASSABLE
        );
    }
}

/// Every province's outline, filled: seas bare (their water shows),
/// land in [`land_fill`], `tint_of` giving the tint of a province's
/// owner.
pub(super) fn draw_provinces(
    o: &mut String,
    map: &Map,
    layout: &Layout,
    tint_of: impl Fn(crate::engine::ProvinceId) -> Option<String>,
) {
    o.push_str("<g id=\"provinces\" stroke-linejoin=\"round\">\n");
    for p in map.provinces() {
        let shape = &layout.provinces[p.id.0 as usize];
        let (class, fill, stroke) = match p.kind {
            ProvinceKind::Sea if layout.schematic => ("sea", palette::SEA.to_string(), "#7E9DB3"),
            ProvinceKind::Sea => ("sea", "none".to_string(), "#7E9DB3"),
            _ => ("land", land_fill(p, tint_of(p.id)), "#5E5A52"),
        };
        let _ = writeln!(
            o,
            "<path id=\"prov-{}\" class=\"province {class}\" d=\"{}\" fill=\"{fill}\" fill-rule=\"evenodd\" stroke=\"{stroke}\" stroke-width=\"1\"/>",
            esc(&p.abbr),
            shape.path
        );
    }
    o.push_str("</g>\n");
}

/// The provinces' names and centre markers, where [`place`] put them
/// (drawn over the orders and units: nothing covers a name).
///
/// [`place`]: super::place
pub(super) fn draw_labels(s: &mut Svg, map: &Map, pos: &Position, placed: &Placement) {
    let mut o = String::with_capacity(40_000);
    o.push_str("<g id=\"labels\" font-weight=\"bold\" text-anchor=\"middle\">\n");
    for p in map.provinces() {
        let text = label_text(&p.abbr);
        let (x, y) = placed.labels[p.id.0 as usize];
        let colour = if p.kind == ProvinceKind::Sea {
            "#2F5673"
        } else {
            palette::INK
        };
        let paint = format!(
            "fill=\"{colour}\" stroke=\"#FFFFFF\" stroke-width=\"2.6\" stroke-opacity=\"0.85\" paint-order=\"stroke\""
        );
        if s.raster {
            let _ = writeln!(
                o,
                "<path id=\"label-{}\" transform=\"translate({} {})\" d=\"{}\" {paint}/>",
                esc(&p.abbr),
                num(x),
                num(y + LABEL_SIZE * 0.36),
                glyphs::outline(&text, &num(LABEL_SIZE), glyphs::Weight::Bold),
            );
        } else {
            let _ = writeln!(
                o,
                "<text id=\"label-{}\" x=\"{}\" y=\"{}\" font-size=\"{}\" {paint}>{}</text>",
                esc(&p.abbr),
                num(x),
                num(y + LABEL_SIZE * 0.36),
                num(LABEL_SIZE),
                esc(&text)
            );
        }
        if let Some((cx, cy)) = placed.centres[p.id.0 as usize] {
            let fill = match pos.owner(p.id) {
                Some(owner) => palette::power(owner.0 as usize).to_string(),
                None => "#FFFFFF".to_string(),
            };
            let _ = writeln!(
                o,
                "<circle id=\"sc-{}\" class=\"centre\" cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"{fill}\" stroke=\"#222222\" stroke-width=\"1.6\"/>",
                esc(&p.abbr),
                num(cx),
                num(cy)
            );
        }
    }
    o.push_str("</g>\n");
    s.push(&o);
}
