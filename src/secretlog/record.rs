//! An entry of the secret log as typed data, kept beside its hashed
//! words (`secret_log_records`): whom it concerns and, for the receipt of
//! a spy order, that order. A power's view or export of the log is chosen
//! by [`concerns`], and `game replay` checks every stored spy order
//! against its receipt, from these records and never from the words.
//!
//! A record is not part of an entry's hash: it says which entries a
//! power's export shows in words (the others in its range are withheld,
//! and still checked), and what replay compares the spy orders with.
//! Entries written before records were kept have none (see [`concerns`]).

use crate::store::SecretRow;
use crate::store::Tx;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What one entry records as data.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The powers the entry concerns: its actor and every power it names
    /// or whose unit it touches. Empty for an entry about no power.
    #[serde(default)]
    pub about: Vec<String>,
    /// The receipt of a spy order: the order as received.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<OrderRecord>,
    /// A rollback: the spy orders it copied into the phase played again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub copies: Vec<Copied>,
}

/// A spy order as its receipt recorded it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderRecord {
    /// The spy order's row (`spy_orders.id`).
    pub id: i64,
    /// The power that sent it.
    pub owner: String,
    /// What it aims at: a province (with its coast), a nation, or empty.
    pub target: String,
    /// Its canonical text.
    pub text: String,
}

/// A spy order copied by a rollback: the row it was copied from and the
/// new row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Copied {
    pub from: i64,
    pub to: i64,
}

impl Record {
    /// A record about these powers (sorted, each once).
    pub fn about(powers: impl IntoIterator<Item = String>) -> Record {
        let mut about: Vec<String> = powers.into_iter().collect();
        about.sort();
        about.dedup();
        Record {
            about,
            ..Record::default()
        }
    }

    /// The record as compact JSON, as it is stored beside its entry.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("records serialise")
    }
}

/// Every record of a game's log, by entry number. A record that no longer
/// reads is left out (the entry is then chosen by its `power` alone, and
/// replay finds its spy order unrecorded).
pub(crate) fn load(c: &Tx<'_>, game: i64) -> crate::store::DbResult<BTreeMap<i64, Record>> {
    Ok(c.log_records(game)?
        .into_iter()
        .filter_map(|(seq, text)| match serde_json::from_str(&text) {
            Ok(r) => Some((seq, r)),
            Err(e) => {
                tracing::warn!(game, seq, error = %e, "unreadable secret-log record");
                None
            }
        })
        .collect())
}

/// Whether an entry concerns `power`: an entry about no power concerns
/// every power; otherwise its actor and, by its record, every power it
/// names or touches. An entry without a record (written before records
/// were kept) concerns its actor only.
pub(crate) fn concerns(row: &SecretRow, record: Option<&Record>, power: &str) -> bool {
    match &row.power {
        None => true,
        Some(p) if p == power => true,
        Some(_) => record.is_some_and(|r| r.about.iter().any(|a| a == power)),
    }
}
