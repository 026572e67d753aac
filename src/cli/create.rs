//! The settings of `dipspy game create`, as options of the command line.

use crate::game::{self, CreateOptions};

/// The settings of `dipspy game create`.
#[derive(clap::Args)]
pub(super) struct CreateArgs {
    /// The map: standard, ancmed, modern, pure, standard_france_austria,
    /// standard_germany_italy, or a map of the maps directory (`dipspy
    /// maps` lists them).
    #[arg(long, default_value = "standard")]
    variant: String,
    /// Espionage rule sets, comma-separated (espionnite, spionage).
    #[arg(long, value_delimiter = ',')]
    rules: Vec<String>,
    /// Time for a movement phase: 48h, 30m, 2d, 1d12h.
    #[arg(long, default_value = "48h")]
    deadline: String,
    /// Time for a retreat phase.
    #[arg(long, default_value = "24h")]
    retreat_deadline: String,
    /// Time for an adjustment phase.
    #[arg(long, default_value = "24h")]
    adjust_deadline: String,
    /// Timezone of the deadlines (IANA name).
    #[arg(long, default_value = "UTC")]
    timezone: String,
    /// Put every deadline at this time of day (HH:MM, game's
    /// timezone), the first such time after the phase's time has run.
    #[arg(long, value_name = "HH:MM")]
    deadline_time: Option<String>,
    /// Press rules for the mail loop: white, grey or none.
    #[arg(long, default_value = "white")]
    press: String,
    /// Time for the Espionnite reaction sub-phase.
    #[arg(long, default_value = "24h")]
    reaction_deadline: String,
    /// Remind powers with missing orders this long before a deadline
    /// (0: no reminders).
    #[arg(long, default_value = "12h")]
    reminder: String,
    /// Players writing from their registered address may sign on
    /// without the password.
    #[arg(long)]
    password_optional: bool,
    /// Spionage: every power starts with a spy organisation (SPI-1).
    #[arg(long)]
    spy_at_start: bool,
    /// The longest absence (SET ABSENCE) a player may take, in days.
    #[arg(long, default_value_t = 15, value_name = "DAYS")]
    max_absence: i64,
    /// Which draws the players may vote for: dias (all survivors), any
    /// (any powers named), none.
    #[arg(long, default_value = "dias", value_parser = parse_draws)]
    draws: game::DrawRule,
    /// The players may not concede the game to one power.
    #[arg(long)]
    no_concessions: bool,
    /// Clear draw votes and concessions whenever a phase is processed.
    #[arg(long)]
    clear_votes: bool,
    /// Announce every vote to everyone as it is cast.
    #[arg(long)]
    show_votes: bool,
    /// Let a newcomer take over a vacant power without the game master's
    /// approval.
    #[arg(long)]
    open_takeovers: bool,
    /// After a deadline with orders missing, wait this long for them
    /// (late notices are sent), then declare the late powers abandoned;
    /// 0 processes at once.
    #[arg(long, default_value = "0")]
    grace: String,
    /// A power that sends no orders for this many movement phases in a
    /// row is abandoned (0: never).
    #[arg(long, default_value_t = 0)]
    abandon_after: i64,
    /// Allow fake press (PRESS TO E FAKE BROADCAST).
    #[arg(long)]
    fake_press: bool,
    /// Keep the players' addresses from everybody but the master.
    #[arg(long)]
    anonymous: bool,
    /// The pictures of the board in results mails: png (attached and
    /// inline), png+svg (the SVG attached too) or off.
    #[arg(long, default_value = "png", value_parser = parse_pictures)]
    pictures: game::Pictures,
    /// The language the players read in unless they choose another with
    /// SET LANGUAGE: en, fr or de (none: the judge's default).
    #[arg(long, value_parser = parse_language)]
    language: Option<crate::text::Lang>,
}

fn parse_language(s: &str) -> Result<crate::text::Lang, String> {
    crate::text::Lang::from_tag(s).ok_or_else(|| format!("`{s}`: write en, fr or de"))
}

fn parse_pictures(s: &str) -> Result<game::Pictures, String> {
    game::Pictures::parse(s).ok_or_else(|| format!("`{s}`: write png, png+svg or off"))
}

fn parse_draws(s: &str) -> Result<game::DrawRule, String> {
    game::DrawRule::parse(s).ok_or_else(|| format!("`{s}`: write dias, any or none"))
}

impl From<CreateArgs> for CreateOptions {
    fn from(a: CreateArgs) -> CreateOptions {
        CreateOptions {
            variant: a.variant,
            rules: a.rules,
            deadline: a.deadline,
            retreat_deadline: a.retreat_deadline,
            adjust_deadline: a.adjust_deadline,
            timezone: a.timezone,
            deadline_time: a.deadline_time,
            press: a.press,
            reaction_deadline: a.reaction_deadline,
            reminder: a.reminder,
            password_optional: a.password_optional,
            spy_at_start: a.spy_at_start,
            max_absence_days: a.max_absence,
            draws: a.draws,
            concessions: !a.no_concessions,
            votes_kept: !a.clear_votes,
            votes_shown: a.show_votes,
            approve_takeovers: !a.open_takeovers,
            grace: a.grace,
            abandon_after: a.abandon_after,
            fake_press: a.fake_press,
            anonymous: a.anonymous,
            pictures: a.pictures,
            language: a.language,
        }
    }
}
