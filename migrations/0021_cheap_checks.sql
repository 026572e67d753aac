-- Cheaper checks on the tables written for every mail (issue 21: ingest
-- speed). The same constraints, written so that SQLite checks them with a
-- few comparisons: a CHECK with `status IN ('a', 'b', 'c')` (three or more
-- values) made SQLite build a temporary table of the values on every
-- INSERT and on every UPDATE of the column. `status = 'a' OR status = 'b'
-- OR ...` admits exactly the same values.
--
-- SQLite cannot change a CHECK in place, so each table is made again
-- under a new name, filled, and renamed (the procedure of SQLite's
-- "Making Other Kinds Of Table Schema Changes"): the rows keep their ids,
-- the indexes are made again, and the foreign keys of other tables
-- (outbox -> inbox, attachments -> outbox, future_order_links -> orders,
-- orders -> orders) name the tables by name, so they hold on the new
-- ones. dipspy runs its migrations with foreign keys off and checks them
-- all (PRAGMA foreign_key_check) before this one commits (src/store.rs).
--
-- The index inbox_sender (sender, received_at) is not made again: no
-- query reads the inbox by its sender (the limits count by person, index
-- inbox_person), and each index costs a write per stored mail. The index
-- inbox_person also holds the sign-on mark: the per-mail count of a
-- person's mail of the last hour then never reads the table.

CREATE TABLE orders_0021 (
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
                CHECK (status = 'live' OR status = 'replaced' OR status = 'withdrawn'
                       OR status = 'unreadable'),
    replaced_by INTEGER REFERENCES orders(id),
    outcome     TEXT,                      -- after processing
    reason      TEXT,
    CHECK ((parsed IS NULL) = (status = 'unreadable'))
);
INSERT INTO orders_0021 (id, phase_id, power, raw, parsed, error, submitted_by, submitted_at,
                         message_id, status, replaced_by, outcome, reason)
    SELECT id, phase_id, power, raw, parsed, error, submitted_by, submitted_at,
           message_id, status, replaced_by, outcome, reason
      FROM orders;
DROP TABLE orders;
ALTER TABLE orders_0021 RENAME TO orders;
CREATE INDEX orders_by_phase ON orders(phase_id, power);
CREATE INDEX orders_live ON orders(phase_id, power) WHERE status = 'live';

CREATE TABLE spy_orders_0021 (
    id          INTEGER PRIMARY KEY,
    phase_id    INTEGER NOT NULL REFERENCES phases(id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    raw         TEXT    NOT NULL,          -- as written
    parsed      TEXT    NOT NULL,          -- canonical form
    -- what a later line of the same slot replaces: spy, counterspy,
    -- reaction, organisation (Fake or Anti, SPI-4), found
    slot        TEXT    NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status = 'live' OR status = 'replaced' OR status = 'rejected'),
    error       TEXT,                      -- why it was refused
    submitted_by TEXT   NOT NULL,
    submitted_at TEXT   NOT NULL,
    message_id  TEXT,
    CHECK ((error IS NULL) = (status != 'rejected'))
);
INSERT INTO spy_orders_0021 (id, phase_id, power, raw, parsed, slot, status, error,
                             submitted_by, submitted_at, message_id)
    SELECT id, phase_id, power, raw, parsed, slot, status, error,
           submitted_by, submitted_at, message_id
      FROM spy_orders;
DROP TABLE spy_orders;
ALTER TABLE spy_orders_0021 RENAME TO spy_orders;
CREATE INDEX spy_orders_by_phase ON spy_orders(phase_id, power);
CREATE INDEX spy_orders_live ON spy_orders(phase_id, power) WHERE status = 'live';

CREATE TABLE inbox_0021 (
    id          INTEGER PRIMARY KEY,
    -- 'mid:' and the Message-ID, or 'sha256:' and a hash of the message
    -- without its trace headers (Received, Return-Path, Delivered-To)
    dedup_key   TEXT    NOT NULL UNIQUE,
    message_id  TEXT,
    -- the From address, lower-cased ('' when there is none)
    sender      TEXT    NOT NULL,
    subject     TEXT    NOT NULL DEFAULT '',
    raw         BLOB    NOT NULL,
    size        INTEGER NOT NULL,
    received_at TEXT    NOT NULL,
    -- where it came from: 'imap:INBOX:UIDVALIDITY:UID', 'maildir:FILE', ...
    source      TEXT    NOT NULL,
    -- new, handled, quarantined, ignored
    status      TEXT    NOT NULL DEFAULT 'new'
                CHECK (status = 'new' OR status = 'handled' OR status = 'quarantined'
                       OR status = 'ignored'),
    -- why it was quarantined or ignored; the handling error when retried
    reason      TEXT,
    attempts    INTEGER NOT NULL DEFAULT 0,
    handled_at  TEXT,
    -- see migrations/0018_hostile_senders.sql
    person      TEXT,
    signon      TEXT CHECK (signon = 'good' OR signon = 'failed'),
    answer      TEXT CHECK (answer = 'size-note' OR answer = 'stranger')
);
INSERT INTO inbox_0021 (id, dedup_key, message_id, sender, subject, raw, size, received_at,
                        source, status, reason, attempts, handled_at, person, signon, answer)
    SELECT id, dedup_key, message_id, sender, subject, raw, size, received_at,
           source, status, reason, attempts, handled_at, person, signon, answer
      FROM inbox;
DROP TABLE inbox;
ALTER TABLE inbox_0021 RENAME TO inbox;
CREATE INDEX inbox_new ON inbox(id) WHERE status = 'new';
-- With the sign-on mark, so that counting a person's mail of the last
-- hour (the rate limits, for every mail) reads the index alone.
CREATE INDEX inbox_person ON inbox(person, received_at, signon);
CREATE INDEX inbox_answer ON inbox(answer, handled_at) WHERE answer IS NOT NULL;

CREATE TABLE outbox_0021 (
    id              INTEGER PRIMARY KEY,
    message_id      TEXT    NOT NULL UNIQUE,
    to_addr         TEXT    NOT NULL,
    subject         TEXT    NOT NULL,
    body            TEXT    NOT NULL,
    in_reply_to     TEXT,
    "references"    TEXT,
    -- the inbox message it answers, or the announcement it carries
    inbox_id        INTEGER REFERENCES inbox(id),
    announcement_id INTEGER REFERENCES announcements(id),
    -- queued, sent, failed
    status          TEXT    NOT NULL DEFAULT 'queued'
                    CHECK (status = 'queued' OR status = 'sent' OR status = 'failed'),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT    NOT NULL,
    last_error      TEXT,
    created_at      TEXT    NOT NULL,
    sent_at         TEXT
);
INSERT INTO outbox_0021 (id, message_id, to_addr, subject, body, in_reply_to, "references",
                         inbox_id, announcement_id, status, attempts, next_attempt_at,
                         last_error, created_at, sent_at)
    SELECT id, message_id, to_addr, subject, body, in_reply_to, "references",
           inbox_id, announcement_id, status, attempts, next_attempt_at,
           last_error, created_at, sent_at
      FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_0021 RENAME TO outbox;
CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE status = 'queued';
