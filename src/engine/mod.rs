//! The pure engine: the rules of Diplomacy and of its espionage variants
//! as plain data in, plain data out.
//!
//! It may not touch the clock, SQLite, mail, the network or the file
//! system: a map file is read by its caller and handed over as text, a
//! phase's time is the caller's business. `tests/engine_purity.rs` keeps
//! it that way. Everything that remembers, waits or talks lives outside
//! (`game`, `store`, `mail`, `judge`, `cli`).

pub mod adjudicate;
pub mod espionage;
pub mod map;
pub mod order;
pub mod phase;
pub mod position;
