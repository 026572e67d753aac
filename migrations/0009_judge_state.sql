-- What the judge remembers about itself between passes: when the last
-- pass ended and what failed in it (for `dipspy status`).
CREATE TABLE judge_state (
    key     TEXT PRIMARY KEY,
    value   TEXT NOT NULL
);
