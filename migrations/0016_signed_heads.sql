-- The secret log's signed heads (issue 22, src/secretlog/heads.rs).

-- How each entry's hash is computed: 1 = the first recipe (one SHA-256
-- over every field), 2 = a hash of the entry's content first, so that an
-- export can withhold an entry's words and still be checked.
ALTER TABLE secret_log ADD COLUMN recipe INTEGER NOT NULL DEFAULT 1;

-- After every processed phase of an espionage game the head of its log
-- (game, phase, last entry and its hash, and the hashes of the entries
-- since the previous head) is signed with the judge's Ed25519 key, kept
-- in a file outside the database, and mailed to the master.
CREATE TABLE secret_log_signed_heads (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    -- the exact text signed (see heads.rs for its lines)
    message     TEXT    NOT NULL,
    phase       TEXT    NOT NULL,
    event       TEXT    NOT NULL,
    first_seq   INTEGER NOT NULL,
    last_seq    INTEGER NOT NULL,
    hash        TEXT    NOT NULL,
    public_key  TEXT    NOT NULL,          -- hex, 32 bytes
    signature   TEXT    NOT NULL,          -- hex, 64 bytes
    signed_at   TEXT    NOT NULL
);
CREATE INDEX secret_log_signed_heads_by_game ON secret_log_signed_heads(game_id, last_seq);

-- ESP-8: the powers that owed a reaction when an Espionnite reaction
-- phase opened (a JSON array of power names), so that `game replay` can
-- check it against the stored position.
ALTER TABLE phase_espionage ADD COLUMN reactions_owed TEXT;
-- Reaction phases opened before dipspy stored this are marked `legacy`:
-- replay does not check what was never recorded.
UPDATE phase_espionage SET reactions_owed = 'legacy' WHERE reaction_opened_at IS NOT NULL;
