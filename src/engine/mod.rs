//! The pure engine: the rules of Diplomacy and of its espionage variants
//! as plain data in, plain data out.
//!
//! It may not touch the clock, SQLite, mail, the network or the file
//! system: a map file is read by its caller and handed over as text, a
//! phase's time is the caller's business. `tests/it/engine_purity.rs` keeps
//! it that way. Everything that remembers, waits or talks lives outside
//! (`game`, `store`, `mail`, `judge`, `cli`).

mod adjudicate;
mod espionage;
mod map;
mod order;
mod phase;
mod position;

pub use adjudicate::{
    Adjudication, CoastError, OrderResult, Outcome, Reason, RetreatBar, RetreatOptions, adjudicate,
    check, coasts, defaults,
};
pub use espionage::{
    Context, Organisations, PublicLine, Refusal, Rejected, Resolution, RetreatFake, Rules,
    SecretEntry, SecretKind, SecretLine, Source, SpyEvent, Told, aims, esp_8_reactions_complete,
    esp_8_reactions_owed, order_location, resolve, spi_2_winter_waits_for, validate,
};
pub use map::{
    BUILTIN_MAPS, BuildSites, Coast, Location, Map, MapError, Power, PowerId, Province, ProvinceId,
    ProvinceKind, UnitType, capitalised, normalize_name,
};
pub use order::{
    After, Expectation, Line, Order, OrderKind, ParseError, SpyOrder, SpyWords, UnitRef, Want,
    parse_line, parse_order, words,
};
pub use phase::{MAX_YEAR, Phase, PhaseError, PhaseKind, Season};
pub use position::{DislodgedUnit, Position, Unit};
