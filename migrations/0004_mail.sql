-- The mail layer: every message the judge receives, kept raw, and every
-- message it sends, queued before it is sent.
--
-- A message is stored here (one transaction) before it is flagged or moved
-- on the mail server, so a crash loses nothing; dedup_key makes a second
-- copy of the same message (a redelivery, or a refetch after a crash
-- before the server was told) a no-op.
CREATE TABLE inbox (
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
                CHECK (status IN ('new', 'handled', 'quarantined', 'ignored')),
    -- why it was quarantined or ignored; the handling error when retried
    reason      TEXT,
    attempts    INTEGER NOT NULL DEFAULT 0,
    handled_at  TEXT
);
CREATE INDEX inbox_new ON inbox(id) WHERE status = 'new';
CREATE INDEX inbox_sender ON inbox(sender, received_at);

-- Mail waiting to be sent, and what was sent. message_id is made when the
-- row is inserted and never changes, so a resent message is recognisably
-- the same one.
CREATE TABLE outbox (
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
                    CHECK (status IN ('queued', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT    NOT NULL,
    last_error      TEXT,
    created_at      TEXT    NOT NULL,
    sent_at         TEXT
);
CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE status = 'queued';
