-- Issue 38, the players' web pages.
--
-- One-time links mailed to a power's registered address: only the
-- SHA-256 of the 256-bit token is kept. A link is good until
-- `expires_at`, once (`used_at` set in the transaction that opens its
-- session), for the power and the address it was mailed to: a power
-- whose address changed since refuses it.
CREATE TABLE web_links (
    id          INTEGER PRIMARY KEY,
    token_hash  TEXT NOT NULL UNIQUE,
    game_id     INTEGER NOT NULL REFERENCES games(id),
    power       TEXT NOT NULL,
    email       TEXT NOT NULL COLLATE NOCASE,
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    used_at     TEXT
);
CREATE INDEX web_links_power ON web_links(game_id, power, created_at);

-- Whether the replies to a power's commands from the web pages are also
-- mailed to its player (on unless the player turned it off). Kept for
-- the address that chose it: a new player of the power starts with the
-- default.
CREATE TABLE web_mail_copies (
    game_id    INTEGER NOT NULL REFERENCES games(id),
    power      TEXT NOT NULL,
    email      TEXT NOT NULL COLLATE NOCASE,
    mail_copy  INTEGER NOT NULL CHECK (mail_copy IN (0, 1)),
    set_at     TEXT NOT NULL,
    PRIMARY KEY (game_id, power)
);
