//! Rows of the espionage tables (`migrations/0003_espionage.sql`): spy
//! orders, the per-phase espionage state, the secret log and reminders.

use super::SpyOrderStatus;
use super::{DbResult, Tx};
use rusqlite::{OptionalExtension, params};

row! {
/// An espionage line received for a phase, as stored.
#[derive(Debug, Clone)]
pub struct SpyOrderRow {
    /// The line's row id.
    pub id: i64,
    /// The power that sent it.
    pub power: String,
    /// The line as written.
    pub raw: String,
    /// The line in canonical form.
    pub parsed: String,
    /// What a later line of the same slot replaces (`spy`, `counterspy`, `reaction`, ...).
    pub slot: String,
    /// Live, replaced or rejected.
    pub status: SpyOrderStatus,
    /// Why it was refused; none unless rejected.
    pub error: Option<String>,
    /// The address it came from.
    pub submitted_by: String,
    /// When it came (RFC 3339).
    pub submitted_at: String,
    /// The `Message-ID` of the mail it came in.
    pub message_id: Option<String>,
}
}

const SPY_COLS: &str = SpyOrderRow::COLS;

impl Tx<'_> {
    /// Every espionage line received for a phase, in the order received.
    pub fn spy_orders(&self, phase_id: i64) -> DbResult<Vec<SpyOrderRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {SPY_COLS} FROM spy_orders WHERE phase_id = ?1 ORDER BY id"
        ))?;
        Ok(st
            .query_map([phase_id], SpyOrderRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The espionage lines of a phase that stand (status `live`), of one
    /// power or of all, in the order received (index `spy_orders_live`).
    pub fn live_spy_orders(
        &self,
        phase_id: i64,
        power: Option<&str>,
    ) -> DbResult<Vec<SpyOrderRow>> {
        Ok(super::live_rows(
            self,
            "spy_orders",
            SPY_COLS,
            phase_id,
            power,
            SpyOrderRow::from_row,
        )?)
    }
}

/// An espionage line to store.
pub struct NewSpyOrder<'a> {
    /// The phase's row id.
    pub phase_id: i64,
    /// The power that sent it.
    pub power: &'a str,
    /// The line as written.
    pub raw: &'a str,
    /// The line in canonical form.
    pub parsed: &'a str,
    /// What a later line of the same slot replaces (`spy`, `counterspy`, `reaction`, ...).
    pub slot: &'a str,
    /// Why it is refused (the line is then stored rejected); none: it stands.
    pub error: Option<&'a str>,
    /// The address it came from.
    pub submitted_by: &'a str,
    /// When it came (RFC 3339).
    pub submitted_at: &'a str,
    /// The `Message-ID` of the mail it came in.
    pub message_id: Option<&'a str>,
}

impl Tx<'_> {
    /// Stores an espionage line, live or rejected; returns its row id.
    pub fn insert_spy_order(&self, o: &NewSpyOrder<'_>) -> DbResult<i64> {
        let status = if o.error.is_some() {
            SpyOrderStatus::Rejected
        } else {
            SpyOrderStatus::Live
        };
        crate::store::exec_keeping(
            self,
            "INSERT INTO spy_orders (phase_id, power, raw, parsed, slot, status, error,
                                 submitted_by, submitted_at, message_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                o.phase_id,
                o.power,
                o.raw,
                o.parsed,
                o.slot,
                status,
                o.error,
                o.submitted_by,
                o.submitted_at,
                o.message_id
            ],
        )?;
        Ok(self.last_insert_rowid())
    }

    /// Marks the power's live line in `slot` replaced; returns its text.
    pub fn replace_slot(&self, phase_id: i64, power: &str, slot: &str) -> DbResult<Option<String>> {
        let old: Option<String> = crate::store::one(
            self,
            "SELECT group_concat(parsed, '; ') FROM spy_orders
         WHERE phase_id = ?1 AND power = ?2 AND slot = ?3 AND status = 'live'",
            params![phase_id, power, slot],
            |r| r.get(0),
        )
        .optional()?
        .flatten();
        crate::store::exec_keeping(
            self,
            "UPDATE spy_orders SET status = 'replaced'
         WHERE phase_id = ?1 AND power = ?2 AND slot = ?3 AND status = 'live'",
            params![phase_id, power, slot],
        )?;
        Ok(old)
    }

    /// Withdraws every live espionage line of a power (`orders clear`).
    pub fn withdraw_spy_orders(&self, phase_id: i64, power: &str) -> DbResult<usize> {
        Ok(crate::store::exec(
            self,
            "UPDATE spy_orders SET status = 'replaced'
         WHERE phase_id = ?1 AND power = ?2 AND status = 'live'",
            params![phase_id, power],
        )?)
    }
}

row! {
/// The espionage state of one phase of an espionage game.
#[derive(Debug, Clone, Default)]
pub struct PhaseEspionageRow {
    /// The Spionage organisations as the phase starts, as JSON.
    pub organisations: String,
    /// When the Espionnite reaction phase opened; none while it has not.
    pub reaction_opened_at: Option<String>,
    /// The movement deadline, kept while the phase's deadline is the reaction deadline.
    pub orders_deadline: Option<String>,
    /// The powers that owed a reaction when the reaction phase opened
    /// (ESP-8), a JSON array of power names.
    pub reactions_owed: Option<String>,
}
}

impl Tx<'_> {
    /// The espionage state of a phase, if it has one.
    pub fn phase_espionage(&self, phase_id: i64) -> DbResult<Option<PhaseEspionageRow>> {
        Ok(crate::store::one(
            self,
            &format!(
                "SELECT {} FROM phase_espionage WHERE phase_id = ?1",
                PhaseEspionageRow::COLS
            ),
            [phase_id],
            PhaseEspionageRow::from_row,
        )
        .optional()?)
    }

    /// Stores a phase's espionage state with its organisations (JSON).
    pub fn insert_phase_espionage(&self, phase_id: i64, organisations: &str) -> DbResult<()> {
        crate::store::exec(
            self,
            "INSERT INTO phase_espionage (phase_id, organisations) VALUES (?1, ?2)",
            params![phase_id, organisations],
        )?;
        Ok(())
    }

    /// Marks a phase's reaction phase open: when, the movement deadline kept, and the powers owing a reaction (JSON).
    pub fn open_reaction(
        &self,
        phase_id: i64,
        at: &str,
        orders_deadline: Option<&str>,
        reactions_owed: &str,
    ) -> DbResult<()> {
        crate::store::exec(
            self,
            "UPDATE phase_espionage SET reaction_opened_at = ?2, orders_deadline = ?3,
                                    reactions_owed = ?4
         WHERE phase_id = ?1",
            params![phase_id, at, orders_deadline, reactions_owed],
        )?;
        Ok(())
    }
}

// ------------------------------------------------------------ secret log

row! {
/// An entry of a game's secret log.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SecretRow {
    /// Its number within the game's log: 1, 2, ...
    pub seq: i64,
    /// The phase it belongs to.
    pub phase: String,
    /// When it was written (RFC 3339, UTC).
    pub at: String,
    /// What kind of entry it is (`received`, `spy-result`, ...).
    pub kind: String,
    /// The power it is about; none: every power.
    pub power: Option<String>,
    /// The sender's address and message id of a received line.
    pub source: Option<String>,
    /// What happened, in the judge's English.
    pub text: String,
    /// The hash of the entry before (zeros for the first).
    pub prev_hash: String,
    /// This entry's hash, chained to the one before.
    pub hash: String,
    /// How the hash is computed (see the secret log's module): 1 or 2.
    pub recipe: i64,
}
}

impl Tx<'_> {
    /// Every entry of a game's secret log, by number.
    pub fn secret_rows(&self, game: i64) -> DbResult<Vec<SecretRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {} FROM secret_log WHERE game_id = ?1 ORDER BY seq",
            SecretRow::COLS
        ))?;
        Ok(st
            .query_map([game], SecretRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The head of a game's secret log: (entries, hash of the newest).
    pub fn secret_head(&self, game: i64) -> DbResult<Option<(i64, String)>> {
        Ok(crate::store::one(
            self,
            "SELECT entries, hash FROM secret_log_head WHERE game_id = ?1",
            [game],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?)
    }

    /// Appends an entry to a game's secret log.
    pub fn insert_secret(&self, game: i64, e: &SecretRow) -> DbResult<()> {
        crate::store::exec_keeping(self,
        "INSERT INTO secret_log (game_id, seq, phase, at, kind, power, source, text, prev_hash, hash, recipe)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            game,
            e.seq,
            e.phase,
            e.at,
            e.kind,
            e.power,
            e.source,
            e.text,
            e.prev_hash,
            e.hash,
            e.recipe
        ],
    )?;
        crate::store::exec_keeping(
            self,
            "INSERT INTO secret_log_head (game_id, entries, hash) VALUES (?1, ?2, ?3)
         ON CONFLICT (game_id) DO UPDATE SET entries = excluded.entries, hash = excluded.hash",
            params![game, e.seq, e.hash],
        )?;
        Ok(())
    }
}

row! {
/// A signed head as stored (`migrations/0016_signed_heads.sql`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedHeadRow {
    /// The exact text signed.
    pub message: String,
    /// The phase it was signed after.
    pub phase: String,
    /// What made it owed (a phase processed, a reaction phase opened, the game ended).
    pub event: String,
    /// The first entry it covers.
    pub first_seq: i64,
    /// The last entry it covers.
    pub last_seq: i64,
    /// The last entry's hash.
    pub hash: String,
    /// The signing key's public half, hex (32 bytes).
    pub public_key: String,
    /// The Ed25519 signature of `message`, hex (64 bytes).
    pub signature: String,
    /// When it was signed (RFC 3339).
    pub signed_at: String,
}
}

impl Tx<'_> {
    /// A game's signed heads, oldest first.
    pub fn signed_heads(&self, game: i64) -> DbResult<Vec<SignedHeadRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {} FROM secret_log_signed_heads WHERE game_id = ?1 ORDER BY id",
            SignedHeadRow::COLS
        ))?;
        Ok(st
            .query_map([game], SignedHeadRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Stores a game's signed head.
    pub fn insert_signed_head(&self, game: i64, h: &SignedHeadRow) -> DbResult<()> {
        crate::store::exec(
        self,
        "INSERT INTO secret_log_signed_heads (game_id, message, phase, event, first_seq, last_seq,
                                              hash, public_key, signature, signed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            game,
            h.message,
            h.phase,
            h.event,
            h.first_seq,
            h.last_seq,
            h.hash,
            h.public_key,
            h.signature,
            h.signed_at
        ],
    )?;
        Ok(())
    }
}

/// When a game's espionage phases were processed and their reaction
/// phases opened, oldest first: the events that owe a signed head.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HeadEvents {
    /// (phase, processed_at) of every processed phase, rolled back or not.
    pub processed: Vec<(String, String)>,
    /// (phase, reaction_opened_at) of every reaction phase opened.
    pub reactions_opened: Vec<(String, String)>,
}

impl Tx<'_> {
    /// When a game's phases were processed and its reaction phases opened (see [`HeadEvents`]).
    pub fn head_events(&self, game: i64) -> DbResult<HeadEvents> {
        let c = self;
        let list = |sql: &str| -> rusqlite::Result<Vec<(String, String)>> {
            let mut st = c.prepare_cached(sql)?;
            st.query_map([game], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect()
        };
        Ok(HeadEvents {
            processed: list(
                "SELECT p.phase, p.processed_at FROM phases p
             JOIN phase_espionage e ON e.phase_id = p.id
             WHERE p.game_id = ?1 AND p.processed_at IS NOT NULL ORDER BY p.seq",
            )?,
            reactions_opened: list(
                "SELECT p.phase, e.reaction_opened_at FROM phases p
             JOIN phase_espionage e ON e.phase_id = p.id
             WHERE p.game_id = ?1 AND e.reaction_opened_at IS NOT NULL ORDER BY p.seq",
            )?,
        })
    }

    /// Whether the opening of a reaction phase (`phase`, at `at`) was
    /// announced with a typed notice: written after typed notices existed
    /// (migration 0020), so after the reactions owed were stored.
    pub fn reaction_announced_typed(&self, game: i64, phase: &str, at: &str) -> DbResult<bool> {
        Ok(crate::store::one(
            self,
            "SELECT EXISTS (SELECT 1 FROM announcements
         WHERE game_id = ?1 AND phase = ?2 AND kind = 'reaction' AND created_at = ?3
           AND notice IS NOT NULL)",
            params![game, phase, at],
            |r| r.get(0),
        )?)
    }
}

// ------------------------------------------------------------ reminders

impl Tx<'_> {
    /// Records a reminder; false when one was already sent for the phase.
    pub fn insert_reminder(&self, phase_id: i64, power: &str, at: &str) -> DbResult<bool> {
        let n = crate::store::exec(
            self,
            "INSERT OR IGNORE INTO reminders (phase_id, power, sent_at) VALUES (?1, ?2, ?3)",
            params![phase_id, power, at],
        )?;
        Ok(n == 1)
    }
}
