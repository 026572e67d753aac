//! What can be wrong with a map file: errors for the judge who loads a
//! map (`dipspy maps check`, a game's own map file), not for players, so
//! they stay in English here.

/// What can be wrong with a map file.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum MapError {
    /// Another error, at this line of the file.
    #[error("line {line}: {error}")]
    Line {
        /// The 1-based line of the file.
        line: usize,
        /// What is wrong there.
        error: Box<MapError>,
    },
    /// The `victory` number of centres is 0 or more than the map has.
    #[error("`victory = {victory}`: the map has {centres} supply centres")]
    BadVictory {
        /// The number of centres for a win, as written.
        victory: usize,
        /// How many supply centres the map has.
        centres: usize,
    },
    /// The first year is outside 1 to 9999.
    #[error("the first year must be from 1 to 9999")]
    BadYear,
    /// The map this one is built on (a base) is not one the judge knows; its name.
    #[error("there is no map called `{0}`")]
    UnknownMap(String),
    /// The map this one is built on is broken: its name and its error.
    #[error("the map `{0}` this one is built on is broken: {1}")]
    InBase(String, Box<MapError>),
    /// The file asks for something dipspy does not support; what it is.
    #[error("{0}")]
    Unsupported(String),
    /// A line of a DPjudge map file does not read; what is wrong with it.
    #[error("{0}")]
    Syntax(String),
    /// A TOML map file is not valid TOML; the reader's message.
    #[error("the map file is not valid TOML: {0}")]
    Toml(String),
    /// A province is defined twice; its abbreviation.
    #[error("province `{0}` is defined twice")]
    DuplicateProvince(String),
    /// One name (or alias) is given to two powers or two provinces.
    #[error("the name `{name}` is used by both `{first}` and `{second}`")]
    DuplicateName {
        /// The name, normalised.
        name: String,
        /// The power or province that has it first.
        first: String,
        /// The power or province that has it again.
        second: String,
    },
    /// A province's line names a province the map does not have.
    #[error("province `{province}` names `{target}`, which is not a province of this map")]
    UnknownProvince {
        /// The province whose line names it.
        province: String,
        /// The name that is not a province.
        target: String,
    },
    /// A province's line names a coast that the target province does not have.
    #[error("province `{province}` names coast `{coast}`, which is not a coast of `{target}`")]
    UnknownCoast {
        /// The province whose line names it.
        province: String,
        /// The province the coast was named on.
        target: String,
        /// The coast as written.
        coast: String,
    },
    /// A border crossed one way but not the other.
    #[error("`{from}` is adjacent to `{to}` for {kind}, but `{to}` is not adjacent to `{from}`")]
    Asymmetric {
        /// The province (or coast) the border is given from.
        from: String,
        /// The province (or coast) that does not give it back.
        to: String,
        /// Who crosses it: `armies` or `fleets`.
        kind: &'static str,
    },
    /// A province that is wrong in itself (a bad or repeated coast, a sea with army neighbours, a
    /// fleet neighbour named without its coast).
    #[error("province `{province}`: {problem}")]
    BadProvince {
        /// The province, as written.
        province: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A power named (as a home or a start unit's owner) that the map does not have; the name.
    #[error("power `{0}` is not a power of this map")]
    UnknownPower(String),
    /// A start unit that cannot be.
    #[error("start unit `{unit}` of {power}: {problem}")]
    BadStartUnit {
        /// The power it belongs to.
        power: String,
        /// The unit, as written.
        unit: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The map has more provinces than the 512 supported; how many.
    #[error("the map has {0} provinces; at most 512 are supported")]
    TooLarge(usize),
    /// Every power is a dummy, so nobody could play.
    #[error("every power is a dummy: a map needs at least one power that is played")]
    AllDummies,
}

impl MapError {
    /// The error placed at a line of the file (line 0: no line known).
    pub fn at(self, line: usize) -> MapError {
        match self {
            MapError::Line { .. } => self,
            _ if line == 0 => self,
            e => MapError::Line {
                line,
                error: Box::new(e),
            },
        }
    }

    /// The line the error names, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            MapError::Line { line, .. } => Some(*line),
            _ => None,
        }
    }

    /// The error without its line.
    pub fn inner(&self) -> &MapError {
        match self {
            MapError::Line { error, .. } => error,
            e => e,
        }
    }
}
