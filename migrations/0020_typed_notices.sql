-- Typed notices (issue 25).
--
-- An announcement the game layer posts keeps the notice it was made
-- from: its code and arguments as JSON (`{"notice":"deadline-moved",
-- "game":"g",...}`, see src/game/notice.rs), so it can be put into words
-- again for another reader. The subject and body rendered when it was
-- posted stay beside it, and are what the mail loop sends. Rows written
-- before this migration, and announcements not yet typed, keep NULL here:
-- their stored prose is kept as it is and read as legacy text.
ALTER TABLE announcements ADD COLUMN notice TEXT;
