-- Refusals stored as codes (issue 25): why an order line was refused, and
-- why an order sent in advance was dropped, are kept as the catalogue key
-- with its arguments, as JSON (`{"k":"refused-cannot-carry-out","a":{
-- "order":"A par - mun","reason":{"k":"reason-not-next-to",...}}}`, see
-- src/text/refused.rs), and put into words in each reader's language
-- when they are shown.
--
-- `orders.refusal` takes the place of `orders.error`, and
-- `future_orders.dropped_why` that of `future_orders.note`, for every row
-- written from now on; those write NULL in the old columns.
--
-- Legacy kept readable: rows written before this keep their English in
-- `error` and `note` and NULL in the new columns. They are not parsed
-- back into codes; every reader shows them word for word as stored.
ALTER TABLE orders ADD COLUMN refusal TEXT
    CHECK (refusal IS NULL OR json_valid(refusal));
ALTER TABLE future_orders ADD COLUMN dropped_why TEXT
    CHECK (dropped_why IS NULL OR json_valid(dropped_why));
