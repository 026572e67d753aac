# dipspy: the commands words, fr (joined after ../fr.ftl; a key lives in one file only).

# words: command reader
#
# Ce que le lecteur de commandes (src/command, rendu par
# src/text/commands.rs) dit d'une ligne qu'il n'a pas pu lire : où il
# s'est arrêté, ce qu'il attendait (commands-want-*, énumérés avec
# commands-list) et ce qu'il a trouvé (commands-found-* ; un mot est
# montré tel que tapé, entre accents graves). Les mots des commandes
# (SIGNON, ANON, FAKE BROADCAST, ENDPRESS...) et les exemples à taper
# restent tels quels.
commands-error = ligne { $line }, colonne { $column } : attendu { $expected }, trouvé { $found }
commands-expected-found = attendu { $expected }, trouvé { $found }
commands-unreadable = pas compris : à la colonne { $column }, attendu { $expected }, trouvé { $found }
commands-unreadable-unshown = pas compris : à la colonne { $column }, attendu { $expected }
commands-press-unreadable = presse NON envoyée : { $why } ; son texte (jusqu'à ENDPRESS) n'a pas été lu comme des ordres
commands-list = { $init } ou { $last }
commands-want-something-else = autre chose
commands-want-game-name = un nom de partie (lettres, chiffres, `-` et `_`)
commands-want-power = une puissance (une lettre comme F, ou un nom comme france)
commands-want-password = un mot de passe
commands-want-phase = une phase comme S1901M
commands-want-end-of-line = la fin de la ligne
commands-want-setting = un réglage comme deadline=48h (clés : variant, rules, deadline, retreat, adjust, timezone, at, press, reaction, reminder, password_optional, spy_at_start, max_absence, draws, concessions, clear_votes, show_votes, approve_takeovers, grace, abandon_after, pictures, fake_press, anonymous, language)
commands-want-setting-equals = `=` après le nom du réglage
commands-want-setting-value = la valeur du réglage
commands-want-signon = une puissance et une partie (`SIGNON F mapartie <mot de passe>` ou `SIGN ON Fmapartie <mot de passe>`)
commands-want-time = une heure : `24h` à partir de maintenant, ou une date et une heure comme `2025-03-30 20:00`
commands-want-date = une date comme 2025-03-30
commands-want-absence-to = TO et le dernier jour, ou la fin de la ligne
commands-want-address = une adresse électronique comme anne@example.org
commands-want-confirm-code = le code du courriel que { -judge(form: "the") } a envoyé à la nouvelle adresse
commands-want-language = une langue : en, fr ou de
commands-want-fake-to = TO et les puissances auxquelles la presse doit sembler adressée
commands-want-another-power = `,` et une autre puissance
commands-want-anon = ANON
commands-want-fake = FAKE BROADCAST ou FAKE TO et des puissances
commands-want-shorter-test = AND, OR ou `)` : un test d'unité nomme au plus une puissance, un type d'unité et une province
commands-want-unit-test = un test d'unité comme `A bur`, `france A bur` ou `NOT F eng`, ou `(`
commands-want-fewer-parentheses = moins de parenthèses
commands-want-close-paren = `)` pour fermer la `(`
commands-want-condition-goes-on = AND, OR, `)`, THEN ou la fin de la ligne
commands-want-condition-end = AND, OR ou la fin de la condition
commands-want-else-if = IF et une condition, ou la fin de la ligne
commands-want-block-phase = une phase comme `Fall 1902 Retreats`, `F1902R` ou `Winter 1902 Adjustments`
commands-want-short-line = une ligne d'au plus { $max } caractères
commands-want-short-press = au plus { $max } caractères de presse
commands-want-press-before-endpress = une ligne PRESS ou BROADCAST avant ENDPRESS
commands-found-end-of-line = la fin de la ligne
commands-found-longer-line = une ligne plus longue
commands-found-longer-text = un texte plus long
commands-found-endpress = ENDPRESS

# Une remarque sous le verdict d'une ligne, sur la façon dont elle a été lue.
commands-note-line = NOTE : { $note }
commands-note-no-endpress = il n'y avait pas de ligne ENDPRESS : tout ce qui suit cette ligne a été pris pour de la presse

# Les lignes d'un courriel qui n'ont pas été lues : texte cité et
# signatures. $name nomme l'en-tête de la citation ou la signature comme
# le fait la table des règles (src/command/quotes.toml). « ligne » est
# féminin : les participes s'accordent.
commands-skipped = { $list } { $count ->
    [one] n'a pas été lue.
   *[other] n'ont pas été lues.
}
commands-skipped-list = { $init } et { $last }
commands-skipped-quote = { $count } { $count ->
    [one] ligne citée
   *[other] lignes citées
} (de `{ $name }`)
commands-skipped-marked = { $count } { $count ->
    [one] ligne citée (marquée
   *[other] lignes citées (marquées
} par `>`)
commands-skipped-signature = { $count } { $count ->
    [one] ligne
   *[other] lignes
} de signature (`{ $name }`)
commands-skipped-below-signature = { $count } { $count ->
    [one] ligne
   *[other] lignes
} sous la marque de signature `-- `

# La suite d'un courriel à partir d'une ligne qui ressemble à l'en-tête
# d'un courriel précédent que le juge ne sait pas situer ($name : son
# libellé tel qu'il est écrit, « De : … »).
commands-skipped-unplaced = { $count } { $count ->
    [one] ligne
   *[other] lignes
} d'un courriel précédent que { -judge(form: "the") } n'a pas su situer (de `{ $name }`)

# La citation dont un client de messagerie HTML entoure le courriel
# précédent, par l'id de sa règle dans src/command/quotes.toml (la classe
# entre parenthèses reste telle quelle).
commands-html-quote = { $id ->
    [gmail] citation de Gmail (gmail_quote)
    [outlook] citation d'Outlook (divRplyFwdMsg)
    [outlook-header] bloc d'en-tête d'Outlook (border-top)
    [thunderbird] citation de Thunderbird (moz-cite-prefix)
    [yahoo] citation de Yahoo (yahoo_quoted)
    [apple] courriel transféré d'Apple Mail (AppleOriginalContents)
    [hotmail] citation de Hotmail (stopSpelling)
    [gmx] citation de GMX (name=quote)
   *[other] { $name }
}
