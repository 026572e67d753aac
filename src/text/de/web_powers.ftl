# dipspy: the powers' web pages' words, de (joined after ../de.ftl; a key lives in one file only).

# words: a power's page
web-power-title = { $power } in der Partie { $game }
web-power-signon-title = { $power } in der Partie { $game }: Anmelden
web-power-signon-intro = Diese Seite gehört { $power } in der Partie { $game }. Melden Sie sich mit dem Passwort der Macht an, dem, das Sie per E-Mail verwenden.
web-power-password = Passwort
web-power-signon = Anmelden
web-power-signoff = Abmelden
web-power-wrong = Das Passwort ist falsch.
web-power-locked = Zu viele falsche Passwörter: Das Passwort dieser Macht ist vorerst gesperrt, hier und per E-Mail. Versuchen Sie es später wieder, oder fordern Sie einen Link per E-Mail an.
web-power-unknown = Niemand spielt diese Macht in dieser Partie, oder es gibt diese Partie oder Macht nicht.
web-power-refused-title = Abgelehnt
web-power-refused = Dieses Formular wurde nicht von der Seite der Macht gesendet (sein Sicherheitstoken fehlt oder ist falsch), oder die Sitzung ist abgelaufen. Laden Sie die Seite neu und melden Sie sich an.
web-power-gone = Die Macht hat jetzt einen anderen Spieler: Diese Sitzung ist beendet.
web-power-reply = Die Antwort des Spielleiters
web-power-send-lines = Befehle, einer pro Zeile, wie in einer E-Mail
web-power-send = Senden
