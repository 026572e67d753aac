//! The judge's configuration file (TOML). See `config.example.toml` for
//! every key. Settings given on the command line win over the file.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Where the games database lives when neither `--db` nor the
/// configuration file says otherwise.
pub const DEFAULT_DATABASE: &str = "dipspy.db";

#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub database: DatabaseConfig,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DatabaseConfig {
    /// The SQLite file holding every game. A relative path is taken from
    /// the directory of the configuration file.
    pub path: Option<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the configuration file {file}: {source}")]
    Read {
        file: String,
        source: std::io::Error,
    },
    #[error("configuration file {file}: {message}")]
    Invalid { file: String, message: String },
}

impl Config {
    /// Reads a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            file: file.clone(),
            source,
        })?;
        let mut config: Config = toml::from_str(&text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start].matches('\n').count() + 1)
                .unwrap_or(1);
            ConfigError::Invalid {
                file: file.clone(),
                message: format!("line {line}: {}", e.message().trim()),
            }
        })?;
        if let Some(db) = &config.database.path
            && db.is_relative()
            && let Some(dir) = path.parent()
        {
            config.database.path = Some(dir.join(db));
        }
        Ok(config)
    }

    /// The database to use: `--db` if given, else the file's, else
    /// `./dipspy.db`.
    pub fn database(&self, flag: Option<&Path>) -> PathBuf {
        flag.map(Path::to_path_buf)
            .or_else(|| self.database.path.clone())
            .unwrap_or_else(|| PathBuf::from(DEFAULT_DATABASE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_wins_over_file_which_wins_over_default() {
        let c = Config {
            database: DatabaseConfig {
                path: Some(PathBuf::from("/srv/judge/games.db")),
            },
        };
        assert_eq!(c.database(Some(Path::new("x.db"))), PathBuf::from("x.db"));
        assert_eq!(c.database(None), PathBuf::from("/srv/judge/games.db"));
        assert_eq!(
            Config::default().database(None),
            PathBuf::from(DEFAULT_DATABASE)
        );
    }

    #[test]
    fn relative_path_is_taken_from_the_file_and_typos_are_refused() {
        let dir = std::env::temp_dir().join(format!("dipspy-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("judge.toml");
        std::fs::write(&f, "[database]\npath = \"games.db\"\n").unwrap();
        let c = Config::load(&f).unwrap();
        assert_eq!(c.database(None), dir.join("games.db"));
        std::fs::write(&f, "[database]\npaht = \"games.db\"\n").unwrap();
        let e = Config::load(&f).unwrap_err().to_string();
        assert!(
            e.contains("judge.toml") && e.contains("line 2") && e.contains("paht"),
            "{e}"
        );
    }

    #[test]
    fn the_example_file_reads() {
        let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("config.example.toml");
        let c = Config::load(&example).unwrap();
        assert!(c.database.path.is_some());
    }
}
