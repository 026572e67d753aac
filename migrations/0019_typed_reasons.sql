-- Typed reasons (issue 25): an order's result reason is stored as its
-- catalogue key with its arguments, as JSON (`{"k":"reason-bounced-off",
-- "a":{"unit":"A ber","attack":1,"hold":1}}`), and put into words only when
-- it is read (src/text/reason.rs). An empty reason stays ''.
--
-- Reasons stored before this were finished English. They are not parsed
-- back into codes: each is kept, word for word, as a legacy value
-- `{"legacy":"<the old text>"}`, which every reader shows as it was
-- written. Replaying an old phase (rollback) compares what a stored
-- reason reads as, so a legacy text still matches the code that renders
-- to it.
UPDATE orders
   SET reason = json_object('legacy', reason)
 WHERE reason IS NOT NULL
   AND reason <> ''
   AND json_valid(reason) = 0;

-- The same for a refused espionage line: `spy_orders.error` holds the
-- refusal's code (`spy-rejected`, with the rule and the reason's own code);
-- older refusals are kept as legacy text. The secret log is not touched:
-- its entries are hash-chained as written, and only the judge reads them.
UPDATE spy_orders
   SET error = json_object('legacy', error)
 WHERE error IS NOT NULL
   AND error <> ''
   AND json_valid(error) = 0;
