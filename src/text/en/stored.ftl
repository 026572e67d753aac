# dipspy: the stored words, en (joined after ../en.ftl; a key lives in one file only).

# A text kept as it was given (a reader's own words, a legacy text).
stored-verbatim = { $text }

# A span of time, in parts: 2d 4h 30m.
stored-span-days = { $count }d
stored-span-hours = { $count }h
stored-span-minutes = { $count }m

# An order for a later phase that stands (PHASE), with its IF condition.
stored-later-order = { $phase }: { $order }
stored-later-order-if = { $phase }, if { $condition }: { $order }
