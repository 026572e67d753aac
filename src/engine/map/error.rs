//! What can be wrong with a map file: errors for the judge who loads a
//! map (`dipspy maps check`, a game's own map file), not for players, so
//! they stay in English here.

/// What can be wrong with a map file.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum MapError {
    /// Another error, at this line of the file.
    #[error("line {line}: {error}")]
    Line { line: usize, error: Box<MapError> },
    #[error("`victory = {victory}`: the map has {centres} supply centres")]
    BadVictory { victory: usize, centres: usize },
    #[error("the first year must be from 1 to 9999")]
    BadYear,
    #[error("there is no map called `{0}`")]
    UnknownMap(String),
    #[error("the map `{0}` this one is built on is broken: {1}")]
    InBase(String, Box<MapError>),
    #[error("{0}")]
    Unsupported(String),
    #[error("{0}")]
    Syntax(String),
    #[error("the map file is not valid TOML: {0}")]
    Toml(String),
    #[error("province `{0}` is defined twice")]
    DuplicateProvince(String),
    #[error("the name `{name}` is used by both `{first}` and `{second}`")]
    DuplicateName {
        name: String,
        first: String,
        second: String,
    },
    #[error("province `{province}` names `{target}`, which is not a province of this map")]
    UnknownProvince { province: String, target: String },
    #[error("province `{province}` names coast `{coast}`, which is not a coast of `{target}`")]
    UnknownCoast {
        province: String,
        target: String,
        coast: String,
    },
    #[error("`{from}` is adjacent to `{to}` for {kind}, but `{to}` is not adjacent to `{from}`")]
    Asymmetric {
        from: String,
        to: String,
        kind: &'static str,
    },
    #[error("province `{province}`: {problem}")]
    BadProvince { province: String, problem: String },
    #[error("power `{0}` is not a power of this map")]
    UnknownPower(String),
    #[error("start unit `{unit}` of {power}: {problem}")]
    BadStartUnit {
        power: String,
        unit: String,
        problem: String,
    },
    #[error("the map has {0} provinces; at most 512 are supported")]
    TooLarge(usize),
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
