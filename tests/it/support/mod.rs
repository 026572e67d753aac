//! Helpers the test modules share (each written once).

pub mod bridge;
pub mod common;
pub mod mailcheck;
pub mod mailgame;
pub mod mailstack;
pub mod maplookup;
pub mod maskdecode;
pub mod oauthstack;
pub mod reply_lang;
pub mod scenario_harness;
pub mod secret_log_game;
pub mod smtp_script;
pub mod source_scan;
pub mod stepped;
