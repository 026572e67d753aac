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
