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
        concat!($expr, " AS ", stringify!($field))
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
/// expression named as the field (`pub game: String = "g.name"`).
macro_rules! row {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $( $(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty $(= $expr:literal)? ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $( $(#[$fmeta])* $fvis $field: $ty, )+
        }

        impl $name {
            /// The row's columns, as a `SELECT` list in the fields' order.
            pub(in crate::store) const COLS: &'static str = cols!($($field $(= $expr)?),+);

            /// Reads the row from a result row, each field from the column
            /// of its name.
            pub(in crate::store) fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
                Ok(Self {
                    $( $field: r.get(stringify!($field))?, )+
                })
            }
        }
    };
}
