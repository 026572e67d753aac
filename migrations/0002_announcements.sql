-- What the judge has to tell people, written by the game in the same
-- transaction as the change that causes it (results of a processed phase,
-- a private spy report, the opening of a reaction phase, relayed press).
-- The mail loop turns each row into mail for its audience's addresses and
-- stamps queued_at in the same transaction as those outbox rows, so an
-- announcement is mailed exactly once. A game run only from the command
-- line keeps them as its record of what would have been sent.
CREATE TABLE announcements (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    -- the phase it belongs to (S1901M), if any
    phase       TEXT,
    -- 'all' (every player and observer), 'players', 'judge', or one
    -- power's name (France): private to that power's player
    audience    TEXT    NOT NULL,
    -- start, results, spy-report, reaction, reminder, press, game (a player
    -- resigned, powers assigned), ...
    kind        TEXT    NOT NULL,
    subject     TEXT    NOT NULL,
    body        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    queued_at   TEXT
);
CREATE INDEX announcements_pending ON announcements(id) WHERE queued_at IS NULL;

-- People who follow a game without playing it: they get what 'all' gets.
CREATE TABLE observers (
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    email       TEXT    NOT NULL COLLATE NOCASE,
    joined_at   TEXT    NOT NULL,
    PRIMARY KEY (game_id, email)
);
