-- dipspy's first schema: games, their powers and players, phases with full
-- positions, every order received with its outcome, and the record of who
-- missed a deadline.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    variant     TEXT    NOT NULL,
    -- espionage rule sets, comma-separated ('' for none)
    rules       TEXT    NOT NULL DEFAULT '',
    -- JSON: deadlines, timezone, press
    settings    TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'forming'
                CHECK (status IN ('forming', 'active', 'paused', 'finished')),
    -- how the game ended: 'solo', 'draw' or 'ended' (by the judge)
    outcome     TEXT    CHECK (outcome IN ('solo', 'draw', 'ended')),
    -- the winner (solo) or the powers sharing the draw, comma-separated
    outcome_powers TEXT,
    -- seconds left before the deadline when the game was paused
    paused_remaining INTEGER,
    created_at  TEXT    NOT NULL
);

-- The powers of a game, created with the game; a player takes one by
-- joining.
CREATE TABLE powers (
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    email       TEXT,
    password_hash TEXT,
    status      TEXT    NOT NULL DEFAULT 'vacant'
                CHECK (status IN ('vacant', 'playing', 'eliminated')),
    -- asked the judge not to process the current phase early
    wait        INTEGER NOT NULL DEFAULT 0 CHECK (wait IN (0, 1)),
    -- votes for a draw (all surviving powers must vote)
    draw_vote   INTEGER NOT NULL DEFAULT 0 CHECK (draw_vote IN (0, 1)),
    joined_at   TEXT,
    eliminated_in TEXT,
    PRIMARY KEY (game_id, power),
    CHECK ((status = 'vacant') = (email IS NULL))
);

-- Players who joined without choosing a power; they get one at random when
-- the game fills.
CREATE TABLE waiting_players (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    email       TEXT    NOT NULL,
    password_hash TEXT  NOT NULL,
    joined_at   TEXT    NOT NULL,
    UNIQUE (game_id, email)
);

-- Every phase played, in order. A rollback never deletes: the phases it
-- undoes are marked 'rolled_back' and a new row starts the phase again.
CREATE TABLE phases (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    -- order of creation within the game (attempts included)
    seq         INTEGER NOT NULL,
    phase       TEXT    NOT NULL,          -- S1901M
    -- JSON: units, dislodged units, contested provinces, centre owners
    position    TEXT    NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('current', 'processed', 'final', 'rolled_back')),
    deadline    TEXT,                      -- RFC 3339, UTC
    started_at  TEXT    NOT NULL,
    processed_at TEXT,
    -- JSON: what the adjudication produced beyond the order results
    -- (dislodged units with their retreats, standoffs, the next phase)
    results     TEXT,
    rolled_back_at TEXT,
    -- the phase whose processing produced this one (NULL for the first
    -- phase and for a phase restarted by a rollback)
    produced_by INTEGER REFERENCES phases(id),
    UNIQUE (game_id, seq)
);
CREATE UNIQUE INDEX one_current_phase ON phases(game_id) WHERE status = 'current';

-- Every order line received, readable or not.
CREATE TABLE orders (
    id          INTEGER PRIMARY KEY,
    phase_id    INTEGER NOT NULL REFERENCES phases(id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    raw         TEXT    NOT NULL,          -- as written
    parsed      TEXT,                      -- canonical form; NULL if unreadable
    error       TEXT,                      -- why it could not be read
    submitted_by TEXT   NOT NULL,          -- address, or 'judge'
    submitted_at TEXT   NOT NULL,
    message_id  TEXT,                      -- the mail it came in, if any
    status      TEXT    NOT NULL
                CHECK (status IN ('live', 'replaced', 'withdrawn', 'unreadable')),
    replaced_by INTEGER REFERENCES orders(id),
    outcome     TEXT,                      -- after processing
    reason      TEXT,
    CHECK ((parsed IS NULL) = (status = 'unreadable'))
);
CREATE INDEX orders_by_phase ON orders(phase_id, power);

-- Powers that had orders to give and gave none (no moves received).
CREATE TABLE missed (
    phase_id    INTEGER NOT NULL REFERENCES phases(id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    PRIMARY KEY (phase_id, power)
);
