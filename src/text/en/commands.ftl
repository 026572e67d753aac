# dipspy: the commands words, en (joined after ../en.ftl; a key lives in one file only).

# words: command reader
#
# What the command reader (src/command, rendered by src/text/commands.rs)
# says about a line it could not read: where it stopped, what it
# expected there (commands-want-*, listed with commands-list) and what it
# found (commands-found-*; a word is shown as typed, in backticks).
# Command words (SIGNON, ANON, FAKE BROADCAST, ENDPRESS ...) and the
# examples a player types stay as they are.
commands-error = line { $line }, column { $column }: expected { $expected }, found { $found }
commands-expected-found = expected { $expected }, found { $found }
commands-unreadable = not understood: at column { $column }, expected { $expected }, found { $found }
commands-unreadable-unshown = not understood: at column { $column }, expected { $expected }
commands-press-unreadable = press NOT sent: { $why }; its text (up to ENDPRESS) was not read as orders
commands-list = { $init } or { $last }
commands-want-something-else = something else
commands-want-game-name = a game name (letters, digits, `-` and `_`)
commands-want-power = a power (a letter such as F, or a name such as france)
commands-want-password = a password
commands-want-phase = a phase such as S1901M
commands-want-end-of-line = end of line
commands-want-setting = a setting such as deadline=48h (keys: variant, rules, deadline, retreat, adjust, timezone, at, press, reaction, reminder, password_optional, spy_at_start, max_absence, draws, concessions, clear_votes, show_votes, approve_takeovers, grace, abandon_after, pictures, fake_press, anonymous, language)
commands-want-setting-equals = `=` after the setting's name
commands-want-setting-value = the setting's value
commands-want-signon = a power and a game (`SIGNON F mygame <password>` or `SIGN ON Fmygame <password>`)
commands-want-time = a time: `24h` from now, or a date and time such as `2025-03-30 20:00`
commands-want-date = a date such as 2025-03-30
commands-want-absence-to = TO and the last day, or the end of the line
commands-want-address = a mail address such as anne@example.org
commands-want-confirm-code = the code from the { -judge }'s mail to the new address
commands-want-language = a language: en, fr or de
commands-want-fake-to = TO and the powers the press should seem to go to
commands-want-another-power = `,` and another power
commands-want-anon = ANON
commands-want-fake = FAKE BROADCAST or FAKE TO and powers
commands-want-shorter-test = AND, OR or `)`: a unit test names at most a power, a unit type and a province
commands-want-unit-test = a unit test such as `A bur`, `france A bur` or `NOT F eng`, or `(`
commands-want-fewer-parentheses = fewer parentheses
commands-want-close-paren = `)` to close the `(`
commands-want-condition-goes-on = AND, OR, `)`, THEN or the end of the line
commands-want-condition-end = AND, OR or the end of the condition
commands-want-else-if = IF and a condition, or the end of the line
commands-want-block-phase = a phase such as `Fall 1902 Retreats`, `F1902R` or `Winter 1902 Adjustments`
commands-want-short-line = a line of at most { $max } characters
commands-want-short-press = at most { $max } characters of press
commands-want-press-before-endpress = a PRESS or BROADCAST line before ENDPRESS
commands-found-end-of-line = end of line
commands-found-longer-line = a longer line
commands-found-longer-text = a longer text
commands-found-endpress = ENDPRESS

# A remark under a line's verdict on how the line was read.
commands-note-line = NOTE: { $note }
commands-note-no-endpress = there was no ENDPRESS line: everything below this line was taken as the press

# The lines of a mail not read: quoted text and signatures. $name names
# the quote's header or the signature as the rules table does
# (src/command/quotes.toml).
commands-skipped = { $list } { $count ->
    [one] was
   *[other] were
} not read.
commands-skipped-list = { $init } and { $last }
commands-skipped-quote = { $count } quoted { $count ->
    [one] line
   *[other] lines
} (from `{ $name }`)
commands-skipped-marked = { $count } quoted { $count ->
    [one] line
   *[other] lines
} (marked with `>`)
commands-skipped-signature = { $count } signature { $count ->
    [one] line
   *[other] lines
} (`{ $name }`)
commands-skipped-below-signature = { $count } { $count ->
    [one] line
   *[other] lines
} below the signature mark `-- `

# The rest of a mail from a line that looks like the head of an earlier
# mail the judge cannot place ($name: its label as written, "From: …").
commands-skipped-unplaced = { $count } { $count ->
    [one] line
   *[other] lines
} of an earlier mail the { -judge } could not place (from `{ $name }`)

# The quote an HTML mail client wraps around the earlier mail, by its
# rule's id in src/command/quotes.toml (the class it is found by, in
# brackets, stays as it is).
commands-html-quote = { $id ->
    [gmail] Gmail's quote (gmail_quote)
    [outlook] Outlook's quote (divRplyFwdMsg)
    [outlook-header] Outlook's header block (border-top)
    [thunderbird] Thunderbird's quote (moz-cite-prefix)
    [yahoo] Yahoo's quote (yahoo_quoted)
    [apple] Apple Mail's forwarded mail (AppleOriginalContents)
    [hotmail] Hotmail's quote (stopSpelling)
    [gmx] GMX's quote (name=quote)
   *[other] { $name }
}
