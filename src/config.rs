//! The judge's configuration file (TOML). See `config.example.toml` for
//! every key. Settings given on the command line win over the file.

use serde::Deserialize;
use std::path::{Path, PathBuf};

mod oauth;
mod public_url;
pub use oauth::{AlertConfig, AuthMethod, Flow, OauthConfig, Provider};

/// Where the games database lives when neither `--db` nor the
/// configuration file says otherwise.
pub const DEFAULT_DATABASE: &str = "dipspy.db";

/// The whole configuration file, one field per `[section]`; a missing section takes its defaults.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// `[database]`: where the games database lives.
    #[serde(default)]
    pub database: DatabaseConfig,
    /// `[judge]`: the judge's and the master's addresses and keys.
    #[serde(default)]
    pub judge: JudgeConfig,
    /// `[mail]`: which transport carries the mail, and how often it is read.
    #[serde(default)]
    pub mail: MailConfig,
    /// `[imap]`: the mailbox the judge reads, with the IMAP transport.
    #[serde(default)]
    pub imap: ImapConfig,
    /// `[smtp]`: the server the judge sends through, with the IMAP transport.
    #[serde(default)]
    pub smtp: SmtpConfig,
    /// `[maildir]`: the Maildirs in and out, with the Maildir transport.
    #[serde(default)]
    pub maildir: MaildirConfig,
    /// `[limits]`: how much mail is read and answered, sign-on locks, and how long quarantined
    /// mail is kept.
    #[serde(default)]
    pub limits: LimitsConfig,
    /// `[auth]`: which receiving server's word on sender authentication is trusted.
    #[serde(default)]
    pub auth: AuthConfig,
    /// `[defaults]`: settings of games created by mail.
    #[serde(default)]
    pub defaults: DefaultsConfig,
    /// `[maps]`: map files offered besides the built-in ones.
    #[serde(default)]
    pub maps: MapsConfig,
    /// `[oauth]`: how an OAuth2 access token is got when IMAP or SMTP logs in with `oauth2`.
    #[serde(default)]
    pub oauth: OauthConfig,
    /// `[alert]`: a second way to tell the master that mail is failing.
    #[serde(default)]
    pub alert: AlertConfig,
    /// `[web]`: the public web pages `dipspy serve` runs beside the mail.
    #[serde(default)]
    pub web: WebConfig,
}

/// `[web]`: the games' public web pages (docs/web.md).
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WebConfig {
    /// The address the pages are served on (`127.0.0.1:8080`). With it,
    /// `dipspy serve` serves them beside the mail; `dipspy web` uses it
    /// when no `--listen` is given.
    pub listen: Option<String>,
    /// The signed heads of the secret logs the master kept (an mbox,
    /// `.eml` files or a Maildir, as `secret-log --verify --against`
    /// takes): the judge's pages check every log against them too.
    pub master_heads: Option<PathBuf>,
    /// The pages' address as players reach them
    /// (`https://diplomacy.example.org`): the one-time links mailed to a
    /// power's player point there. None: no links are offered.
    pub public_url: Option<String>,
}

/// `[maps]`: map files the judge offers besides the built-in maps.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MapsConfig {
    /// A directory of map files (`NAME.map` in DPjudge's format,
    /// `NAME.toml` in dipspy's), read when dipspy starts; relative to the
    /// configuration file.
    pub dir: Option<PathBuf>,
}

/// `[judge]`: who the judge is.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct JudgeConfig {
    /// The judge's own address: From of everything it sends; mail from it
    /// is never answered.
    pub address: Option<String>,
    /// The game master's address.
    pub master_address: Option<String>,
    /// Argon2 hash of the master password (or env `DIPSPY_MASTER_PASSWORD_HASH`).
    pub master_password_hash: Option<String>,
    /// The master receives a copy of every mail sent to all the players of
    /// a game (results, start, end, deadlines); default true.
    pub master_copies: Option<bool>,
    /// Tell the master when mail has been failing this long (`1h`).
    pub alert_after: Option<String>,
    /// The file of the Ed25519 key that signs the secret log's heads (made
    /// on first use, mode 0600); default: the database's path with
    /// `.head-key` added. Keep it out of the database's directory.
    pub head_key: Option<PathBuf>,
    /// The language of readers who chose none and whose game has none
    /// (`en`, `fr`, `de`); default English. See [`crate::game::reader_lang`].
    pub language: Option<crate::text::Lang>,
}

/// Which way mail comes in and goes out.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Transport {
    /// IMAP in, SMTP out.
    #[default]
    Imap,
    /// Maildir in, per-recipient Maildirs out: no mail server at all.
    Maildir,
}

/// `[mail]`.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    /// `imap` (the default) or `maildir`.
    #[serde(default)]
    pub transport: Transport,
    /// Seconds between passes of `dipspy serve` (also the IDLE timeout).
    pub poll_seconds: Option<u64>,
}

/// `[imap]`.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ImapConfig {
    /// The IMAP server's host name.
    pub host: Option<String>,
    /// The IMAP port; default 993 with TLS, 143 without.
    pub port: Option<u16>,
    /// TLS from the first byte (default true).
    pub tls: Option<bool>,
    /// Must be true to allow `tls = false`.
    #[serde(default)]
    pub allow_plain: bool,
    /// PEM file of the certificate(s) to trust instead of the usual roots.
    pub ca_file: Option<PathBuf>,
    /// The login name.
    pub user: Option<String>,
    /// `password` (the default) or `oauth2` (see `[oauth]`).
    #[serde(default)]
    pub auth: AuthMethod,
    /// Or env `DIPSPY_IMAP_PASSWORD`.
    pub password: Option<String>,
    /// The folder the judge's mail arrives in; default `INBOX`.
    pub folder: Option<String>,
    /// Use IDLE when the server offers it (default true).
    pub idle: Option<bool>,
    /// Overrides `[mail] poll_seconds` for IMAP.
    pub poll_seconds: Option<u64>,
    /// The longest wait for each network step (connecting, the greeting,
    /// the TLS handshake, LOGIN, each command); default 30.
    pub timeout_seconds: Option<u64>,
}

/// How the SMTP connection is protected.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SmtpSecurity {
    /// TLS from the first byte (port 465).
    Tls,
    /// Plain connection upgraded with STARTTLS, which is required (587).
    #[default]
    Starttls,
    /// No encryption at all.
    None,
}

/// `[smtp]`.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SmtpConfig {
    /// The SMTP server's host name.
    pub host: Option<String>,
    /// The SMTP port; default 465 for `tls`, 587 for `starttls`, 25 for `none`.
    pub port: Option<u16>,
    /// How the connection is protected (default `starttls`).
    #[serde(default)]
    pub security: SmtpSecurity,
    /// The login name; none: the judge sends without logging in.
    pub user: Option<String>,
    /// `password` (the default) or `oauth2` (see `[oauth]`).
    #[serde(default)]
    pub auth: AuthMethod,
    /// Or env `DIPSPY_SMTP_PASSWORD`.
    pub password: Option<String>,
    /// PEM file of the certificate(s) to trust instead of the usual roots.
    pub ca_file: Option<PathBuf>,
    /// First retry delay in seconds; doubled each attempt (default 60).
    pub retry_seconds: Option<u64>,
    /// Longest delay between retries in seconds (default 3600).
    pub max_retry_seconds: Option<u64>,
    /// How long the server may answer a mail with temporary refusals
    /// (4xx) before it is given up, from the first such answer (a
    /// duration: `5d`, the default). A server that cannot be reached or
    /// does not answer never gives mail up; a 5xx answer to a mail does at
    /// once.
    pub give_up_after: Option<String>,
    /// No longer used (mail was given up after this many attempts, an
    /// outage's included); still read so that older files load. See
    /// `give_up_after`.
    pub max_attempts: Option<u32>,
    /// Seconds to wait for the server (default 30).
    pub timeout_seconds: Option<u64>,
}

/// `[maildir]`: the embedded transport.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MaildirConfig {
    /// The judge's incoming Maildir (new/ is read, files move to cur/).
    pub incoming: Option<PathBuf>,
    /// Outgoing mail goes to `OUTGOING/<recipient address>/new/`.
    pub outgoing: Option<PathBuf>,
}

/// `[limits]`.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct LimitsConfig {
    /// Larger messages are quarantined (default 262144).
    pub max_message_bytes: Option<usize>,
    /// More messages than this from one sender within an hour are
    /// quarantined (default 60). A person, not a string: case,
    /// plus-tags and dots where the provider ignores them do not make a
    /// new sender. Mail that signs on correctly is not counted, and past
    /// the limit such mail is still read.
    pub per_sender_per_hour: Option<u32>,
    /// Mail with a failed sign-on, counted apart per person within an
    /// hour; past it, only mail that signs on correctly is read (default 10).
    pub failed_signons_per_hour: Option<u32>,
    /// Judge-wide: mails within an hour to addresses that are in no game
    /// (no player, no observer, not the master), replies, codes and
    /// notices alike; past it, a stranger's mail is stored and logged, not
    /// answered, and other mail to strangers is not sent (default 200).
    pub stranger_replies_per_hour: Option<u32>,
    /// Wrong passwords for one power (or for the master password) within
    /// `signon_lock_minutes` that lock it, from every address (default 5).
    /// Only authenticated mail from the registered address passes a lock.
    pub signon_lock_after: Option<u32>,
    /// The window the wrong passwords are counted in, and how long a lock
    /// lasts, in minutes (default 60).
    pub signon_lock_minutes: Option<u32>,
    /// Days quarantined mail is kept; `dipspy serve` deletes it after
    /// (default 30).
    pub quarantine_days: Option<u32>,
}

/// `[auth]`: sender authentication, trusted from the judge's own
/// receiving server.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct AuthConfig {
    /// The authserv-id the judge's receiving server writes in the
    /// `Authentication-Results` header it adds on top of every incoming
    /// mail. Unset: no mail counts as authenticated, so
    /// `password_optional` games need the password from everyone.
    pub authserv_id: Option<String>,
}

/// `[defaults]`: settings of games created by mail.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DefaultsConfig {
    /// The map the game is played on (default `standard`).
    pub variant: Option<String>,
    /// The espionage rules played (`espionnite`, `spionage`); none or empty: the standard rules
    /// only.
    pub rules: Option<Vec<String>>,
    /// Time allowed for a movement phase, as a duration (`48h`, the default).
    pub deadline: Option<String>,
    /// Time allowed for a retreat phase, as a duration (default `24h`).
    pub retreat_deadline: Option<String>,
    /// Time allowed for an adjustment phase, as a duration (default `24h`).
    pub adjust_deadline: Option<String>,
    /// IANA timezone the deadlines are given in (default `UTC`).
    pub timezone: Option<String>,
    /// Time of day (`HH:MM`, in the game's timezone) the deadlines fall at; none: exactly the time
    /// allowed after the phase starts.
    pub deadline_time: Option<String>,
    /// Press rules: `white` (the default), `grey` or `none`.
    pub press: Option<String>,
    /// How long the Espionnite reaction sub-phase lasts, as a duration (default `24h`).
    pub reaction_deadline: Option<String>,
    /// How long before a deadline missing orders are reminded, as a duration (`12h`, the default;
    /// `0` for none).
    pub reminder: Option<String>,
    /// Whether a player writing from the power's registered address may leave the password out of
    /// SIGNON (default false).
    pub password_optional: Option<bool>,
    /// Whether every power starts with a spy organisation (SPI-1; default false).
    pub spy_at_start: Option<bool>,
    /// The longest absence (SET ABSENCE) a player may take, in days (default 15).
    pub max_absence_days: Option<i64>,
    /// `dias`, `any` or `none`.
    pub draws: Option<String>,
    /// Whether the players may concede the game to one power (default true).
    pub concessions: Option<bool>,
    /// Whether draw votes and concessions are cleared when a phase is processed (default false:
    /// they stand).
    pub clear_votes: Option<bool>,
    /// Whether every vote is announced to everyone as it is cast (default false).
    pub show_votes: Option<bool>,
    /// Whether taking over a vacant power waits for the master's APPROVE (default true).
    pub approve_takeovers: Option<bool>,
    /// How long to wait for late orders after the deadline, as a duration (default `0`: process at
    /// once).
    pub grace: Option<String>,
    /// Movement phases in a row without orders after which a power is abandoned; 0 (the default)
    /// never.
    pub abandon_after: Option<i64>,
    /// `png`, `png+svg` or `off`.
    pub pictures: Option<String>,
    /// Whether press may be faked (FAKE BROADCAST, FAKE TO; default false).
    pub fake_press: Option<bool>,
    /// Whether the players' addresses are kept from everybody but the master (default false).
    pub anonymous: Option<bool>,
    /// A new game's players' language (`en`, `fr`, `de`) unless they
    /// choose one; none: the judge's.
    pub language: Option<crate::text::Lang>,
}

impl DefaultsConfig {
    /// These settings over the built-in defaults.
    pub fn create_options(&self) -> crate::game::CreateOptions {
        let mut o = crate::game::CreateOptions::default();
        let set = |dst: &mut String, v: &Option<String>| {
            if let Some(v) = v {
                *dst = v.clone();
            }
        };
        set(&mut o.variant, &self.variant);
        set(&mut o.deadline, &self.deadline);
        set(&mut o.retreat_deadline, &self.retreat_deadline);
        set(&mut o.adjust_deadline, &self.adjust_deadline);
        set(&mut o.timezone, &self.timezone);
        set(&mut o.press, &self.press);
        set(&mut o.reaction_deadline, &self.reaction_deadline);
        set(&mut o.reminder, &self.reminder);
        if let Some(r) = &self.rules {
            o.rules = r.clone();
        }
        if self.deadline_time.is_some() {
            o.deadline_time = self.deadline_time.clone();
        }
        if let Some(p) = self.password_optional {
            o.password_optional = p;
        }
        if let Some(p) = self.spy_at_start {
            o.spy_at_start = p;
        }
        if let Some(d) = self.max_absence_days {
            o.max_absence_days = d;
        }
        if let Some(d) = self.draws.as_deref().and_then(crate::game::DrawRule::parse) {
            o.draws = d;
        }
        if let Some(x) = self.concessions {
            o.concessions = x;
        }
        if let Some(x) = self.clear_votes {
            o.votes_kept = !x;
        }
        if let Some(x) = self.show_votes {
            o.votes_shown = x;
        }
        if let Some(x) = self.approve_takeovers {
            o.approve_takeovers = x;
        }
        set(&mut o.grace, &self.grace);
        if let Some(x) = self.abandon_after {
            o.abandon_after = x;
        }
        if let Some(x) = self.fake_press {
            o.fake_press = x;
        }
        if let Some(x) = self.anonymous {
            o.anonymous = x;
        }
        if self.language.is_some() {
            o.language = self.language;
        }
        if let Some(x) = self
            .pictures
            .as_deref()
            .and_then(crate::game::Pictures::parse)
        {
            o.pictures = x;
        }
        o
    }
}

/// The environment variable holding the IMAP password when `[imap]
/// password` is not set (these variables stand in for secrets in the file).
pub const ENV_IMAP_PASSWORD: &str = "DIPSPY_IMAP_PASSWORD";
/// The environment variable holding the SMTP password when `[smtp] password` is not set.
pub const ENV_SMTP_PASSWORD: &str = "DIPSPY_SMTP_PASSWORD";
/// The environment variable holding the master password's Argon2 hash when `[judge]
/// master_password_hash` is not set.
pub const ENV_MASTER_PASSWORD_HASH: &str = "DIPSPY_MASTER_PASSWORD_HASH";

/// A secret: the value in the file, else the environment variable `env`.
fn file_or_env(value: &Option<String>, env: &str) -> Option<String> {
    value.clone().or_else(|| std::env::var(env).ok())
}

impl ImapConfig {
    /// The IMAP password: `[imap] password`, else `DIPSPY_IMAP_PASSWORD`.
    pub fn password(&self) -> Option<String> {
        file_or_env(&self.password, ENV_IMAP_PASSWORD)
    }
}

impl SmtpConfig {
    /// The SMTP password: `[smtp] password`, else `DIPSPY_SMTP_PASSWORD`.
    pub fn password(&self) -> Option<String> {
        file_or_env(&self.password, ENV_SMTP_PASSWORD)
    }
}

/// `[database]`: the games database.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DatabaseConfig {
    /// The SQLite file holding every game. A relative path is taken from
    /// the directory of the configuration file.
    pub path: Option<PathBuf>,
    /// `dipspy serve` stores no new mail while the database's disk has
    /// less free space than this (bytes; default 16 MiB): the mail already
    /// stored is handled first, and new mail waits on the server.
    pub min_free_bytes: Option<u64>,
}

/// Why the configuration file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read from disk.
    #[error("cannot read the configuration file {file}: {source}")]
    Read {
        /// The file's path, as given.
        file: String,
        /// The reading error.
        source: std::io::Error,
    },
    /// The file was read but is not a valid configuration (bad TOML, an
    /// unknown key, a value of the wrong form).
    #[error("configuration file {file}: {message}")]
    Invalid {
        /// The file's path, as given.
        file: String,
        /// What is wrong, as `line N: ...`, with the nearest known key
        /// when an unknown one was written.
        message: String,
    },
    /// The file was refused before it was read: not a regular file, or too large.
    #[error("cannot read the configuration file {0}")]
    Refused(crate::files::ReadError),
}

impl Config {
    /// Reads a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let file = path.display().to_string();
        let text = crate::files::read_text_bounded(
            path,
            crate::files::MAX_CONFIG_BYTES,
            "a configuration file",
        )
        .map_err(|e| match e {
            crate::files::ReadError::Io { source, .. } => ConfigError::Read {
                file: file.clone(),
                source,
            },
            other => ConfigError::Refused(other),
        })?;
        let mut config: Config = toml::from_str(&text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start].matches('\n').count() + 1)
                .unwrap_or(1);
            ConfigError::Invalid {
                file: file.clone(),
                message: format!(
                    "line {line}: {}{}",
                    e.message().trim(),
                    nearest_key(e.message())
                ),
            }
        })?;
        if let Some(dir) = path.parent() {
            let rel = |p: &mut Option<PathBuf>| {
                if let Some(x) = p
                    && x.is_relative()
                {
                    *p = Some(dir.join(&*x));
                }
            };
            rel(&mut config.database.path);
            rel(&mut config.judge.head_key);
            rel(&mut config.imap.ca_file);
            rel(&mut config.smtp.ca_file);
            rel(&mut config.maildir.incoming);
            rel(&mut config.maildir.outgoing);
            rel(&mut config.maps.dir);
            rel(&mut config.oauth.token_file);
            rel(&mut config.web.master_heads);
        }
        if let Some(message) = config
            .web
            .public_url
            .as_deref()
            .and_then(public_url::problem)
        {
            let line = text
                .lines()
                .position(|l| l.trim_start().starts_with("public_url"))
                .map_or(1, |n| n + 1);
            return Err(ConfigError::Invalid {
                file,
                message: format!("line {line}: {message}"),
            });
        }
        Ok(config)
    }

    /// What the judge needs besides the database: the file's `[judge]`
    /// and `[defaults]`, with the master password hash from the
    /// environment when the file has none.
    pub fn judge_settings(&self) -> crate::judge::JudgeSettings {
        crate::judge::JudgeSettings {
            address: self
                .judge
                .address
                .clone()
                .unwrap_or_default()
                .to_lowercase(),
            master_address: self.judge.master_address.as_ref().map(|a| a.to_lowercase()),
            master_password_hash: file_or_env(
                &self.judge.master_password_hash,
                ENV_MASTER_PASSWORD_HASH,
            ),
            defaults: self.defaults.create_options(),
            master_copies: self.judge.master_copies.unwrap_or(true),
            alert_after_minutes: self
                .judge
                .alert_after
                .as_deref()
                .and_then(|d| crate::game::parse_duration(d).ok()),
            authserv_id: self
                .auth
                .authserv_id
                .clone()
                .filter(|s| !s.trim().is_empty()),
            language: self.judge.language,
            signon_lock: {
                let d = crate::judge::SignonLock::default();
                crate::judge::SignonLock {
                    after: self.limits.signon_lock_after.unwrap_or(d.after).max(1),
                    minutes: self
                        .limits
                        .signon_lock_minutes
                        .map(i64::from)
                        .unwrap_or(d.minutes),
                }
            },
        }
    }

    /// The file of the key that signs the secret log's heads.
    pub fn head_key(&self, db: &Path) -> PathBuf {
        self.judge
            .head_key
            .clone()
            .unwrap_or_else(|| crate::secretlog::default_path(db))
    }

    /// The database to use: `--db` if given, else the file's, else
    /// `./dipspy.db`.
    pub fn database(&self, flag: Option<&Path>) -> PathBuf {
        flag.map(Path::to_path_buf)
            .or_else(|| self.database.path.clone())
            .unwrap_or_else(|| PathBuf::from(DEFAULT_DATABASE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_wins_over_file_which_wins_over_default() {
        let c = Config {
            database: DatabaseConfig {
                path: Some(PathBuf::from("/srv/judge/games.db")),
                min_free_bytes: None,
            },
            ..Config::default()
        };
        assert_eq!(c.database(Some(Path::new("x.db"))), PathBuf::from("x.db"));
        assert_eq!(c.database(None), PathBuf::from("/srv/judge/games.db"));
        assert_eq!(
            Config::default().database(None),
            PathBuf::from(DEFAULT_DATABASE)
        );
    }

    #[test]
    fn relative_path_is_taken_from_the_file_and_typos_are_refused() {
        let dir = std::env::temp_dir().join(format!("dipspy-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("judge.toml");
        std::fs::write(&f, "[database]\npath = \"games.db\"\n").unwrap();
        let c = Config::load(&f).unwrap();
        assert_eq!(c.database(None), dir.join("games.db"));
        std::fs::write(&f, "[database]\npaht = \"games.db\"\n").unwrap();
        let e = Config::load(&f).unwrap_err().to_string();
        assert!(
            e.contains("judge.toml") && e.contains("line 2") && e.contains("paht"),
            "{e}"
        );
    }

    #[test]
    fn the_example_file_reads() {
        let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("config.example.toml");
        let c = Config::load(&example).unwrap();
        assert!(c.database.path.is_some());
        assert_eq!(c.mail.transport, Transport::Imap);
        assert!(c.imap.host.is_some() && c.smtp.host.is_some());
        let js = c.judge_settings();
        assert_eq!(js.address, "judge@example.org");
        assert_eq!(js.defaults.deadline, "48h");
        assert_eq!(js.language, Some(crate::text::Lang::En));
        assert_eq!(js.defaults.language, None);
    }

    #[test]
    fn the_judge_and_game_languages_read_by_tag() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("judge.toml");
        std::fs::write(
            &f,
            "[judge]\nlanguage = \"de\"\n[defaults]\nlanguage = \"fr\"\n",
        )
        .unwrap();
        let js = Config::load(&f).unwrap().judge_settings();
        assert_eq!(js.language, Some(crate::text::Lang::De));
        assert_eq!(js.defaults.language, Some(crate::text::Lang::Fr));
        std::fs::write(&f, "[judge]\nlanguage = \"es\"\n").unwrap();
        let e = Config::load(&f).unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("es"), "{e}");
    }
}

/// For a message about an unknown key (`unknown field `hots`, expected one
/// of `host`, `port`, …`), the nearest known key as a suggestion.
fn nearest_key(message: &str) -> String {
    let ticked: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    let Some((unknown, known)) = ticked.split_first() else {
        return String::new();
    };
    if !message.starts_with("unknown field") {
        return String::new();
    }
    known
        .iter()
        .map(|k| (edit_distance(unknown, k), *k))
        .min()
        .filter(|(d, k)| *d <= (k.len() / 2).max(2))
        .map(|(_, k)| format!(" (did you mean `{k}`?)"))
        .unwrap_or_default()
}

/// Levenshtein distance, for suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod suggestion_tests {
    use super::nearest_key;

    #[test]
    fn an_unknown_key_gets_the_nearest_known_one() {
        let m = "unknown field `hots`, expected one of `host`, `port`, `tls`";
        assert_eq!(nearest_key(m), " (did you mean `host`?)");
        let m = "unknown field `zzzzzzzz`, expected one of `host`, `port`";
        assert_eq!(nearest_key(m), "");
        assert_eq!(nearest_key("invalid type: integer"), "");
    }
}
