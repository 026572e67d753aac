//! dipspy: a play-by-email Diplomacy judge with espionage variants.
//!
//! Three layers, each in its own place:
//!
//! - [`engine`]: the pure engine (map, phase, position, order,
//!   adjudicate, espionage): plain data in, plain data out, no clock, no
//!   SQL, no files, no network.
//! - [`game`]: the game layer, which owns the rules of a game's life and
//!   runs each operation in one transaction of the [`store`].
//! - the edges that talk to the world and call the game layer: [`store`]
//!   (SQLite), [`mail`] and [`judge`] (mail in, replies and results out),
//!   [`command`] (the mail command language), [`cli`] (the only place that
//!   reads the clock), [`config`], [`scenario`], [`report`],
//!   [`secretlog`], [`password`], [`logging`], [`status`], [`demo`],
//!   [`maps`] (the maps offered: built in and from the maps directory),
//!   [`web`] (the games' web pages), [`files`] (bounded reads, private
//!   files), [`lang`] (the languages written in), and [`text`] (every word
//!   a player reads, rendered from
//!   one Fluent catalogue per language at the moment it is sent).

pub mod cli;
pub mod command;
pub mod config;
pub mod demo;
pub mod engine;
pub mod files;
pub mod game;
pub mod judge;
pub mod lang;
pub mod logging;
pub mod mail;
pub mod maps;
pub mod password;
pub mod render;
pub mod report;
pub mod scenario;
pub mod secretlog;
pub mod status;
pub mod store;
pub mod text;
pub mod web;
