//! Units: an army is a disc, a fleet a hull, both in the power's colour
//! with the power's initial, so that colour is never the only cue.

use super::Scene;
use super::layout::Layout;
use super::palette;
use super::svg::{Svg, esc, num};
use crate::engine::map::{Map, PowerId, UnitType};
use crate::engine::phase::PhaseKind;
use std::fmt::Write;

/// Where a unit dislodged in the last movement stands in a retreat
/// phase's picture, relative to its province's point (the attacker has
/// its place).
pub const DISLODGED_OFFSET: (f64, f64) = (15.0, -15.0);

/// A power's initial on its units: the first letter of its name, or the
/// first two when another power of the map shares the first.
pub fn initial(map: &Map, power: PowerId) -> String {
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
pub fn symbol(
    o: &mut String,
    map: &Map,
    id: &str,
    class: &str,
    unit_type: UnitType,
    power: PowerId,
    (x, y): (f64, f64),
    scale: f64,
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
    let _ = write!(
        o,
        "<text y=\"{dy}\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text></g>",
        esc(&initial(map, power))
    );
    o.push('\n');
}

/// Every unit of the position, and in a retreat phase its dislodged
/// units beside the units that dislodged them.
pub fn draw_all(s: &mut Svg, map: &Map, layout: &Layout, scene: &Scene<'_>) {
    let mut o = String::new();
    o.push_str("<g id=\"units\">\n");
    for u in &scene.position.units {
        let abbr = &map.province(u.location.province).abbr;
        symbol(
            &mut o,
            map,
            &format!("unit-{abbr}"),
            "",
            u.unit_type,
            u.power,
            layout.point(u.location),
            1.0,
        );
    }
    if scene.position.phase.kind == PhaseKind::Retreat {
        for d in &scene.position.dislodged {
            let u = &d.unit;
            let abbr = &map.province(u.location.province).abbr;
            let (x, y) = layout.point(u.location);
            let p = (x + DISLODGED_OFFSET.0, y + DISLODGED_OFFSET.1);
            let _ = write!(
                o,
                "<circle class=\"dislodged-ring\" cx=\"{}\" cy=\"{}\" r=\"15\" fill=\"#FFFFFF\" fill-opacity=\"0.7\" stroke=\"#111111\" stroke-width=\"1.6\" stroke-dasharray=\"3 2\"/>",
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
            );
        }
    }
    o.push_str("</g>\n");
    s.push(&o);
}
