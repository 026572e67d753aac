# dipspy: the stored words, fr (joined after ../fr.ftl; a key lives in one file only).

# Un texte gardé tel qu'il a été donné (les mots d'un lecteur, un texte ancien).
stored-verbatim = { $text }

# Une durée, par parties : 2 j 4 h 30 min.
stored-span-days = { $count } j
stored-span-hours = { $count } h
stored-span-minutes = { $count } min

# Un ordre pour une phase ultérieure (PHASE), avec sa condition IF.
stored-later-order = { $phase } : { $order }
stored-later-order-if = { $phase }, si { $condition } : { $order }
