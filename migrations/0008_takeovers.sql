-- Requests to take over a vacant power of a running game (TAKEOVER, or
-- JOIN of a vacant power), waiting for the game master's APPROVE or
-- REFUSE where the game asks for approval; and the record of every change
-- of a power's player (for the announcements and the game's history).
CREATE TABLE takeovers (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power         TEXT    NOT NULL,
    email         TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,
    requested_at  TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'approved', 'refused', 'withdrawn')),
    decided_at    TEXT
);

CREATE INDEX takeovers_pending ON takeovers(game_id, power) WHERE status = 'pending';

CREATE TABLE player_changes (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    -- 'joined', 'took_over', 'resigned', 'abandoned', 'ejected'
    what        TEXT    NOT NULL,
    email       TEXT,
    phase       TEXT,
    at          TEXT    NOT NULL
);

-- Late notices sent when a deadline passed with orders missing and the
-- game waits a grace period: one per phase and late power. A phase with
-- any is in its grace period.
CREATE TABLE late_notices (
    phase_id    INTEGER NOT NULL REFERENCES phases(id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    sent_at     TEXT    NOT NULL,
    PRIMARY KEY (phase_id, power)
);
