//! Phases of the game year: `S1901M`, `F1901R`, `W1901A`.

use std::fmt;

/// The season of a phase, the first letter of its name (`S1901M`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Season {
    /// Spring (`S`).
    Spring,
    /// Fall (`F`).
    Fall,
    /// Winter (`W`).
    Winter,
}

/// What kind of orders a phase takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PhaseKind {
    /// Units move, support, convoy or hold (`M`).
    Movement,
    /// Dislodged units retreat or disband (`R`).
    Retreat,
    /// Powers build or remove units to match their centres (`A`).
    Adjustment,
}

/// The last year a game may play: a game still running after the Winter
/// of this year ends there. Years are written with four digits, and a
/// phase past it is refused when read, so the calendar never wraps.
pub const MAX_YEAR: u16 = 9999;

/// One phase of the game: season, year and kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Phase {
    /// The game year (`1901`), at most [`MAX_YEAR`].
    pub year: u16,
    /// The season.
    pub season: Season,
    /// What kind of orders the phase takes.
    pub kind: PhaseKind,
}

/// (In words: `src/text/error.rs`, which also gives its English `Display`.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseError(pub String);

impl std::error::Error for PhaseError {}

impl Phase {
    /// The phase of that season, year and kind.
    pub fn new(season: Season, year: u16, kind: PhaseKind) -> Phase {
        Phase { year, season, kind }
    }

    /// The first phase of a game on the standard calendar.
    pub fn first(year: u16) -> Phase {
        Phase::new(Season::Spring, year, PhaseKind::Movement)
    }

    /// Reads `S1901M` or the long form `Spring 1901 Movement` (also
    /// `Fall 1901, Retreat`, `Winter 1901 Adjustment`, `Autumn`; jDip's
    /// `Fall 1901 Adjustment` means the Winter adjustment after Fall 1901).
    pub fn parse(s: &str) -> Result<Phase, PhaseError> {
        Phase::parse_upto(s, MAX_YEAR)
    }

    /// Reads a phase the judge stored itself: also the one past the
    /// calendar that holds a game's final position when it ran out of
    /// years (`S10000M`).
    pub fn parse_stored(s: &str) -> Result<Phase, PhaseError> {
        Phase::parse_upto(s, MAX_YEAR + 1)
    }

    fn parse_upto(s: &str, max_year: u16) -> Result<Phase, PhaseError> {
        let err = || PhaseError(s.to_string());
        let t = s.trim();
        let short = t.to_ascii_uppercase();
        if short.len() >= 3 && short.is_ascii() && !short.contains(' ') {
            let (head, rest) = short.split_at(1);
            let (year, tail) = rest.split_at(rest.len() - 1);
            let season = match head {
                "S" => Season::Spring,
                "F" | "A" => Season::Fall,
                "W" => Season::Winter,
                _ => return Err(err()),
            };
            let kind = match tail {
                "M" => PhaseKind::Movement,
                "R" => PhaseKind::Retreat,
                "A" | "B" => PhaseKind::Adjustment,
                _ => return Err(err()),
            };
            let year: u16 = year.parse().map_err(|_| err())?;
            if year > max_year {
                return Err(err());
            }
            return Phase::checked(season, year, kind).ok_or_else(err);
        }
        let words: Vec<String> = t
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(|w| w.to_ascii_lowercase())
            .collect();
        if words.len() != 3 {
            return Err(err());
        }
        let season = match words[0].as_str() {
            "spring" => Season::Spring,
            "fall" | "autumn" => Season::Fall,
            "winter" => Season::Winter,
            _ => return Err(err()),
        };
        let year: u16 = words[1].parse().map_err(|_| err())?;
        if year > max_year {
            return Err(err());
        }
        let kind = match words[2].as_str() {
            "movement" | "moves" | "orders" => PhaseKind::Movement,
            "retreat" | "retreats" => PhaseKind::Retreat,
            "adjustment" | "adjustments" | "builds" | "build" => PhaseKind::Adjustment,
            _ => return Err(err()),
        };
        let season = if kind == PhaseKind::Adjustment {
            Season::Winter
        } else {
            season
        };
        Phase::checked(season, year, kind).ok_or_else(err)
    }

    fn checked(season: Season, year: u16, kind: PhaseKind) -> Option<Phase> {
        let ok = matches!(
            (season, kind),
            (
                Season::Spring | Season::Fall,
                PhaseKind::Movement | PhaseKind::Retreat
            ) | (Season::Winter, PhaseKind::Adjustment)
        );
        ok.then_some(Phase::new(season, year, kind))
    }

    /// The phase that follows on the calendar, whether or not it will be
    /// played (a retreat phase with no dislodged unit is skipped by the game).
    /// After the Winter of [`MAX_YEAR`] it is the Spring of the year after,
    /// which [`Phase::past_the_calendar`] marks and no game plays.
    pub fn next(self) -> Phase {
        use PhaseKind::*;
        use Season::*;
        match (self.season, self.kind) {
            (Spring, Movement) => Phase::new(Spring, self.year, Retreat),
            (Spring, Retreat) => Phase::new(Fall, self.year, Movement),
            (Fall, Movement) => Phase::new(Fall, self.year, Retreat),
            (Fall, Retreat) => Phase::new(Winter, self.year, Adjustment),
            _ => Phase::new(Spring, self.year.saturating_add(1), Movement),
        }
    }

    /// Whether the phase lies after the last year a game may play.
    pub fn past_the_calendar(self) -> bool {
        self.year > MAX_YEAR
    }
}

impl fmt::Display for Phase {
    /// `S1901M`; a year before 1000 with four digits, `S0001M`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.season {
            Season::Spring => 'S',
            Season::Fall => 'F',
            Season::Winter => 'W',
        };
        let k = match self.kind {
            PhaseKind::Movement => 'M',
            PhaseKind::Retreat => 'R',
            PhaseKind::Adjustment => 'A',
        };
        write!(f, "{s}{:04}{k}", self.year)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_forms() {
        let p = Phase::parse("S1901M").unwrap();
        assert_eq!(p, Phase::new(Season::Spring, 1901, PhaseKind::Movement));
        assert_eq!(Phase::parse("Spring 1901 Movement").unwrap(), p);
        assert_eq!(
            Phase::parse("Fall 1901, Retreat").unwrap().to_string(),
            "F1901R"
        );
        assert_eq!(
            Phase::parse("Fall 1901, Adjustment").unwrap().to_string(),
            "W1901A"
        );
        assert!(Phase::parse("W1901M").is_err());
        assert!(Phase::parse("X1901M").is_err());
    }

    #[test]
    fn years_past_9999_are_refused_and_never_wrap() {
        assert!(Phase::parse("S10000M").is_err());
        assert!(Phase::parse("W65535A").is_err());
        assert!(Phase::parse("Spring 10000 Movement").is_err());
        let last = Phase::parse("W9999A").unwrap();
        assert!(!last.past_the_calendar());
        let after = last.next();
        assert!(after.past_the_calendar());
        assert_eq!(after.year, 10000, "not S0000M");
        assert_eq!(Phase::parse_stored(&after.to_string()).unwrap(), after);
        let top = Phase::new(Season::Winter, u16::MAX, PhaseKind::Adjustment);
        assert_eq!(top.next().year, u16::MAX, "saturates, never wraps");
    }

    #[test]
    fn calendar() {
        let p = Phase::parse("F1901R").unwrap();
        assert_eq!(p.next().to_string(), "W1901A");
        assert_eq!(p.next().next().to_string(), "S1902M");
    }
}
