-- The map a game is played on, when it is not built into dipspy: a map
-- from the judge's maps directory, written out in full in dipspy's own
-- format when the game is created, so that the game goes on by the same
-- map if the file is later edited or removed. NULL for built-in maps.
ALTER TABLE games ADD COLUMN map_file TEXT;
