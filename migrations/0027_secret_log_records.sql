-- The secret log's entries as typed data (issue 33), beside the words
-- that are hashed: for each entry, the powers it concerns (its actor and
-- every power it names or whose unit it touches), and for the receipt of
-- a spy order that order's id, owner, target and canonical text; for a
-- rollback, which spy orders it copied from which. A power's view or
-- export of the log chooses its entries by `about`; `game replay` checks
-- every spy order against its receipt here. JSON, see
-- src/secretlog/record.rs.
CREATE TABLE secret_log_records (
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    record      TEXT    NOT NULL CHECK (json_valid(record)),
    PRIMARY KEY (game_id, seq)
);

-- Spy orders received before their receipt was recorded as data: replay
-- does not check what was never recorded. Entries written before this
-- have no record and are chosen for a power by their `power` alone.
CREATE TABLE spy_orders_unrecorded (
    game_id     INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    up_to       INTEGER NOT NULL
);
INSERT INTO spy_orders_unrecorded (game_id, up_to)
SELECT p.game_id, MAX(s.id)
FROM spy_orders s JOIN phases p ON p.id = s.phase_id
GROUP BY p.game_id;
