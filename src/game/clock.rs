//! Clock arithmetic for deadlines: durations as players write them, a
//! time of day in the game's timezone, times shown to people. Every
//! function takes `now` from its caller; nothing here reads the clock.

use super::{GameError, Result};
use chrono::{DateTime, Duration, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

/// Reads `48h`, `30m`, `2d`, `1d12h`, `90` (minutes) into minutes.
pub fn parse_duration(s: &str) -> Result<i64> {
    let err = || GameError::BadDuration(s.to_string());
    let t = s.trim().to_ascii_lowercase();
    if t.is_empty() {
        return Err(err());
    }
    if let Ok(m) = t.parse::<i64>() {
        return if m > 0 { Ok(m) } else { Err(err()) };
    }
    let mut total = 0i64;
    let mut num = String::new();
    for c in t.chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let n: i64 = num.parse().map_err(|_| err())?;
        num.clear();
        total += match c {
            'd' => n * 24 * 60,
            'h' => n * 60,
            'm' => n,
            _ => return Err(err()),
        };
    }
    if !num.is_empty() || total <= 0 || total > 365 * 24 * 60 {
        return Err(err());
    }
    Ok(total)
}

pub(super) fn parse_time_of_day(s: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(s.trim(), "%H:%M").ok()
}

/// The first moment at or after `t` when the clock in `tz` shows `at`.
/// When `at` does not exist that day (clocks jump forward), the deadline
/// is the first moment after the jump.
pub fn next_time_of_day(t: DateTime<Utc>, at: NaiveTime, tz: Tz) -> DateTime<Utc> {
    let local = t.with_timezone(&tz);
    let mut day = local.date_naive();
    for _ in 0..3 {
        let naive = day.and_time(at);
        let resolved = match tz.from_local_datetime(&naive) {
            chrono::LocalResult::Single(x) => Some(x),
            chrono::LocalResult::Ambiguous(a, _) => Some(a),
            chrono::LocalResult::None => {
                // In the gap: move forward an hour, which lands after it.
                tz.from_local_datetime(&(naive + Duration::hours(1)))
                    .earliest()
            }
        };
        if let Some(x) = resolved {
            let u = x.with_timezone(&Utc);
            if u >= t {
                return u;
            }
        }
        day = day.succ_opt().expect("dates far from the end of time");
    }
    t
}

/// A time for people: `2025-03-30 20:00 CEST` in the game's timezone.
pub fn show_time(t: DateTime<Utc>, tz: Tz) -> String {
    t.with_timezone(&tz).format("%Y-%m-%d %H:%M %Z").to_string()
}

/// `t` rounded up to the next whole minute (unchanged when it is one).
pub(super) fn up_to_minute(t: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::{DurationRound, TimeDelta};
    let down = t.duration_trunc(TimeDelta::minutes(1)).unwrap_or(t);
    if down == t {
        t
    } else {
        down + TimeDelta::minutes(1)
    }
}

/// A span of minutes in words: `2d 4h`, `3h 30m`, `45m`.
pub fn format_minutes(m: i64) -> String {
    let m = m.max(0);
    let (d, h, min) = (m / 1440, m % 1440 / 60, m % 60);
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(format!("{d}d"));
    }
    if h > 0 {
        parts.push(format!("{h}h"));
    }
    if min > 0 || parts.is_empty() {
        parts.push(format!("{min}m"));
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::Tz;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("48h").unwrap(), 48 * 60);
        assert_eq!(parse_duration("30m").unwrap(), 30);
        assert_eq!(parse_duration("1d12h").unwrap(), 36 * 60);
        assert_eq!(parse_duration("90").unwrap(), 90);
        for bad in ["", "h", "0h", "12x", "-3h", "3h4"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn deadline_time_of_day_follows_the_timezone() {
        let tz: Tz = "Europe/Berlin".parse().unwrap();
        let at = NaiveTime::from_hms_opt(20, 0, 0).unwrap();
        // Winter: 20:00 in Berlin is 19:00 UTC.
        let t = "2025-01-10T12:00:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(
            next_time_of_day(t, at, tz),
            "2025-01-10T19:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        // Later than 20:00 local: the next day.
        let t = "2025-01-10T19:30:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(
            next_time_of_day(t, at, tz),
            "2025-01-11T19:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        // Across the spring change (30 March 2025): 20:00 CEST is 18:00 UTC.
        let t = "2025-03-29T20:00:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(
            next_time_of_day(t, at, tz),
            "2025-03-30T18:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        // A time that does not exist that day (02:30 on 30 March).
        let at = NaiveTime::from_hms_opt(2, 30, 0).unwrap();
        let t = "2025-03-30T00:00:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(
            next_time_of_day(t, at, tz),
            "2025-03-30T01:30:00Z".parse::<DateTime<Utc>>().unwrap()
        );
    }
}
