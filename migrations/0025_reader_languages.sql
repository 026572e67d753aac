-- The language each reader chose with SET LANGUAGE (issue 26), kept by
-- address: a player reads in the same language in every game they play.
-- An address with no row reads in its game's default (`language` in the
-- game's settings), else in the judge's (`[judge] language`), else in
-- English (see src/game/language.rs).
CREATE TABLE reader_languages (
    email   TEXT PRIMARY KEY COLLATE NOCASE,
    lang    TEXT NOT NULL CHECK (lang IN ('en', 'fr', 'de')),
    set_at  TEXT NOT NULL
);
