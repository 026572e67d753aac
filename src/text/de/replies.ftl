# dipspy: the replies words, de (joined after ../de.ftl; a key lives in one file only).
#
# Die Antwort auf eine Mail (src/judge/session.rs, mod.rs, address.rs,
# fake_press.rs, texts.rs): was mit jeder Zeile geschah, dann die Befehle
# jeder angemeldeten Macht. Die Marken `Line 3:`, `OK:`, `REJECTED:` und
# die Befehlswörter bleiben, wie sie sind; der Code rückt die Befehlszeilen ein.

# Der Betreff der Antwort.
replies-subject-none = Ihre Nachricht an den { -judge }
replies-subject-re = AW: { $subject }
replies-own-address = Mail von der eigenen Adresse des { -judge(case: "gen") } wird nicht gelesen.

# Das Ende der Antwort.
replies-no-commands = Ihre Nachricht enthielt keine Befehle. Senden Sie HELP für die Liste der Befehle.
replies-cut = Zeilen ab Zeile { $line } wurden nicht gelesen: eine Nachricht darf höchstens { $max } Befehle enthalten.
replies-rejected-count = { $count ->
    [one] { $count } Zeile abgelehnt; für sie wurde nichts ausgeführt.
   *[other] { $count } Zeilen abgelehnt; für sie wurde nichts ausgeführt.
}

# Fehler der Partie, wie die Antwort sie nennt.
replies-unknown-game = es gibt keine Partie namens `{ $game }` (senden Sie LIST für die Partien dieses { -judge(case: "gen") })
replies-empty-password = ein Passwort ist nötig
replies-unknown-rules = es gibt keine Regeln `{ $rules }`: schreiben Sie rules=espionnite, rules=spionage oder beide

# Zeilen, die eine Anmeldung oder den Spielleiter brauchen; SIGN OFF, HELP, MASTER.
replies-after-failed-signon = nicht ausgeführt, weil das SIGNON in Zeile { $line } fehlschlug
replies-master-not-player = nicht ausgeführt: dies ist ein Kommando für Spieler oder ein Befehl; der { -game-master } gibt ihn für eine Macht nach `BECOME <Partie> <Macht>`
replies-sign-on-first = nicht ausgeführt: melden Sie sich zuerst an, mit `SIGNON <Macht> <Partie> <Passwort>` über dieser Zeile
replies-master-needed = nicht ausgeführt: Befehle des { -game-master(case: "gen") } brauchen eine Zeile `MASTER <Passwort>` darüber, gesendet von der Adresse des { -game-master(case: "gen") }
replies-signoff = Ende der Befehle: nichts darunter wird gelesen
replies-help = der Hilfetext steht am Ende dieser Antwort
replies-map-not-allowed = nicht ausgeführt: die Karten sind für die Spieler und Beobachter der Partie; melden Sie sich zuerst an oder beobachten Sie die Partie mit OBSERVE
replies-history-not-allowed = nicht ausgeführt: der Verlauf ist für die Spieler und Beobachter der Partie; melden Sie sich zuerst an oder beobachten Sie die Partie mit OBSERVE
replies-master-signed-on = als { -game-master } angemeldet
replies-master-refused = abgelehnt: MASTER braucht das Passwort des { -game-master(case: "gen") }, gesendet von der Adresse des { -game-master(case: "gen") }
replies-signon-locked = Anmeldung abgelehnt: für { $power_the } in der Partie { $game } wurden zu viele falsche Passwörter angegeben, daher sind die Anmeldungen eine Zeit lang gesperrt und das Passwort wird nicht geprüft; nur Mails, die der Mailserver des { -judge(case: "gen") } als von der Adresse des Spielers stammend bestätigt, kommen durch, und der { -game-master } kann die Sperre aufheben
replies-master-locked = abgelehnt: es wurden zu viele falsche Passwörter des { -game-master(case: "gen") } angegeben, daher ist MASTER eine Zeit lang gesperrt und das Passwort wird nicht geprüft; nur Mails, die der Mailserver des { -judge(case: "gen") } als von der Adresse des { -game-master(case: "gen") } stammend bestätigt, kommen durch
replies-master-needs-authentication = abgelehnt: MASTER wird nur in Mails angenommen, die der Mailserver des { -judge(case: "gen") } als von der Adresse des { -game-master(case: "gen") } stammend bestätigt


# Eine Zeile, die ein Passwort enthalten kann, wird nur mit ihrem ersten Wort zitiert.
replies-quote-hidden = { $first } ... (der Rest wird nicht wiederholt: er kann ein Passwort enthalten)
replies-quote-secret = (nicht wiederholt: die Zeile kann ein Passwort enthalten)
replies-secret-line = nicht gelesen: die Zeile sieht aus wie ein Befehl mit Passwort (SIGNON, JOIN, MASTER, SET PASSWORD...), ist aber keiner; darum wird nichts davon wiederholt oder gespeichert. Schreiben Sie das Befehlswort an den Anfang der Zeile, in einfachen Buchstaben
# Die Zeile nach einem Befehl, dem sein Passwort oder Code fehlt.
replies-secret-next-line = nicht gelesen: dem Befehl darüber fehlt sein Passwort oder Code, darum kann diese Zeile dieses Passwort sein; nichts davon wird gelesen, wiederholt oder gespeichert. Schreiben Sie das Passwort in dieselbe Zeile wie seinen Befehl (`SIGNON france mygame passwort`) und senden Sie die Mail noch einmal

# Befehlszeilen.
replies-order-stored = Befehl gespeichert als `{ $order }`
replies-order-stored-same = Befehl gespeichert als `{ $order }` (derselbe wie zuvor)
replies-order-stored-replacing = Befehl gespeichert als `{ $order }`, statt `{ $replaced }`
replies-order-stored-plain = Befehl gespeichert
replies-order-replaces-nothing = { $error }; er ersetzt keinen früheren Befehl
replies-order-not-read = Befehl von der Partie nicht gelesen
replies-order-not-stored = Befehl nicht gespeichert: { $why }

# Die Befehle einer angemeldeten Macht am Ende der Antwort.
replies-no-phase = In der Partie { $game } wird keine Phase gespielt (sie hat nicht begonnen oder ist vorbei).
replies-orders-heading = Ihre Befehle als { $power } in der Partie { $game }, { $phase_name } ({ $phase }):
replies-orders-none = (keine)
replies-spy-heading = Ihre Spionagebefehle (nur Sie und der { -judge } sehen sie):
replies-waiting = Sie haben gebeten, auf die { -deadline } zu warten (SET WAIT).
replies-later-heading = Ihre Befehle für spätere Phasen (PHASE), die zu Beginn ihrer Phase angewandt werden:
replies-absences = Ihre Abwesenheiten (SET ABSENCE): { $spans }
replies-absence-span = von { $from } bis { $to }
replies-deadline = { -deadline }: { $time }
replies-deadline-paused = { -deadline }: keine, solange die Partie pausiert

# SET ADDRESS und CONFIRM ADDRESS.
replies-address-code-sent = ein Code wurde an { $address } geschickt; der { -judge } schreibt dorthin für { $power_the } in der Partie { $game }, sobald eine Mail von dieser Adresse `CONFIRM ADDRESS` und den Code enthält (innerhalb von { $days ->
    [one] { $days } Tag
   *[other] { $days } Tagen
}); bis dahin schreibt er hierher
replies-address-not-changed = Adresse nicht geändert: { $why }
replies-address-confirmed = bestätigt: der { -judge } schreibt jetzt an { $address } für { $power_the } in der Partie { $game }
replies-observer-confirmed = bestätigt: Sie beobachten jetzt die Partie { $game }; Sie erhalten ihre Ergebnisse

# Falsche Presse.
replies-fake-press-sent = Presse gesendet ({ $signed ->
    [yes] mit Unterschrift
   *[no] ohne Unterschrift
}) an { $real }, adressiert, als ginge sie an { $shown } (falsche Presse; der { -game-master } erfährt die Wahrheit)
replies-press-not-sent = Presse NICHT gesendet: { $why }

# Die Marken der Antwort: jede Zeile der Nachricht wird nach „Zeile N:“
# zitiert, ihr Ergebnis folgt, markiert mit OK oder ABGELEHNT; Hinweise
# unter einem Befehl sind mit HINWEIS oder WARNUNG markiert.
replies-mark-line = Zeile { $line }:
replies-mark-ok = OK:
replies-mark-rejected = ABGELEHNT:
replies-mark-note = HINWEIS:
replies-mark-warning = WARNUNG:
