-- Absences players announce with SET ABSENCE: while one lasts, no deadline
-- of the game falls (a deadline that would is moved to its end). Rows are
-- never deleted; SET NO ABSENCE marks them withdrawn.
CREATE TABLE absences (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    -- UTC, RFC 3339; the absence covers starts <= t < ends
    starts      TEXT    NOT NULL,
    ends        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    withdrawn   INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    CHECK (starts < ends)
);

CREATE INDEX absences_of_game ON absences(game_id) WHERE withdrawn = 0;
