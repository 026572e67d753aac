//! The life of a game: creation, players joining, phases played one after
//! another, orders received, deadlines, missed orders, victory, draws,
//! rollbacks, and the replay that checks the stored history.
//!
//! Every operation takes the time `now` from its caller (the clock lives
//! in the command line), runs in one transaction of the [`Store`], and
//! either changes everything it should or nothing at all.
//!
//! Order replacement: in movement and retreat phases a power's new order
//! for a unit replaces that power's earlier order for the same unit (the
//! unit is known by its province); its other earlier orders stand. In an
//! adjustment phase a new submission replaces the power's whole earlier
//! set, since builds belong to no unit. Unreadable lines replace nothing.
//! `clear_orders` withdraws all of a power's orders.
//!
//! The game layer owns the rules of a game's life; it calls the pure
//! engine for every ruling and the store for every read and write, and
//! never touches mail, the network or the clock. One file per concern:
//!
//! - `lifecycle`: create, start, end; `players`: join, sign on,
//!   resign, observe;
//! - `orders`: orders received; [`process`]: a phase processed;
//!   [`tick`]: deadlines reached; `deadlines`: pause, resume, move;
//! - `draw`: draw votes; [`rollback`]: rollback and replay;
//!   `press`: press relayed; `views`: what the CLI and mail show;
//! - `future_orders`: orders for a later phase (PHASE) and conditional
//!   orders (IF ... ENDIF), kept and applied as their phase begins;
//!   `conditions`: the conditions of IF blocks answered on a position;
//! - `esp`: the espionage part of a game's life; `reminders`: mail
//!   before a deadline;
//! - `settings`, `clock`, `stored`, `loaded`, `error`: the
//!   pieces the others share; `power_view`: one power's own view, for
//!   its page;
//! - `database`: the games database as `judge` and `cli` reach it
//!   (they never name the store themselves); `locks`: wrong passwords
//!   and the locks they start.

mod absence;
mod address;
mod clock;
mod coded;
pub(crate) mod codes;
mod conditions;
mod database;
mod deadlines;
mod draw;
mod error;
mod esp;
mod esp_views;
mod fake_press;
mod final_head;
mod future_orders;
mod judge_marks;
mod language;
mod lateness;
mod lifecycle;
mod loaded;
mod locks;
mod notice;
mod observe;
mod orders;
mod pictures;
mod players;
mod power_view;
mod press;
mod process;
mod refused;
mod reminders;
mod report_data;
mod reports;
mod rollback;
mod roster;
mod settings;
mod spy_receipts;
mod stored;
mod takeover;
mod tick;
mod views;
mod words;

pub use crate::lang::Lang;
pub use absence::{AbsenceError, AbsenceReport, absences_of, clear_absences, set_absence};
pub use address::{
    AddressChanged, AddressError, CONFIRM_DAYS, confirm_address_change, request_address_change,
};
pub use clock::{format_minutes, next_time_of_day, parse_duration, show_time};
pub use coded::{Arg, Coded, Why};
pub use conditions::test_conditions;
pub use database::{
    Attachment, DbError, GameOutcome, GameStatus, LockError, OrderStatus, PhaseStatus, PowerStatus,
    Store, StoreError, Tx, backup_database, lock_judge, results_mails,
};
pub use deadlines::{PhaseInfo, pause, resume, set_deadline};
pub use draw::{DrawReport, Vote, draw_vote, vote};
pub use error::{Action, Damage, GameError, MailCommandError, Refusal, StoredEnd, VoteRefusal};
pub use esp::{export_secret_log, publish_head, secret_log, verify_secret_log};
pub use esp_views::{Step, UnitStory};
pub use fake_press::{FakePressError, FakeReport, FakeShown, relay_fake_press};
pub use future_orders::{
    BlockOrder, BlockOutcome, clear_future_orders, standing_future_orders, submit_block_orders,
};
pub use language::{
    choose_lang, chosen_lang, chosen_reply_lang, game_lang, plays_a_power, reader_lang, reply_lang,
    set_language, set_reply_language,
};
pub use lifecycle::{create, end, start};
pub use loaded::Missing;
pub use locks::{
    Guarded, LockState, Unlocked, password_lock, record_wrong_password, start_password_lock, unlock,
};
pub use notice::{
    AdvanceNote, AdvanceOutcome, LaterOrder, Notice, OrLegacy, Recipient, VacantWhy, VoteWords,
    WelcomeBoard, When, master_acted, post_signon_lock,
};
pub use observe::{ObserveAsked, request_observe};
pub use orders::{
    PowerOrders, Sender, SubmitReport, SubmittedLine, Via, clear_orders, not_an_order, set_wait,
    show_orders, submit_orders,
};
pub use pictures::{
    PhasePicture, announcement_pictures, attachments as picture_attachments, phase_picture,
};
pub use players::{
    JoinReport, SignonInfo, join, observe, power_name, resign, set_password, signon_info,
    takes_part,
};
pub use power_view::{OwnView, Stage, power_view};
pub use press::{Press, all_powers_but, relay_press};
pub use process::{ProcessReport, process};
pub use refused::{MapProblem, Refused};
pub use reminders::send_reminders;
pub use report_data::{board, centres, phase_results};
pub use reports::{
    Board, CentreLine, Centres, Changed, DislodgedLine, Ended, FinalCount, GameOver, OrderLine,
    PhaseResults, PowerOrders as ResultOrders, ReactionOpened, Results, SignedHead, SpyReport,
    Started,
};
pub use rollback::{Mismatch, ReplayMismatch, replay, rollback};
pub use roster::{CentreTable, PowerRoster, Roster, Stint, roster};
pub use settings::{CreateOptions, DrawRule, EspionageRules, Pictures, Settings};
pub use stored::{PositionError, position_from_json, position_to_json};
pub use takeover::{Takeover, decide_takeover, eject, request_takeover};
pub use tick::{TickOutcome, TickReason, tick};
pub use views::{
    DefaultKind, GameSummary, GameView, HistoryDefault, HistoryDislodged, HistoryEntry,
    HistoryOrder, PowerView, current_phase, history, history_in, list, preview, show,
};

pub use words::{Args as WordArgs, LogLine, Value as WordValue, Words, install_words};

type Result<T> = std::result::Result<T, GameError>;
