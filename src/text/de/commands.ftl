# dipspy: the commands words, de (joined after ../de.ftl; a key lives in one file only).

# words: command reader
#
# Was der Befehlsleser (src/command, dargestellt von
# src/text/commands.rs) über eine Zeile sagt, die er nicht lesen konnte:
# wo er stehen blieb, was er dort erwartete (commands-want-*, im
# Akkusativ nach "erwartet", aufgezählt mit commands-list) und was er
# fand (commands-found-*; ein Wort wird wie getippt in Backticks
# gezeigt). Befehlswörter (SIGNON, ANON, FAKE BROADCAST, ENDPRESS ...)
# und die Beispiele zum Tippen bleiben, wie sie sind.
commands-error = Zeile { $line }, Spalte { $column }: erwartet { $expected }, gefunden { $found }
commands-expected-found = erwartet { $expected }, gefunden { $found }
commands-unreadable = nicht verstanden: in Spalte { $column } erwartet { $expected }, gefunden { $found }
commands-unreadable-unshown = nicht verstanden: in Spalte { $column } erwartet { $expected }
commands-press-unreadable = Presse NICHT gesendet: { $why }; ihr Text (bis ENDPRESS) wurde nicht als Befehle gelesen
commands-list = { $init } oder { $last }
commands-want-something-else = etwas anderes
commands-want-game-name = einen Partienamen (Buchstaben, Ziffern, `-` und `_`)
commands-want-power = eine Macht (einen Buchstaben wie F oder einen Namen wie france)
commands-want-password = ein Passwort
commands-want-phase = eine Phase wie S1901M
commands-want-end-of-line = das Zeilenende
commands-want-setting = eine Einstellung wie deadline=48h (Schlüssel: variant, rules, deadline, retreat, adjust, timezone, at, press, reaction, reminder, password_optional, spy_at_start, max_absence, draws, concessions, clear_votes, show_votes, approve_takeovers, grace, abandon_after, pictures, fake_press, anonymous, language)
commands-want-setting-equals = `=` nach dem Namen der Einstellung
commands-want-setting-value = den Wert der Einstellung
commands-want-signon = eine Macht und eine Partie (`SIGNON F meinepartie <Passwort>` oder `SIGN ON Fmeinepartie <Passwort>`)
commands-want-time = eine Zeit: `24h` ab jetzt oder ein Datum mit Uhrzeit wie `2025-03-30 20:00`
commands-want-date = ein Datum wie 2025-03-30
commands-want-absence-to = TO und den letzten Tag oder das Zeilenende
commands-want-address = eine Mailadresse wie anne@example.org
commands-want-confirm-code = den Code aus der Mail des { -judge(case: "gen") } an die neue Adresse
commands-want-language = eine Sprache: en, fr oder de
commands-want-fake-to = TO und die Mächte, an die die Presse gerichtet scheinen soll
commands-want-another-power = `,` und eine weitere Macht
commands-want-anon = ANON
commands-want-fake = FAKE BROADCAST oder FAKE TO und Mächte
commands-want-shorter-test = AND, OR oder `)`: eine Einheitenbedingung nennt höchstens eine Macht, eine Einheitenart und eine Provinz
commands-want-unit-test = eine Einheitenbedingung wie `A bur`, `france A bur` oder `NOT F eng`, oder `(`
commands-want-fewer-parentheses = weniger Klammern
commands-want-close-paren = `)`, um die `(` zu schließen
commands-want-condition-goes-on = AND, OR, `)`, THEN oder das Zeilenende
commands-want-condition-end = AND, OR oder das Ende der Bedingung
commands-want-else-if = IF und eine Bedingung oder das Zeilenende
commands-want-block-phase = eine Phase wie `Fall 1902 Retreats`, `F1902R` oder `Winter 1902 Adjustments`
commands-want-short-line = eine Zeile von höchstens { $max } Zeichen
commands-want-short-press = höchstens { $max } Zeichen Presse
commands-want-press-before-endpress = eine PRESS- oder BROADCAST-Zeile vor ENDPRESS
commands-found-end-of-line = das Zeilenende
commands-found-longer-line = eine längere Zeile
commands-found-longer-text = einen längeren Text
commands-found-endpress = ENDPRESS

# Ein Hinweis unter dem Urteil über eine Zeile: wie sie gelesen wurde.
commands-note-line = HINWEIS: { $note }
commands-note-no-endpress = Es gab keine Zeile ENDPRESS: Alles unter dieser Zeile wurde als Presse genommen

# Die nicht gelesenen Zeilen einer Mail: zitierter Text und Signaturen.
# $name nennt den Kopf des Zitats oder die Signatur wie die Regeltabelle
# (src/command/quotes.toml).
commands-skipped = { $list } { $count ->
    [one] wurde
   *[other] wurden
} nicht gelesen.
commands-skipped-list = { $init } und { $last }
commands-skipped-quote = { $count } { $count ->
    [one] zitierte Zeile
   *[other] zitierte Zeilen
} (aus `{ $name }`)
commands-skipped-marked = { $count } { $count ->
    [one] zitierte Zeile
   *[other] zitierte Zeilen
} (mit `>` markiert)
commands-skipped-signature = { $count } { $count ->
    [one] Signaturzeile
   *[other] Signaturzeilen
} (`{ $name }`)
commands-skipped-below-signature = { $count } { $count ->
    [one] Zeile
   *[other] Zeilen
} unter der Signaturmarke `-- `

# Der Rest einer Mail ab einer Zeile, die wie der Kopf einer früheren
# Mail aussieht, die der Judge nicht einordnen kann ($name: ihre
# Bezeichnung wie geschrieben, „Von: …“).
commands-skipped-unplaced = { $count } { $count ->
    [one] Zeile
   *[other] Zeilen
} einer früheren Mail, die der { -judge } nicht einordnen konnte (aus `{ $name }`)

# Das Zitat, in das ein HTML-Mailprogramm die frühere Mail setzt, nach
# der id seiner Regel in src/command/quotes.toml (die Klasse in Klammern
# bleibt, wie sie ist).
commands-html-quote = { $id ->
    [gmail] Gmail-Zitat (gmail_quote)
    [outlook] Outlook-Zitat (divRplyFwdMsg)
    [outlook-header] Outlook-Kopfblock (border-top)
    [thunderbird] Thunderbird-Zitat (moz-cite-prefix)
    [yahoo] Yahoo-Zitat (yahoo_quoted)
    [apple] weitergeleitete Mail von Apple Mail (AppleOriginalContents)
    [hotmail] Hotmail-Zitat (stopSpelling)
    [gmx] GMX-Zitat (name=quote)
   *[other] { $name }
}
