//! Helpers the test modules share (each written once).

pub mod bridge;
pub mod common;
pub mod judge;
pub mod mailcheck;
pub mod maildir_judge;
pub mod mailgame;
pub mod mailstack;
pub mod maplookup;
pub mod maskdecode;
pub mod oauthstack;
pub mod old_database;
pub mod password;
pub mod scenario_harness;
pub mod secret_log_game;
pub mod smtp_script;
pub mod source_scan;
pub mod stackgame;
pub mod started;
pub mod stepped;
