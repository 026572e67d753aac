-- A game's identity, and when its secret log's signed heads began
-- (issue 33, src/secretlog/heads.rs and src/secretlog/verify.rs).

-- A random id made when the game is created (32 hex digits), signed into
-- every head of its secret log (`game-id:`, signed head version 2), so
-- that two databases whose judges share a key cannot swap histories.
-- Games older than this get one here.
ALTER TABLE games ADD COLUMN uid TEXT;
UPDATE games SET uid = lower(hex(randomblob(16)));

-- From when every processed phase, every reaction phase opened and the
-- game's end owe a signed head: the game's creation for games made from
-- now on; for older games, the first signed head or the first entry of
-- the log written since signed heads exist (recipe 2), else none yet (the
-- first head signed from now on then marks it). `secret-log --verify`
-- also takes the earliest of those it finds, whatever is written here.
ALTER TABLE games ADD COLUMN heads_since TEXT;
UPDATE games SET heads_since = (
    SELECT min(t) FROM (
        SELECT min(h.signed_at) AS t FROM secret_log_signed_heads h WHERE h.game_id = games.id
        UNION ALL
        SELECT min(s.at) FROM secret_log s WHERE s.game_id = games.id AND s.recipe = 2
    )
);

-- Whether the game's end owes a final signed head: every game that ends
-- from now on; games already over ended before final heads existed.
ALTER TABLE games ADD COLUMN final_head_owed INTEGER NOT NULL DEFAULT 1
    CHECK (final_head_owed IN (0, 1));
UPDATE games SET final_head_owed = 0 WHERE status = 'finished';
