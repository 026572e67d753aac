-- Hostile senders (see README "Hostile senders").
--
-- Each stored message carries the person it comes from (the sender's
-- address normalised: case, plus-tags, and dots where the provider
-- ignores them), what became of its sign-ons, and which kind of answer
-- it got, so the limits count people and answers, not strings.
ALTER TABLE inbox ADD COLUMN person TEXT;
-- NULL: no sign-on (or not handled yet); 'good': it signed on correctly
-- (such mail never counts against its sender); 'failed': a sign-on
-- failed (counted in a bucket of its own).
ALTER TABLE inbox ADD COLUMN signon TEXT CHECK (signon IN ('good', 'failed'));
-- NULL, 'size-note' (the note that it was too large), or 'stranger' (a
-- reply to an address in no game; these are limited judge-wide).
ALTER TABLE inbox ADD COLUMN answer TEXT CHECK (answer IN ('size-note', 'stranger'));
CREATE INDEX inbox_person ON inbox(person, received_at);
CREATE INDEX inbox_answer ON inbox(answer, handled_at) WHERE answer IS NOT NULL;

-- Wrong passwords given for a power, whatever address they came from:
-- enough of them within an hour lock the power's sign-ons for others
-- than its own address.
CREATE TABLE signon_failures (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power   TEXT    NOT NULL,
    person  TEXT    NOT NULL,
    at      TEXT    NOT NULL
);
CREATE INDEX signon_failures_power ON signon_failures(game_id, power, at);

-- OBSERVE asked for by mail: the judge mails a code to the address and
-- subscribes it once a mail from there carries CONFIRM ADDRESS and the
-- code (as for SET ADDRESS). Only a hash of the code is kept.
CREATE TABLE observe_requests (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    email        TEXT    NOT NULL COLLATE NOCASE,
    code_hash    TEXT    NOT NULL,
    requested_at TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'confirmed')),
    decided_at   TEXT
);
CREATE INDEX observe_requests_pending ON observe_requests(code_hash) WHERE status = 'pending';
