-- The orders that stand, by phase and power. Every message that gives
-- orders and every reply that shows them reads only these rows; without
-- this index each read walked every line the phase ever received
-- (replaced, withdrawn and unreadable ones too), so a power resubmitting
-- all phase long made each message slower than the one before.
CREATE INDEX orders_live ON orders(phase_id, power) WHERE status = 'live';
CREATE INDEX spy_orders_live ON spy_orders(phase_id, power) WHERE status = 'live';
