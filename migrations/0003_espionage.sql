-- Espionage (Espionnite and Spionage) state, written by the game in the
-- same transaction as the phase it belongs to.

-- Every espionage line received: spy, counter-spy, reaction, Fake, Anti,
-- founding. Kept apart from `orders` because they are never adjudicated
-- themselves and never shown in public results.
CREATE TABLE spy_orders (
    id          INTEGER PRIMARY KEY,
    phase_id    INTEGER NOT NULL REFERENCES phases(id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    raw         TEXT    NOT NULL,          -- as written
    parsed      TEXT    NOT NULL,          -- canonical form
    -- what a later line of the same slot replaces: spy, counterspy,
    -- reaction, organisation (Fake or Anti, SPI-4), found
    slot        TEXT    NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('live', 'replaced', 'rejected')),
    error       TEXT,                      -- why it was refused
    submitted_by TEXT   NOT NULL,
    submitted_at TEXT   NOT NULL,
    message_id  TEXT,
    CHECK ((error IS NULL) = (status != 'rejected'))
);
CREATE INDEX spy_orders_by_phase ON spy_orders(phase_id, power);

-- One row per phase of an espionage game.
CREATE TABLE phase_espionage (
    phase_id    INTEGER PRIMARY KEY REFERENCES phases(id) ON DELETE CASCADE,
    -- JSON: the Spionage organisations as the phase starts (founded,
    -- exposed this round, standing Antis, retreat parts of Fakes)
    organisations TEXT  NOT NULL,
    -- Espionnite: set when the orders were frozen and the reaction
    -- sub-phase opened (the phase's deadline is then the reaction
    -- deadline; the movement deadline is kept here)
    reaction_opened_at TEXT,
    orders_deadline TEXT
);

-- The judge's secret log: append-only, each entry chained to the one
-- before by a SHA-256 hash (see src/secretlog.rs for the recipe).
CREATE TABLE secret_log (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,          -- 1, 2, ... within the game
    phase       TEXT    NOT NULL,
    at          TEXT    NOT NULL,          -- RFC 3339, UTC
    kind        TEXT    NOT NULL,
    power       TEXT,
    source      TEXT,                      -- sender address and message id
    text        TEXT    NOT NULL,
    prev_hash   TEXT    NOT NULL,
    hash        TEXT    NOT NULL,
    UNIQUE (game_id, seq)
);

-- The newest entry of each game's secret log, so that deleting entries
-- at the end is noticed too.
CREATE TABLE secret_log_head (
    game_id     INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    entries     INTEGER NOT NULL,
    hash        TEXT    NOT NULL
);

-- Reminders sent, at most one per phase and power.
CREATE TABLE reminders (
    phase_id    INTEGER NOT NULL REFERENCES phases(id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    sent_at     TEXT    NOT NULL,
    PRIMARY KEY (phase_id, power)
);
