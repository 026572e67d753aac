-- Announcements put into words per reader (issue 25).
--
-- A typed announcement (a notice of the game's: `notice` holds its code
-- and arguments as JSON, see src/game/notice.rs) stores no words: its
-- `subject` and `body` are the empty text, and the mail loop renders them
-- for each recipient, in that recipient's language, when it expands the
-- announcement into outbox mail (src/mail/outbox.rs). SQLite cannot drop
-- the NOT NULL of 0002's columns without rebuilding the table, which the
-- outbox and the attachments reference; the empty text stands for "no
-- words stored" instead.
--
-- Rows written before this migration keep the words they were written
-- with and are read as they are (legacy), whether or not 0020 also kept
-- their notice: a row whose subject is not empty is sent as stored.
--
-- The one rule the empty text needs, kept by the database: an
-- announcement has words or a notice to make them from.
CREATE TRIGGER announcements_have_words_or_a_notice
BEFORE INSERT ON announcements
WHEN NEW.notice IS NULL AND NEW.subject = '' AND NEW.body = ''
BEGIN
    SELECT RAISE(ABORT, 'an announcement needs its words or a notice');
END;
