-- Changes of a player's address asked for with SET ADDRESS: the judge
-- mails a code to the new address and changes nothing until that address
-- answers with CONFIRM ADDRESS and the code. Only a hash of the code is
-- kept.
CREATE TABLE address_changes (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power        TEXT    NOT NULL,
    old_email    TEXT    NOT NULL,
    new_email    TEXT    NOT NULL COLLATE NOCASE,
    -- SHA-256 of the code, in hex
    code_hash    TEXT    NOT NULL,
    requested_at TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'confirmed', 'withdrawn')),
    decided_at   TEXT
);

CREATE INDEX address_changes_pending ON address_changes(code_hash) WHERE status = 'pending';
