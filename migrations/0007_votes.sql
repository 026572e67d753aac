-- Draw votes that name their powers, and concessions (SET DRAW <powers>,
-- SET CONCEDE <power>). A draw vote (draw_vote = 1) with draw_with NULL
-- includes every surviving power.
ALTER TABLE powers ADD COLUMN draw_with TEXT;
ALTER TABLE powers ADD COLUMN concede_to TEXT;
