//! The languages dipspy writes in, as every layer names them (a player's
//! language, a game's, a picture's): the tag and the language's own name.
//! The words in each language are the words layer's (`src/text`).

/// The languages dipspy writes in. In settings and the configuration a
/// language is written by its tag (`language = "fr"`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English: the catalogue every other language is checked against.
    #[default]
    En,
    /// French: the words of French Diplomacy players (soutien, convoi,
    /// retraite, ajustement, centre de ravitaillement).
    Fr,
    /// German: the words of German Diplomacy players (Unterstützung,
    /// Konvoi, Rückzug, Anpassung, Versorgungszentrum).
    De,
}

impl Lang {
    /// Every language with a catalogue.
    pub const ALL: &'static [Self] = &[Self::En, Self::Fr, Self::De];

    /// The language's tag, as a player writes it (`SET LANGUAGE en`).
    pub fn tag(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Fr => "fr",
            Self::De => "de",
        }
    }

    /// The language a tag names, if dipspy has it.
    pub fn from_tag(tag: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|l| l.tag().eq_ignore_ascii_case(tag.trim()))
    }

    /// The language's own name for itself (`français`), for the list of
    /// choices a player is shown.
    pub fn own_name(self) -> &'static str {
        match self {
            Self::En => "English",
            Self::Fr => "français",
            Self::De => "Deutsch",
        }
    }
}
