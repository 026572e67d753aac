//! Units: an army is a disc, a fleet a hull, both in the power's colour
//! with the power's initial, so that colour is never the only cue.

use super::Scene;
use super::palette;
use super::place::Placement;
use super::svg::{Svg, esc, num};
use crate::engine::{Map, PowerId, UnitType};
use std::fmt::Write;

/// A power's initial on its units: the first letter of its name, or the
/// first two when another power of the map shares the first.
pub(super) fn initial(map: &Map, power: PowerId) -> String {
    let name = map.power(power).display_name();
    let first: String = name.chars().take(1).collect();
    let shared = map
        .powers()
        .iter()
        .filter(|p| p.display_name().chars().take(1).collect::<String>() == first)
        .count()
        > 1;
    if shared {
        name.chars().take(2).collect()
    } else {
        first
    }
}

/// Writes one unit symbol centred on (x, y).
#[allow(clippy::too_many_arguments)]
pub(super) fn symbol(
    o: &mut String,
    map: &Map,
    id: &str,
    class: &str,
    unit_type: UnitType,
    power: PowerId,
    (x, y): (f64, f64),
    scale: f64,
    glyphs: bool,
) {
    let i = power.0 as usize;
    let colour = palette::power(i);
    let ink = palette::ink_on(i);
    let kind = match unit_type {
        UnitType::Army => "army",
        UnitType::Fleet => "fleet",
    };
    let _ = write!(
        o,
        "<g id=\"{}\" class=\"unit {kind} {} {class}\" transform=\"translate({} {}){}\">",
        esc(id),
        esc(&map.power(power).name),
        num(x),
        num(y),
        if scale == 1.0 {
            String::new()
        } else {
            format!(" scale({scale})")
        }
    );
    match unit_type {
        UnitType::Army => {
            let _ = write!(
                o,
                "<circle r=\"11.5\" fill=\"{colour}\" stroke=\"#111111\" stroke-width=\"1.8\"/>"
            );
        }
        UnitType::Fleet => {
            let _ = write!(
                o,
                "<path d=\"M-16 -6H16L10 9H-10Z\" fill=\"{colour}\" stroke=\"#111111\" stroke-width=\"1.8\" stroke-linejoin=\"round\"/>\
                 <path d=\"M0 -6V-14L7 -8\" fill=\"none\" stroke=\"#111111\" stroke-width=\"1.6\"/>"
            );
        }
    }
    let dy = if unit_type == UnitType::Fleet {
        5.5
    } else {
        4.6
    };
    if glyphs {
        let _ = write!(
            o,
            "<path transform=\"translate(0 {dy})\" d=\"{}\" fill=\"{ink}\"/></g>",
            super::glyphs::outline(&initial(map, power), "13", super::glyphs::Weight::Bold)
        );
    } else {
        let _ = write!(
            o,
            "<text y=\"{dy}\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text></g>",
            esc(&initial(map, power))
        );
    }
    o.push('\n');
}

/// Every unit of the picture where [`place`] put it; a dislodged unit
/// smaller, in a dashed ring, beside the unit that dislodged it.
///
/// [`place`]: super::place
pub(super) fn draw_all(s: &mut Svg, map: &Map, scene: &Scene<'_>, placed: &Placement) {
    let _ = scene;
    let mut o = String::new();
    o.push_str("<g id=\"units\">\n");
    for u in placed.units.iter().filter(|u| !u.dislodged) {
        let abbr = &map.province(u.unit.location.province).abbr;
        if u.removed {
            o.push_str("<g opacity=\"0.45\">");
        }
        symbol(
            &mut o,
            map,
            &format!("{}-{abbr}", if u.removed { "removed" } else { "unit" }),
            if u.removed { "removed" } else { "" },
            u.unit.unit_type,
            u.unit.power,
            u.at,
            1.0,
            s.raster,
        );
        if u.removed {
            o.push_str("</g>");
        }
    }
    for d in placed.units.iter().filter(|u| u.dislodged) {
        let u = &d.unit;
        let abbr = &map.province(u.location.province).abbr;
        let p = d.at;
        let _ = write!(
            o,
            "<circle class=\"dislodged-ring\" cx=\"{}\" cy=\"{}\" r=\"16\" fill=\"#FFFFFF\" fill-opacity=\"0.7\" stroke=\"#111111\" stroke-width=\"1.6\" stroke-dasharray=\"3 2\"/>",
            num(p.0),
            num(p.1)
        );
        symbol(
            &mut o,
            map,
            &format!("dislodged-{abbr}"),
            "dislodged",
            u.unit_type,
            u.power,
            p,
            0.85,
            s.raster,
        );
    }
    o.push_str("</g>\n");
    s.push(&o);
}
