//! Helpers the test modules share (each written once).

pub(crate) mod bridge;
pub(crate) mod common;
pub(crate) mod judge;
pub(crate) mod link_pages;
pub(crate) mod mailcheck;
pub(crate) mod maildir_judge;
pub(crate) mod mailgame;
pub(crate) mod mailstack;
pub(crate) mod maplookup;
pub(crate) mod maskdecode;
pub(crate) mod mixed_game;
pub(crate) mod oauthstack;
pub(crate) mod old_database;
pub(crate) mod password;
pub(crate) mod scenario_harness;
pub(crate) mod secret_log_game;
pub(crate) mod sim;
pub(crate) mod smtp_script;
pub(crate) mod source_scan;
pub(crate) mod stackgame;
pub(crate) mod started;
pub(crate) mod stepped;
pub(crate) mod web;
pub(crate) mod web_judge;
pub(crate) mod web_powers;
pub(crate) mod words;
