-- Files carried by outgoing mail (issue 13: the pictures of the board).
-- An attachment belongs either to an announcement (every mail made from
-- it carries it) or to one outbox row (a reply); it is written in the
-- same transaction as its announcement or its reply.
CREATE TABLE attachments (
    id              INTEGER PRIMARY KEY,
    announcement_id INTEGER REFERENCES announcements(id) ON DELETE CASCADE,
    outbox_id       INTEGER REFERENCES outbox(id) ON DELETE CASCADE,
    filename        TEXT    NOT NULL,
    -- image/png, image/svg+xml
    content_type    TEXT    NOT NULL,
    -- also shown inline in the mail's HTML part (the PNG)
    inline          INTEGER NOT NULL DEFAULT 0,
    data            BLOB    NOT NULL,
    CHECK ((announcement_id IS NULL) <> (outbox_id IS NULL))
);
CREATE INDEX attachments_announcement ON attachments(announcement_id);
CREATE INDEX attachments_outbox ON attachments(outbox_id);
