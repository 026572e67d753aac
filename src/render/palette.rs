//! Colours. The powers' colours are Paul Tol's "bright" scheme, chosen to
//! stay distinct for the common kinds of colour blindness (each unit also
//! carries its power's initial, so colour is never the only cue), with
//! Okabe and Ito's orange and a dark grey for maps with more powers.

/// A power's strong colour (units, arrows, legend), by power index.
pub fn power(i: usize) -> &'static str {
    const COLOURS: [&str; 10] = [
        "#EE6677", // red: Austria
        "#AA3377", // purple: England
        "#4477AA", // blue: France
        "#555555", // dark grey: Germany
        "#228833", // green: Italy
        "#66CCEE", // cyan: Russia
        "#CCBB44", // yellow: Turkey
        "#E69F00", // orange
        "#8C564B", // brown
        "#000000",
    ];
    COLOURS[i % COLOURS.len()]
}

/// The light tint of a power's colour used for its provinces.
pub fn tint(i: usize) -> String {
    mix(power(i), 0.6)
}

/// The text colour that reads on a power's strong colour.
pub fn ink_on(i: usize) -> &'static str {
    let (r, g, b) = rgb(power(i));
    if 0.299 * r as f64 + 0.587 * g as f64 + 0.114 * b as f64 > 150.0 {
        "#111111"
    } else {
        "#FFFFFF"
    }
}

/// Land that belongs to no power.
pub const LAND: &str = "#F2ECDD";
/// Seas.
pub const SEA: &str = "#D9E7F0";
/// The lines drawn over seas, so that a sea never looks like a power's
/// province whatever one's colour vision.
pub const SEA_LINES: &str = "#B3CCDD";
/// Impassable land.
pub const IMPASSABLE: &str = "#CBC4B3";
/// Outside the board.
pub const VOID: &str = "#FFFFFF";
/// Borders and text.
pub const INK: &str = "#333333";

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seven_standard_powers_have_seven_different_colours() {
        let mut c: Vec<&str> = (0..7).map(power).collect();
        c.sort();
        c.dedup();
        assert_eq!(c.len(), 7);
    }

    /// Relative luminance (WCAG), 0 for black to 1 for white.
    fn lightness(hex: &str) -> f64 {
        let (r, g, b) = rgb(hex);
        let lin = |c: u8| {
            let c = c as f64 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    #[test]
    fn a_tint_is_lighter_than_its_colour() {
        for i in 0..10 {
            let (colour, light) = (power(i), tint(i));
            assert!(
                lightness(&light) > lightness(colour) + 0.1,
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
    }
}
