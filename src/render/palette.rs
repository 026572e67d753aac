//! Colours, and the rule they keep (issue 24).
//!
//! **The contrast rule.** Colours are compared as CIELAB colours (D65,
//! sRGB), by their distance ΔE*ab (CIE 1976), seen four ways: with
//! normal colour vision and as simulated for protanopia, deuteranopia
//! and tritanopia (Machado, Oliveira and Fernandes 2009, full severity,
//! applied in linear RGB). Under every one of the four:
//!
//! * any two powers' colours differ by at least [`MIN_POWER_DE`];
//! * a power's colour differs from the sea and from unowned land by at
//!   least [`MIN_GROUND_DE`];
//! * a power's tint (its provinces) differs from the sea and from
//!   unowned land by at least [`MIN_TINT_DE`], so that no power's land
//!   reads as sea (the seas carry lines as well);
//!
//! and the initial written on a unit contrasts with the unit's colour by
//! at least [`MIN_INK_CONTRAST`] (the WCAG luminance ratio).
//! [`check`] applies the rule; the tests apply it to every built-in
//! map's powers. The colours were chosen to keep the traditional hues
//! (Austria red, England purple, France blue, Germany grey, Italy green,
//! Turkey yellow) while keeping the rule, and no two of them both
//! near black.

/// Two powers' colours differ by at least this ΔE*ab.
#[cfg(test)]
pub(super) const MIN_POWER_DE: f64 = 25.0;
/// A power's colour differs from the sea and unowned land by this.
#[cfg(test)]
pub(super) const MIN_GROUND_DE: f64 = 30.0;
/// A power's tint differs from the sea and unowned land by this.
#[cfg(test)]
pub(super) const MIN_TINT_DE: f64 = 12.0;
/// The unit's initial against the unit's colour (WCAG contrast ratio).
#[cfg(test)]
pub(super) const MIN_INK_CONTRAST: f64 = 4.5;

const COLOURS: [&str; 10] = [
    "#990000", // red: Austria
    "#770066", // purple: England
    "#4433BB", // blue: France
    "#553333", // dark grey-brown: Germany
    "#00DD77", // green: Italy
    "#DD66EE", // orchid: Russia
    "#FFBB22", // yellow: Turkey
    "#DD6622", // orange
    "#997766", // light brown
    "#5599AA", // steel blue-green
];

/// How many powers have a colour of their own; a map of more powers
/// reuses them (every unit carries its power's initial as well).
#[cfg(test)]
pub(super) const DISTINCT_POWERS: usize = COLOURS.len();

/// A power's strong colour (units, arrows, legend), by power index.
pub fn power(i: usize) -> &'static str {
    COLOURS[i % COLOURS.len()]
}

/// The light tint of a power's colour used for its provinces.
pub(super) fn tint(i: usize) -> String {
    mix(power(i), 0.6)
}

const DARK_INK: &str = "#111111";
const LIGHT_INK: &str = "#FFFFFF";

/// The text colour that reads on a power's strong colour: of dark and
/// white, the one of higher contrast.
pub(super) fn ink_on(i: usize) -> &'static str {
    let c = power(i);
    if contrast(c, DARK_INK) >= contrast(c, LIGHT_INK) {
        DARK_INK
    } else {
        LIGHT_INK
    }
}

/// Land that belongs to no power.
pub(super) const LAND: &str = "#F2ECDD";
/// Seas.
pub(super) const SEA: &str = "#D9E7F0";
/// The lines drawn over seas, so that a sea never looks like a power's
/// province whatever one's colour vision.
pub(super) const SEA_LINES: &str = "#B3CCDD";
/// Impassable land.
pub(super) const IMPASSABLE: &str = "#CBC4B3";
/// Outside the board.
pub(super) const VOID: &str = "#FFFFFF";
/// Borders and text.
pub(super) const INK: &str = "#333333";

fn rgb(hex: &str) -> (u8, u8, u8) {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    ((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// `hex` mixed with white: `amount` of the colour, the rest white.
fn mix(hex: &str, amount: f64) -> String {
    let (r, g, b) = rgb(hex);
    let m = |c: u8| (c as f64 * amount + 255.0 * (1.0 - amount)).round() as u8;
    format!("#{:02X}{:02X}{:02X}", m(r), m(g), m(b))
}

/// A way of seeing colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg(test)]
pub(super) enum Vision {
    Normal,
    Protanopia,
    Deuteranopia,
    Tritanopia,
}

#[cfg(test)]
impl Vision {
    pub(super) const ALL: [Vision; 4] = [
        Vision::Normal,
        Vision::Protanopia,
        Vision::Deuteranopia,
        Vision::Tritanopia,
    ];

    /// Machado et al. (2009), severity 1, on linear RGB.
    fn matrix(self) -> Option<[[f64; 3]; 3]> {
        match self {
            Vision::Normal => None,
            Vision::Protanopia => Some([
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ]),
            Vision::Deuteranopia => Some([
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ]),
            Vision::Tritanopia => Some([
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ]),
        }
    }
}

fn linear(hex: &str) -> [f64; 3] {
    let (r, g, b) = rgb(hex);
    let f = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    [f(r), f(g), f(b)]
}

/// The relative luminance (WCAG) of a colour.
fn luminance(hex: &str) -> f64 {
    let [r, g, b] = linear(hex);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// The WCAG contrast ratio of two colours (1 to 21).
pub(super) fn contrast(a: &str, b: &str) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// A colour in CIELAB as seen with `vision`.
#[cfg(test)]
pub(super) fn lab(hex: &str, vision: Vision) -> [f64; 3] {
    let mut c = linear(hex);
    if let Some(m) = vision.matrix() {
        let s = c;
        for (i, row) in m.iter().enumerate() {
            c[i] = (row[0] * s[0] + row[1] * s[1] + row[2] * s[2]).clamp(0.0, 1.0);
        }
    }
    let [r, g, b] = c;
    let x = 0.4124 * r + 0.3576 * g + 0.1805 * b;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = 0.0193 * r + 0.1192 * g + 0.9505 * b;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The smallest ΔE*ab between two colours over the four ways of seeing.
#[cfg(test)]
pub(super) fn delta_e(a: &str, b: &str) -> f64 {
    Vision::ALL
        .iter()
        .map(|&v| {
            let (p, q) = (lab(a, v), lab(b, v));
            ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Where the colours of `powers` powers break the contrast rule, one
/// line per breach (empty when they keep it).
#[cfg(test)]
pub(super) fn check(powers: usize) -> Vec<String> {
    let mut out = Vec::new();
    let n = powers.min(DISTINCT_POWERS);
    for i in 0..n {
        for j in i + 1..n {
            let d = delta_e(power(i), power(j));
            if d < MIN_POWER_DE {
                out.push(format!("powers {i} and {j}: ΔE {d:.1}"));
            }
        }
        for (what, ground) in [("sea", SEA), ("land", LAND)] {
            let d = delta_e(power(i), ground);
            if d < MIN_GROUND_DE {
                out.push(format!("power {i} against the {what}: ΔE {d:.1}"));
            }
            let d = delta_e(&tint(i), ground);
            if d < MIN_TINT_DE {
                out.push(format!("power {i}'s tint against the {what}: ΔE {d:.1}"));
            }
        }
        let c = contrast(power(i), ink_on(i));
        if c < MIN_INK_CONTRAST {
            out.push(format!("power {i}'s initial: contrast {c:.1}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BUILTIN_MAPS, Map};

    #[test]
    fn every_built_in_maps_powers_keep_the_contrast_rule() {
        for (name, _) in BUILTIN_MAPS {
            let map = Map::by_variant(name).unwrap();
            let n = map.powers().len();
            assert!(n <= DISTINCT_POWERS, "{name} has more powers than colours");
            assert_eq!(check(n), Vec::<String>::new(), "{name}");
        }
    }

    #[test]
    fn russia_does_not_read_as_sea_nor_germany_as_ukraine() {
        let std = Map::standard();
        let russia = std.power_by_name("russia").unwrap().0 as usize;
        assert!(delta_e(&tint(russia), SEA) >= MIN_TINT_DE);
        assert!(delta_e(power(russia), SEA) >= MIN_GROUND_DE);
        let modern = Map::by_variant("modern").unwrap();
        let g = modern.power_by_name("germany").unwrap().0 as usize;
        let u = modern.power_by_name("ukraine").unwrap().0 as usize;
        assert!(delta_e(power(g), power(u)) >= MIN_POWER_DE);
    }

    #[test]
    fn the_rule_notices_colours_too_alike() {
        // A dark grey and a dark brown, and the old Russia's light cyan against the
        // sea.
        assert!(delta_e("#444444", "#551100") < MIN_POWER_DE);
        assert!(delta_e(&mix("#66CCEE", 0.6), SEA) < MIN_TINT_DE);
        // Red and green are told apart with normal vision, barely under
        // deuteranopia: the smallest of the four counts.
        let normal = {
            let (p, q) = (
                lab("#CC4444", Vision::Normal),
                lab("#44AA44", Vision::Normal),
            );
            ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
        };
        assert!(delta_e("#CC4444", "#44AA44") < normal);
    }

    #[test]
    fn a_tint_is_lighter_than_its_colour() {
        for i in 0..DISTINCT_POWERS {
            let (colour, light) = (power(i), tint(i));
            assert!(
                luminance(&light) > luminance(colour) + 0.1,
                "power {i}: tint {light} is not clearly lighter than {colour}"
            );
            // Lighter by mixing with white: no channel darker, so the
            // province keeps its power's hue.
            let ((r, g, b), (tr, tg, tb)) = (rgb(colour), rgb(&light));
            assert!(
                tr >= r && tg >= g && tb >= b,
                "power {i}: {light} vs {colour}"
            );
        }
        assert_eq!(ink_on(3), "#FFFFFF");
        assert_eq!(ink_on(6), "#111111");
        assert!(luminance(&tint(3)) > luminance(power(3)));
    }
}
