//! The judge's command line.

use crate::game::Store;
use crate::game::{self, CreateOptions, GameError, Sender};
use chrono::{DateTime, Utc};
use clap::{Parser, Subcommand, ValueEnum};

#[macro_use]
mod output;
mod adjudicate;
mod create;
mod oauth;
mod ops;
mod picture;
mod seclog;
mod unit;
mod views;
mod web;

use create::CreateArgs;
pub use output::{escape, json_safe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "dipspy",
    version,
    about = "A play-by-email Diplomacy judge with espionage variants"
)]
struct Cli {
    /// The games database (created if missing) [default: the configuration
    /// file's `[database] path`, else dipspy.db].
    #[arg(long, global = true, value_name = "FILE")]
    db: Option<PathBuf>,
    /// The configuration file (see config.example.toml).
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Act as if the time were this (RFC 3339, e.g. 2025-03-01T18:00:00Z)
    /// instead of the clock: for trying deadlines out and for tests.
    #[arg(long, global = true, hide = true, value_name = "TIME")]
    now: Option<String>,
    /// How to log (to standard error; the level comes from DIPSPY_LOG):
    /// text, with colours only on a terminal, or json, one object a line.
    #[arg(long, global = true, value_enum, default_value = "text")]
    log_format: crate::logging::LogFormat,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Adjudicate one phase read from a scenario file (TOML) and print the result.
    Adjudicate {
        /// The scenario file.
        file: PathBuf,
        /// Print the result as JSON instead of a readable report.
        #[arg(long)]
        json: bool,
        /// Also draw the phase (position, orders, results) into this file:
        /// PNG or SVG by its extension.
        #[arg(long, value_name = "OUT.png|OUT.svg")]
        map: Option<PathBuf>,
    },
    /// The maps this judge offers (built in, and from the `[maps] dir` of
    /// the configuration) with their powers and centres; a map file that
    /// cannot be read is listed with the line at fault.
    Maps,
    /// Create, join, start, inspect and steer games.
    #[command(subcommand)]
    Game(GameCommand),
    /// Submit, show and withdraw a power's orders for the current phase.
    #[command(subcommand)]
    Orders(OrdersCommand),
    /// Process every running game whose deadline has passed, or in which
    /// every power has complete orders in and nobody asked to wait.
    Tick,
    /// The judge's secret log of an espionage game: every spy order with
    /// its time and source, every ruling, what each power was told.
    #[command(group(clap::ArgGroup::new("checking").args(["verify", "verify_export"]).multiple(true)))]
    SecretLog {
        /// The game (not needed with --public-key or --verify-export).
        #[arg(required_unless_present_any = ["public_key", "verify_export"])]
        name: Option<String>,
        /// Only this phase (S1902M).
        #[arg(long)]
        phase: Option<String>,
        /// Only entries about this power (and those about no power).
        #[arg(long)]
        power: Option<String>,
        /// Print the entries as JSON.
        #[arg(long)]
        json: bool,
        /// Write a self-contained record (JSON, with the hashes and how to
        /// check them) for a dispute panel to FILE.
        #[arg(long, value_name = "FILE")]
        export: Option<PathBuf>,
        /// Check the hash chain, every signed head (with the judge's key,
        /// or the public key given with --key) and that every processed
        /// phase has its head; exit status 1 and the first damaged entry
        /// if anything was edited, deleted or rewritten.
        #[arg(long)]
        verify: bool,
        /// With --verify: also check against the signed heads mailed to the
        /// master, saved as an mbox, .eml files or a Maildir (FILE or DIR).
        #[arg(long, value_name = "FILE", requires = "verify")]
        against: Option<PathBuf>,
        /// Print the public key that checks the signed heads (the key pair
        /// is made when the first espionage game is created).
        #[arg(long)]
        public_key: bool,
        /// Check an export alone, with the judge's public key (from
        /// --key, else the judge's key file); exit status 1 naming the
        /// first problem.
        #[arg(long, value_name = "FILE")]
        verify_export: Option<PathBuf>,
        /// The public key for --verify or --verify-export (the one the
        /// judge published): hex, or a file holding it.
        #[arg(long, value_name = "HEX|FILE", requires = "checking")]
        key: Option<String>,
        /// Mail the final signed head of a finished game to its players
        /// (and the master).
        #[arg(long)]
        publish_head: bool,
        /// Draw the phase given with --phase with its espionage on it,
        /// for the judge's eyes only, into this file (PNG or SVG by its
        /// extension). Never mailed.
        #[arg(long, value_name = "OUT.png|OUT.svg", requires = "phase")]
        map: Option<PathBuf>,
    },
    /// Draw a phase of a game: its position, and for a processed phase its
    /// orders, their results and the board after them, as the results
    /// mail shows them.
    Map {
        name: String,
        /// The phase (S1901M); without it the phase being played now.
        phase: Option<String>,
        /// A processed phase's orders on the board before them, not after.
        #[arg(long, conflicts_with = "after")]
        before: bool,
        /// A processed phase's results on the board after them (the
        /// default, as mailed).
        #[arg(long)]
        after: bool,
        /// The file to write, PNG or SVG by its extension (default
        /// GAME-PHASE.png).
        #[arg(short = 'o', long = "output", value_name = "FILE.png|FILE.svg")]
        output: Option<PathBuf>,
    },
    /// Run the judge: read mail, answer it, process games, send results.
    /// Needs a configuration file with [judge], [mail] and [imap]/[smtp]
    /// or [maildir] (see config.example.toml).
    Serve {
        /// One pass (fetch, handle, tick, announce, send), then exit.
        #[arg(long)]
        once: bool,
    },
    /// Play a short espionage game by email with no mail server: players'
    /// mails from fixtures/demo go through the Maildir transport, and the
    /// mail each player received and the secret log are printed.
    Demo {
        /// The demo script's directory (demo.toml and the .eml files).
        #[arg(long, value_name = "DIR")]
        fixtures: Option<PathBuf>,
        /// Keep the database and the Maildirs in DIR (default: a
        /// temporary directory, removed afterwards).
        #[arg(long, value_name = "DIR")]
        keep: Option<PathBuf>,
        /// Print the judge's replies in full too, not only their subjects.
        #[arg(long)]
        all_mail: bool,
        /// Then serve the demo game's web pages (on --listen) until
        /// stopped, and print their address.
        #[arg(long)]
        web: bool,
        /// With --web: the address to listen on.
        #[arg(long, value_name = "ADDR:PORT", requires = "web", default_value = crate::web::DEFAULT_LISTEN)]
        listen: String,
    },
    /// Serve the games' web pages until stopped (docs/web.md): the public
    /// pages, read-only, and the judge's pages for the secret log when a
    /// master password is set; on --listen, else the configuration's
    /// `[web] listen`, else 127.0.0.1:8080.
    Web {
        /// The address to listen on (ADDR:PORT; loopback unless told).
        #[arg(long, value_name = "ADDR:PORT")]
        listen: Option<String>,
    },
    /// Try everything the judge will need, with the configuration given by
    /// --config: the database, the master password hash, and the mail
    /// (IMAP and SMTP, or the Maildirs), one line per item with what to
    /// change. Exit status 0 only when all pass.
    Check {
        /// Also send a real test mail to this address.
        #[arg(long, value_name = "ADDRESS")]
        send_test: Option<String>,
    },
    /// The judge's health at a glance: the last pass and what failed in
    /// it, mail waiting, mail quarantined in the last day, the outbox, the
    /// games and their next deadlines. Exit status 1 when it needs
    /// attention (or has never completed a pass).
    Status {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print a systemd service unit that runs `dipspy serve` with the
    /// configuration given by --config (restart on failure, hardening,
    /// secrets from /etc/dipspy/secrets.env).
    SystemdUnit {
        /// The system user the judge runs as.
        #[arg(long, default_value = "dipspy")]
        user: String,
    },
    /// Mail the judge quarantined: list it, show one, or release one
    /// quarantined by mistake (it is then handled as if it had just
    /// arrived, once; its reply goes out with the next pass of serve).
    #[command(subcommand)]
    Quarantine(ops::QuarantineCommand),
    /// The game master's commands: lift a password's lock.
    #[command(subcommand)]
    Master(ops::MasterCommand),
    /// OAuth2 for a mailbox that takes no password ([oauth]): log in,
    /// see the tokens' state, log out.
    #[command(subcommand)]
    Oauth(oauth::OauthCommand),
    /// Copy the games database into FILE, consistently, while the judge
    /// runs (SQLite's online backup); the copy is checked before it is
    /// kept. To restore, stop the judge and put the copy in the
    /// database's place (see docs/operations.md).
    Backup {
        /// The new file (never overwritten).
        file: PathBuf,
    },
    /// Print the argon2 hash of a password read from standard input, for
    /// `master_password_hash` in the configuration file.
    PasswordHash,
}

// Parsed once per run: the size of the Create variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum GameCommand {
    /// Create a game; players join it, then the judge starts it.
    Create {
        name: String,
        #[command(flatten)]
        settings: CreateArgs,
    },
    /// A player joins a game that has not started. Without POWER the
    /// player gets a power at random when the game fills.
    Join {
        name: String,
        power: Option<String>,
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
    },
    /// Start a game whose powers all have players.
    Start { name: String },
    /// The position, centres, who has orders in, and the next deadline.
    Show {
        name: String,
        #[arg(long)]
        json: bool,
    },
    /// Every phase played; with PHASE, its orders and results.
    History {
        name: String,
        phase: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Undo play back to the start of PHASE (it is played again, with the
    /// orders that stood when it was processed). The undone phases stay in
    /// the history.
    Rollback { name: String, phase: String },
    /// Stop the clock: no processing until resumed.
    Pause { name: String },
    /// Restart the clock with the time that was left.
    Resume { name: String },
    /// All games.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Record a power's vote for a draw; the game is drawn when every
    /// surviving power has voted.
    Draw {
        name: String,
        #[arg(long)]
        power: String,
        /// Withdraw the vote instead.
        #[arg(long)]
        withdraw: bool,
    },
    /// The judge ends the game.
    End { name: String },
    /// Process the current phase now, whatever its deadline.
    Process { name: String },
    /// Recompute every processed phase from the stored orders and check
    /// that it gives the stored results and positions.
    Replay { name: String },
}

impl GameCommand {
    fn creates(&self) -> bool {
        matches!(self, GameCommand::Create { .. })
    }

    /// Whether the command only reads (it then never creates a database).
    fn reads_only(&self) -> bool {
        matches!(
            self,
            GameCommand::Show { .. }
                | GameCommand::History { .. }
                | GameCommand::List { .. }
                | GameCommand::Replay { .. }
        )
    }
}

#[derive(Subcommand)]
enum OrdersCommand {
    /// Store a power's orders for the current phase, one per line, from
    /// FILE or (with -) standard input.
    ///
    /// A new order for a unit replaces that power's earlier order for the
    /// same unit; the power's other earlier orders stand. In an adjustment
    /// (build) phase a new submission replaces the power's whole earlier
    /// set. Lines that cannot be read, and orders that can never be carried
    /// out in the current position (checked as they arrive), are reported
    /// and replace nothing. Use `dipspy orders clear` to withdraw
    /// everything. Blank lines and lines starting with # are skipped.
    ///
    /// Exit status: 0 when every line was stored; 1 when some were
    /// rejected (the others are stored all the same).
    Submit {
        name: String,
        power: String,
        /// The orders file, or - for standard input.
        file: String,
        /// Refuse the orders unless this is the current phase (S1901M).
        #[arg(long)]
        phase: Option<String>,
        /// The player's address (default: the judge).
        #[arg(long)]
        from: Option<String>,
        /// The message the orders came in.
        #[arg(long)]
        message_id: Option<String>,
    },
    /// The orders that stand for the current phase.
    Show {
        name: String,
        power: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Withdraw all of a power's orders for the current phase.
    Clear { name: String, power: String },
    /// Ask the judge not to process the current phase before its deadline
    /// (on), or allow early processing again (off).
    Wait {
        name: String,
        power: String,
        state: OnOff,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum OnOff {
    On,
    Off,
}

/// Runs the `dipspy` command line and returns its exit status.
pub fn main() -> ExitCode {
    let code = main_inner();
    output::finish(code)
}

fn main_inner() -> ExitCode {
    crate::text::install();
    let cli = Cli::parse();
    crate::logging::init(cli.log_format);
    let config = match &cli.config {
        None => crate::config::Config::default(),
        Some(path) => match crate::config::Config::load(path) {
            Ok(c) => c,
            Err(e) => {
                errln!("dipspy: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let db = config.database(cli.db.as_deref());
    let _ = HEAD_KEY.set(config.head_key(&db));
    if let Err(code) = ops::load_maps(&config) {
        return code;
    }
    match cli.command {
        Command::Maps => ops::maps(),
        Command::Adjudicate { file, json, map } => {
            adjudicate::adjudicate(&file, json, map.as_deref())
        }
        Command::Game(g) if g.reads_only() => {
            read(&db, cli.now.as_deref(), |st, now| game_cmd(st, now, g))
        }
        // Only `game create` (and `serve`) make a new database.
        Command::Game(g) => run_on(&db, cli.now.as_deref(), !g.creates(), |st, now| {
            game_cmd(st, now, g)
        }),
        Command::Orders(o @ OrdersCommand::Show { .. }) => {
            read(&db, cli.now.as_deref(), |st, now| orders_cmd(st, now, o))
        }
        Command::Orders(o) => change(&db, cli.now.as_deref(), |st, now| orders_cmd(st, now, o)),
        Command::Tick => change(&db, cli.now.as_deref(), tick),
        Command::SecretLog {
            public_key: true, ..
        } => seclog::public_key(&config.head_key(&db)),
        Command::SecretLog {
            verify_export: Some(file),
            key,
            ..
        } => seclog::verify_export(&file, key.as_deref(), &config.head_key(&db)),
        Command::SecretLog {
            name: Some(name),
            phase,
            power,
            map: Some(out),
            ..
        } => read(&db, cli.now.as_deref(), |st, _| {
            picture::judge_map(st, &name, phase.as_deref(), power.as_deref(), &out)
        }),
        Command::SecretLog {
            name: Some(name),
            publish_head: true,
            ..
        } => change(&db, cli.now.as_deref(), |st, now| {
            let n = game::publish_head(st, &name, now)?;
            outln!(
                "The final signed head of game {name} (entry {n}) goes to its players with the next pass of serve."
            );
            Ok::<_, GameError>(ExitCode::SUCCESS)
        }),
        Command::SecretLog {
            name: Some(name),
            verify: true,
            against,
            key,
            map: None,
            ..
        } => read(&db, cli.now.as_deref(), |st, _| {
            seclog::verify(st, &name, against.as_deref(), key.as_deref())
        }),
        Command::SecretLog {
            name: Some(name),
            phase,
            power,
            json,
            export,
            map: None,
            ..
        } => read(&db, cli.now.as_deref(), |st, now| {
            secret_log_cmd(st, now, &name, phase, power, json, export)
        }),
        Command::SecretLog { name: None, .. } => {
            errln!("dipspy: secret-log needs a game");
            ExitCode::from(2)
        }
        Command::Map {
            name,
            phase,
            before,
            after: _,
            output,
        } => read(&db, cli.now.as_deref(), |st, _| {
            picture::game_map(st, &name, phase.as_deref(), before, output.as_deref())
        }),
        Command::Serve { once } => ops::serve(&config, &db, cli.now.as_deref(), once),
        Command::Demo {
            fixtures,
            keep,
            all_mail,
            web: false,
            ..
        } => ops::demo(fixtures, keep, all_mail),
        Command::Demo {
            fixtures,
            keep,
            all_mail,
            web: true,
            listen,
        } => web::demo(fixtures, keep, all_mail, &listen),
        Command::Web { listen } => web::web(&config, &db, listen.as_deref()),
        Command::PasswordHash => ops::password_hash(),
        Command::Status { json } if !db.exists() => ops::status_without_database(&db, json),
        Command::Status { json } => read(&db, cli.now.as_deref(), |st, now| {
            ops::status(st, &db, now, json)
        }),
        Command::Backup { file } => ops::backup(&db, &file),
        Command::Check { send_test } => {
            ops::check(cli.config.as_deref(), &config, &db, send_test.as_deref())
        }
        Command::Oauth(o) => oauth::oauth(&config, &db, o),
        Command::SystemdUnit { user } => ops::systemd_unit(cli.config.as_deref(), &user),
        Command::Master(m) => run_on(&db, cli.now.as_deref(), true, |st, now| {
            ops::master(st, now, m)
        }),
        Command::Quarantine(q) => {
            let js = config.judge_settings();
            change(&db, cli.now.as_deref(), |st, now| {
                ops::quarantine(st, &js, now, q)
            })
        }
    }
}

/// The time given with the hidden `--now` option, if any (exit status 2
/// when it is not a time).
fn fixed_clock(now: Option<&str>) -> Result<Option<DateTime<Utc>>, ExitCode> {
    match now {
        None => Ok(None),
        Some(t) => match DateTime::parse_from_rfc3339(t) {
            Ok(t) => Ok(Some(t.with_timezone(&Utc))),
            Err(_) => {
                errln!("dipspy: --now `{t}` is not a time like 2025-03-01T18:00:00Z");
                Err(ExitCode::from(2))
            }
        },
    }
}

/// The key file that signs the secret log's heads, from the configuration.
static HEAD_KEY: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Opens the games database (exit status 1 when it cannot be).
fn open_store(db: &Path) -> Result<Store, ExitCode> {
    let st = Store::open(db).map_err(|e| {
        errln!("dipspy: {e}");
        ExitCode::from(1)
    })?;
    with_head_key(st)
}

/// Opens the games database for a command that only reads: a missing
/// database is an error, never created (exit status 1).
fn open_existing(db: &Path) -> Result<Store, ExitCode> {
    let st = Store::open_existing(db).map_err(|e| {
        errln!("dipspy: {e}");
        ExitCode::from(1)
    })?;
    with_head_key(st)
}

/// The store, signing the secret log's heads with the configured key.
fn with_head_key(mut st: Store) -> Result<Store, ExitCode> {
    if let Some(k) = HEAD_KEY.get()
        && let Err(e) = st.use_head_key(k)
    {
        errln!("dipspy: {e}");
        return Err(ExitCode::from(1));
    }
    Ok(st)
}

/// [`run_on`] for a command that only reads: the database must exist (a
/// wrong `--db` is an error naming the file, exit status 1).
fn read<E: std::fmt::Display>(
    db: &Path,
    now: Option<&str>,
    f: impl FnOnce(&mut Store, DateTime<Utc>) -> Result<ExitCode, E>,
) -> ExitCode {
    run_on(db, now, true, f)
}

/// [`read`] for a command that writes (`tick`, `orders submit`...).
fn change<E: std::fmt::Display>(
    db: &Path,
    now: Option<&str>,
    f: impl FnOnce(&mut Store, DateTime<Utc>) -> Result<ExitCode, E>,
) -> ExitCode {
    run_on(db, now, true, f)
}

/// Opens the database (made if missing unless `must_exist`: only `game
/// create` makes one), reads the clock, runs one command; errors become a
/// message on stderr and exit status 1.
fn run_on<E: std::fmt::Display>(
    db: &Path,
    now: Option<&str>,
    must_exist: bool,
    f: impl FnOnce(&mut Store, DateTime<Utc>) -> Result<ExitCode, E>,
) -> ExitCode {
    let now = match fixed_clock(now) {
        Ok(t) => t.unwrap_or_else(Utc::now),
        Err(code) => return code,
    };
    let opened = if must_exist {
        open_existing(db)
    } else {
        open_store(db)
    };
    let mut st = match opened {
        Ok(s) => s,
        Err(code) => return code,
    };
    match f(&mut st, now) {
        Ok(code) => code,
        Err(e) => {
            errln!("dipspy: {e}");
            ExitCode::from(1)
        }
    }
}

/// Prints a view as pretty JSON, harmless on a terminal (see
/// [`output::json_safe`]).
fn print_json<T: serde::Serialize>(v: &T) {
    let json = serde_json::to_string_pretty(v).expect("views always serialise");
    outln!("{}", output::json_safe(&json));
}

fn game_cmd(st: &mut Store, now: DateTime<Utc>, cmd: GameCommand) -> Result<ExitCode, GameError> {
    match cmd {
        GameCommand::Create { name, settings } => {
            let o = CreateOptions::from(settings);
            game::create(st, &name, &o, now)?;
            outln!("Game {name} created; players may join.");
        }
        GameCommand::Join {
            name,
            power,
            email,
            password,
        } => {
            let r = game::join(st, &name, power.as_deref(), &email, &password, now)?;
            match &r.power {
                Some(p) => outln!("{email} plays {p} in game {name}."),
                None => outln!(
                    "{email} joined game {name}; a power is drawn at random when the game fills."
                ),
            }
            for (p, e) in &r.assigned {
                outln!("The game is full: {e} plays {p}.");
            }
        }
        GameCommand::Start { name } => {
            let info = game::start(st, &name, now)?;
            outln!("Game {name} started: {info}.");
        }
        GameCommand::Show { name, json } => {
            let v = game::show(st, &name)?;
            if json {
                print_json(&v);
            } else {
                out!("{}", views::show_text(&v));
            }
        }
        GameCommand::History { name, phase, json } => {
            let h = game::history(st, &name, phase.as_deref())?;
            if json {
                print_json(&h);
            } else {
                out!("{}", views::history_text(&h, phase.is_some()));
            }
        }
        GameCommand::Rollback { name, phase } => {
            let info = game::rollback(st, &name, &phase, now)?;
            outln!("Game {name} rolled back: now {info}.");
        }
        GameCommand::Pause { name } => {
            game::pause(st, &name, now)?;
            outln!("Game {name} paused.");
        }
        GameCommand::Resume { name } => {
            let info = game::resume(st, &name, now)?;
            outln!("Game {name} resumed: {info}.");
        }
        GameCommand::List { json } => {
            let l = game::list(st)?;
            if json {
                print_json(&l);
            } else if l.is_empty() {
                outln!("No games.");
            } else {
                for g in l {
                    outln!(
                        "{:<20} {:<10} {:<9} {:<7} {}",
                        g.name,
                        g.variant,
                        g.status,
                        g.phase.unwrap_or_default(),
                        g.deadline.unwrap_or_default()
                    );
                }
            }
        }
        GameCommand::Draw {
            name,
            power,
            withdraw,
        } => {
            let r = game::draw_vote(st, &name, &power, !withdraw, now)?;
            if let Some(how) = &r.ended {
                let how = crate::text::game_over::how(crate::text::Lang::En, how);
                outln!("Game {name} ends in {how}.");
            } else {
                outln!(
                    "Draw votes in game {name}: {}; still to vote: {}.",
                    if r.voted.is_empty() {
                        "none".to_string()
                    } else {
                        r.voted.join(", ")
                    },
                    r.waiting_for.join(", ")
                );
            }
        }
        GameCommand::End { name } => {
            game::end(st, &name, now)?;
            outln!("Game {name} ended by the judge.");
        }
        GameCommand::Process { name } => {
            let r = game::process(st, &name, now)?;
            print_process(&r);
        }
        GameCommand::Replay { name } => {
            let (n, bad) = game::replay(st, &name)?;
            if bad.is_empty() {
                outln!("Replayed {n} phases of game {name}: every result and position matches.");
            } else {
                for b in &bad {
                    let what = crate::text::replay::mismatch(crate::text::Lang::En, &b.what);
                    outln!("{} (#{}): {what}", b.phase, b.seq);
                }
                outln!(
                    "Replayed {n} phases of game {name}: {} differences.",
                    bad.len()
                );
                return Ok(ExitCode::from(1));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn secret_log_cmd(
    st: &mut Store,
    now: DateTime<Utc>,
    name: &str,
    phase: Option<String>,
    power: Option<String>,
    json: bool,
    export: Option<PathBuf>,
) -> Result<ExitCode, GameError> {
    if let Some(file) = export {
        let text = game::export_secret_log(st, name, phase.as_deref(), power.as_deref(), now)?;
        // The export holds the secret log: for the judge's eyes (0600).
        if let Err(e) = crate::files::write_private(&file, (text + "\n").as_bytes()) {
            errln!("dipspy: {}: cannot write the export: {e}", file.display());
            return Ok(ExitCode::from(2));
        }
        outln!("Secret log of game {name} written to {}.", file.display());
        return Ok(ExitCode::SUCCESS);
    }
    let rows = game::secret_log(st, name, phase.as_deref(), power.as_deref())?;
    if json {
        print_json(&rows);
    } else if rows.is_empty() {
        outln!("The secret log of game {name} has no entries for this choice.");
    } else {
        out!("{}", crate::secretlog::text(&rows));
    }
    Ok(ExitCode::SUCCESS)
}

fn print_process(r: &game::ProcessReport) {
    out!("{}", r.report);
    match &r.next {
        Some(info) => outln!("Game {}: now {info}.", r.game),
        None => outln!("Game {} is over.", r.game),
    }
}

fn orders_cmd(
    st: &mut Store,
    now: DateTime<Utc>,
    cmd: OrdersCommand,
) -> Result<ExitCode, GameError> {
    match cmd {
        OrdersCommand::Submit {
            name,
            power,
            file,
            phase,
            from,
            message_id,
        } => {
            let limit = crate::files::MAX_ORDERS_BYTES;
            let text = if file == "-" {
                match crate::files::read_limited(std::io::stdin().lock(), limit) {
                    Ok(Some(b)) => match String::from_utf8(b) {
                        Ok(s) => s,
                        Err(_) => {
                            errln!("dipspy: the orders on standard input are not UTF-8 text");
                            return Ok(ExitCode::from(2));
                        }
                    },
                    Ok(None) => {
                        errln!(
                            "dipspy: the orders on standard input are too long: more than {limit} bytes"
                        );
                        return Ok(ExitCode::from(2));
                    }
                    Err(e) => {
                        errln!("dipspy: cannot read the orders from standard input: {e}");
                        return Ok(ExitCode::from(2));
                    }
                }
            } else {
                match crate::files::read_text_bounded(Path::new(&file), limit, "an orders file") {
                    Ok(s) => s,
                    Err(e) => {
                        errln!("dipspy: cannot read the orders: {e}");
                        return Ok(ExitCode::from(2));
                    }
                }
            };
            let sender = Sender {
                from,
                message_id,
                ..Default::default()
            };
            let r = game::submit_orders(st, &name, &power, &text, phase.as_deref(), &sender, now)?;
            outln!("Orders for {power} in game {name}, {}:", r.phase);
            for l in &r.lines {
                match (&l.order, &l.error) {
                    (Some(o), _) => match &l.replaced {
                        Some(old) => outln!("  {o}  (replaces {old})"),
                        None => outln!("  {o}"),
                    },
                    (None, Some(e)) => outln!("  line {}: `{}`: rejected, {e}", l.line, l.raw),
                    _ => {}
                }
            }
            outln!("Orders now standing: {}", r.standing.join("; "));
            if r.rejected() > 0 {
                errln!(
                    "dipspy: {} line(s) rejected; the other orders were stored",
                    r.rejected()
                );
                return Ok(ExitCode::from(1));
            }
        }
        OrdersCommand::Show { name, power, json } => {
            let (phase, list) = game::show_orders(st, &name, power.as_deref())?;
            if json {
                print_json(&list);
            } else {
                outln!("Orders in game {name}, {phase}:");
                for p in list {
                    let state = if !p.needs_orders {
                        "nothing to order"
                    } else if p.complete {
                        "complete"
                    } else if p.orders.is_empty() {
                        "no orders"
                    } else {
                        "incomplete"
                    };
                    let wait = if p.wait { ", waiting" } else { "" };
                    outln!("{} ({state}{wait}):", p.power);
                    for o in p.orders {
                        outln!("  {o}");
                    }
                    for o in p.spy {
                        outln!("  {o}   (espionage)");
                    }
                    for o in p.later {
                        outln!("  for {o}   (sent with PHASE)");
                    }
                }
            }
        }
        OrdersCommand::Clear { name, power } => {
            let n = game::clear_orders(st, &name, &power)?;
            outln!("Withdrew {n} orders for {power} in game {name}.");
        }
        OrdersCommand::Wait { name, power, state } => {
            let on = matches!(state, OnOff::On);
            game::set_wait(st, &name, &power, on)?;
            if on {
                outln!("{power} waits: game {name} is not processed before the deadline.");
            } else {
                outln!("{power} no longer waits in game {name}.");
            }
        }
    }
    let _ = now;
    Ok(ExitCode::SUCCESS)
}

fn tick(st: &mut Store, now: DateTime<Utc>) -> Result<ExitCode, GameError> {
    let done = game::tick(st, now)?;
    let mut failed = false;
    for (name, r) in done {
        match r {
            Ok((reason, rep)) => {
                let why = match reason {
                    game::TickReason::Deadline => "deadline passed",
                    game::TickReason::AllOrdersIn => "all orders in",
                };
                if rep.reaction_opened {
                    outln!("== {name}: {} orders frozen ({why})", rep.processed);
                } else {
                    outln!("== {name}: {} processed ({why})", rep.processed);
                }
                print_process(&rep);
            }
            Err(e) => {
                failed = true;
                errln!("dipspy: game {name}: {e}");
            }
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
