-- Orders for a later phase (`PHASE F1902R` in a mail) and conditional
-- orders (`IF A bur ... ENDIF`), kept until their phase begins; then each
-- is applied (copied into `orders`), not taken (its condition was false),
-- dropped (its unit was gone, or the phase was never played) or replaced
-- (a later future order for the same unit). `submitted_seq` and
-- `resolved_seq` are the `phases.seq` current when the line came and when
-- it was settled: a rollback to a phase makes pending again what was
-- settled after it, and undoes what was sent after it.
CREATE TABLE future_orders (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power         TEXT    NOT NULL,
    phase         TEXT    NOT NULL,          -- the phase it is for: F1902R
    batch         INTEGER NOT NULL,          -- one per submission (a mail's lines for one power)
    line          INTEGER NOT NULL,          -- its line in the mail
    condition     TEXT,                      -- when it counts; NULL: always
    raw           TEXT    NOT NULL,          -- as written
    parsed        TEXT    NOT NULL,          -- canonical, read as an order of its phase
    submitted_by  TEXT    NOT NULL,
    submitted_at  TEXT    NOT NULL,
    message_id    TEXT,
    submitted_seq INTEGER NOT NULL,
    status        TEXT    NOT NULL
                  CHECK (status IN ('pending', 'applied', 'not_taken', 'dropped',
                                    'replaced', 'withdrawn', 'undone')),
    resolved_seq  INTEGER,
    note          TEXT,                      -- why dropped, for the player
    CHECK ((status = 'pending') = (resolved_seq IS NULL))
);
CREATE INDEX future_orders_pending ON future_orders(game_id, phase) WHERE status = 'pending';
CREATE INDEX future_orders_by_game ON future_orders(game_id, resolved_seq);

-- Which orders came from a future order (the results say so).
CREATE TABLE future_order_links (
    order_id  INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
    future_id INTEGER NOT NULL REFERENCES future_orders(id) ON DELETE CASCADE
);
