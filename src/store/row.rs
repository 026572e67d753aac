//! One declaration per table's row: [`row!`] writes the struct, its list
//! of columns and its reading by column name from the same field list, so
//! a field and its column cannot drift apart (a misnamed field is a
//! "no such column" from SQLite, never a value read into the wrong field).

/// One column of a `SELECT` list: the field's name, or the expression
/// given for it named as the field (`g.name AS game`).
macro_rules! col {
    ($field:ident) => {
        stringify!($field)
    };
    ($field:ident, $expr:literal) => {
        concat!($expr, " AS \"", stringify!($field), "\"")
    };
}

/// The fields as one `SELECT` list: `"a, b, c"`.
macro_rules! cols {
    ($first:ident $(= $e:literal)? $(, $rest:ident $(= $re:literal)?)*) => {
        concat!(col!($first $(, $e)?) $(, ", ", col!($rest $(, $re)?))*)
    };
}

/// Declares a row of a table: the struct as written, and in its `impl`
/// `COLS` (its fields as a `SELECT` list, in the fields' order) and
/// `from_row` (each field read from the column of its name). A field is
/// the column of its name, or, with `= "expression"` after its type, that
/// expression named as the field (`pub game: String = "g.name"`). Fields
/// after a `;` are no columns: `from_row` leaves them empty (`Default`),
/// for the caller to fill.
macro_rules! row {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $( $(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty $(= $expr:literal)? ),+ $(,)?
            $(; $( $(#[$xmeta:meta])* $xvis:vis $xfield:ident : $xty:ty ),+ $(,)? )?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $( $(#[$fmeta])* $fvis $field: $ty, )+
            $($( $(#[$xmeta])* $xvis $xfield: $xty, )+)?
        }

        impl $name {
            /// The row's columns, as a `SELECT` list in the fields' order.
            pub(in crate::store) const COLS: &'static str = cols!($($field $(= $expr)?),+);

            /// Reads the row from a result row, each field from the column
            /// of its name.
            pub(in crate::store) fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
                Ok(Self {
                    $( $field: r.get(stringify!($field))?, )+
                    $($( $xfield: Default::default(), )+)?
                })
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::super::absences::AbsenceRow;
    use super::super::address::AddressChange;
    use super::super::attachments::Attachment;
    use super::super::future_orders::FutureRow;
    use super::super::inbox::{InboxRow, QuarantinedMail};
    use super::super::observe_requests::PendingObserve;
    use super::super::outbox::OutMail;
    use super::super::signons::LockRow;
    use super::super::spy::{PhaseEspionageRow, SecretRow, SignedHeadRow, SpyOrderRow};
    use super::super::takeovers::{PlayerChange, TakeoverRow};
    use super::super::{
        AnnouncementRow, GameRow, OrderRow, PhaseRow, PowerRow, Store, WaitingPlayer,
    };

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let st = Store::open(&dir.path().join("t.db")).unwrap();
        (dir, st)
    }

    #[test]
    fn every_row_names_only_columns_of_its_table() {
        let (_dir, st) = store();
        let c = st.read();
        let rows: &[(&str, &str)] = &[
            (GameRow::COLS, "games"),
            (PowerRow::COLS, "powers"),
            (WaitingPlayer::COLS, "waiting_players"),
            (PhaseRow::COLS, "phases"),
            (OrderRow::COLS, "orders"),
            (
                AnnouncementRow::COLS,
                "announcements a JOIN games g ON g.id = a.game_id",
            ),
            (AbsenceRow::COLS, "absences"),
            (AddressChange::COLS, "address_changes"),
            (Attachment::COLS, "attachments"),
            (FutureRow::COLS, "future_orders"),
            (InboxRow::COLS, "inbox"),
            (QuarantinedMail::COLS, "inbox"),
            (PendingObserve::COLS, "observe_requests"),
            (OutMail::COLS, "outbox"),
            (LockRow::COLS, "password_locks"),
            (SpyOrderRow::COLS, "spy_orders"),
            (PhaseEspionageRow::COLS, "phase_espionage"),
            (SecretRow::COLS, "secret_log"),
            (SignedHeadRow::COLS, "secret_log_signed_heads"),
            (TakeoverRow::COLS, "takeovers"),
            (PlayerChange::COLS, "player_changes"),
        ];
        let wrong: Vec<String> = rows
            .iter()
            .filter_map(|(cols, from)| {
                c.prepare(&format!("SELECT {cols} FROM {from}"))
                    .err()
                    .map(|e| format!("{from}: {e}"))
            })
            .collect();
        assert!(wrong.is_empty(), "rows naming no column: {wrong:#?}");
    }

    row! {
        #[derive(Debug, PartialEq)]
        struct Reordered {
            ends: String,
            id: i64,
            power: String = "upper(power)",
            starts: String,
        }
    }

    row! {
        #[derive(Debug)]
        #[allow(dead_code)]
        struct Misnamed {
            id: i64,
            player: String,
        }
    }

    #[test]
    fn a_row_is_read_by_its_fields_names_whatever_the_order_of_the_columns() {
        let (_dir, mut st) = store();
        st.write(|c| {
            let g = c.insert_game("g", "standard", "", "{}", "2030-01-01T00:00:00Z")?;
            c.insert_absence(g, "france", "2030-02-01", "2030-02-03", "2030-01-02")
        })
        .unwrap();
        assert_eq!(
            Reordered::COLS,
            "ends, id, upper(power) AS \"power\", starts"
        );
        let c = st.read();
        let r = c
            .query_row(
                &format!("SELECT {} FROM absences", Reordered::COLS),
                [],
                Reordered::from_row,
            )
            .unwrap();
        assert_eq!(
            r,
            Reordered {
                ends: "2030-02-03".into(),
                id: 1,
                power: "FRANCE".into(),
                starts: "2030-02-01".into(),
            }
        );
        // The columns in another order, as another query may give them.
        let again = c
            .query_row(
                "SELECT starts, power, id, ends FROM absences",
                [],
                Reordered::from_row,
            )
            .unwrap();
        assert_eq!(again.starts, "2030-02-01");
        assert_eq!(again.ends, "2030-02-03");
    }

    #[test]
    fn a_field_that_names_no_column_is_an_error_not_a_wrong_value() {
        let (_dir, st) = store();
        let c = st.read();
        let e = c
            .prepare(&format!("SELECT {} FROM absences", Misnamed::COLS))
            .map(|_| ())
            .expect_err("no column `player` in absences");
        assert!(e.to_string().contains("no such column: player"), "{e}");
        // Read from a query that has no such column, it is refused by name.
        st.conn()
            .execute(
                "INSERT INTO games (name, variant, rules, settings, status, created_at)
                 VALUES ('g', 'standard', '', '{}', 'forming', 'now')",
                [],
            )
            .unwrap();
        let e = c
            .query_row(
                "SELECT id, name AS power FROM games",
                [],
                Misnamed::from_row,
            )
            .unwrap_err();
        assert!(
            matches!(e, rusqlite::Error::InvalidColumnName(ref n) if n == "player"),
            "{e:?}"
        );
    }
}
