# dipspy: the stored words, de (joined after ../de.ftl; a key lives in one file only).

# Ein Text, wie er gegeben wurde (die Worte eines Lesers, ein alter Text).
stored-verbatim = { $text }

# Eine Zeitspanne, in Teilen: 2 T. 4 Std. 30 Min.
stored-span-days = { $count } T.
stored-span-hours = { $count } Std.
stored-span-minutes = { $count } Min.

# Ein Befehl für eine spätere Phase (PHASE), mit seiner IF-Bedingung.
stored-later-order = { $phase }: { $order }
stored-later-order-if = { $phase }, wenn { $condition }: { $order }
