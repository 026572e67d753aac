//! dipspy: a play-by-email Diplomacy judge with espionage variants.
//!
//! The engine (`map`, `phase`, `order`, `adjudicate`) is pure: plain data
//! in, plain data out, no I/O and no clock. `store` keeps games in SQLite,
//! `game` runs their lifecycle, and `cli` is the only place that reads the
//! clock.

pub mod cli;
pub mod command;
pub mod config;
pub mod demo;
pub mod engine;
pub mod game;
pub mod judge;
pub mod mail;
pub mod password;
pub mod report;
pub mod scenario;
pub mod secretlog;
pub mod sim;
pub mod store;
