-- Issue 34, mail operations.
--
-- When the server first answered an outgoing mail with a temporary refusal
-- (a 4xx reply to the mail itself): the mail is given up only once such
-- answers have gone on for `[smtp] give_up_after`. A server that cannot be
-- reached, or does not answer, sets nothing here: an outage never gives
-- mail up.
ALTER TABLE outbox ADD COLUMN deferred_since TEXT;

-- Quarantined mail is purged after `[limits] quarantine_days`, found by
-- its age without reading the rows' raw copies.
CREATE INDEX inbox_quarantined ON inbox(received_at) WHERE status = 'quarantined';

-- The language of the replies to an address's own mail, chosen with
-- SET LANGUAGE without a sign-on by an address that plays a power: it
-- changes only the replies, never the mail of the power (results,
-- notices), which follows `reader_languages` and needs the power's
-- sign-on to change.
CREATE TABLE reply_languages (
    email   TEXT PRIMARY KEY COLLATE NOCASE,
    lang    TEXT NOT NULL CHECK (lang IN ('en', 'fr', 'de')),
    set_at  TEXT NOT NULL
);
