# dipspy: the mail words, de (joined after ../de.ftl; a key lives in one file only).

# Die Nachricht an den Absender einer zu großen Mail (src/mail/inbox.rs).
# $size und $limit sind Größen in Byte, in Ziffern geschrieben.
mail-too-large-body =
    Ihre Nachricht wurde nicht gelesen: sie ist { $size } Byte groß, und der { -judge } liest höchstens { $limit } Byte.
    Bitte senden Sie Ihre Befehle als reinen Text ohne Anhänge.
    (Diesen Hinweis erhalten Sie höchstens einmal pro Stunde.)

# Die Hinweise an den Spielleiter zur Post des Judges (src/mail/health.rs).
# $failures: was fehlschlug, eine Zeile je Fehler, wie der Server es meldete.
mail-failing =
    .subject = { -brand }: Der Postversand des { -judge(case: "gen") } ist gestört
    .body =
        Der Postversand des { -judge(case: "gen") } ist seit { $since } gestört:
        {"  "}{ $failures }
        Führen Sie `dipspy check` und `dipspy status` auf dem Rechner des { -judge(case: "gen") } aus; die Post wartet im Postausgang und wird erneut versucht.
mail-works-again =
    .subject = { -brand }: Der Postversand des { -judge(case: "gen") } funktioniert wieder
    .body = Der Postversand des { -judge(case: "gen") } funktioniert seit { $now } wieder; er war seit { $since } gestört.

mail-also-heading = Außerdem: { $subject }

# Ein Einmal-Link zur Webseite einer Macht, an ihren Spieler geschickt,
# wenn er auf der Seite angefordert wurde (src/mail/web_link.rs).
mail-web-link =
    .subject = { -brand } { $game }: ein Link zur Seite von { $power }
    .body =
        Jemand hat auf den Webseiten einen Link angefordert, der die Seite von { $power } in der Partie { $game } ohne Passwort öffnet:
        {"  "}{ $link }
        Öffnen Sie ihn und drücken Sie den Knopf auf der Seite, die er zeigt: Sie sind dann als { $power } angemeldet. Der Link funktioniert einmal und nur { $minutes } Minuten lang.
        Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Mail: Es geschieht nichts, solange der Link nicht benutzt wird.
