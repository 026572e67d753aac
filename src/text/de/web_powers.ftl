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
web-power-link-ask-intro = Oder lassen Sie sich einen Einmal-Link an die Adresse schicken, von der aus diese Macht gespielt wird: Er öffnet diese Seite einmal, ohne Passwort.
web-power-link-ask = Link per E-Mail schicken
web-power-link-asked-title = Link angefordert
web-power-link-asked = Wenn diese Macht einen Spieler hat, wurde ein Einmal-Link an die Adresse geschickt, von der aus sie gespielt wird. Er funktioniert einmal und nur kurze Zeit.
web-power-link-title = { $power } in der Partie { $game }: Einmal-Link
web-power-link-intro = Dieser Einmal-Link meldet Sie als { $power } in der Partie { $game } an. Drücken Sie den Knopf, um ihn zu benutzen: Danach funktioniert er nicht mehr.
web-power-link-use = Mit diesem Link anmelden
web-power-link-refused-title = Link nicht gültig
web-power-link-refused = Dieser Link kann nicht benutzt werden: Er ist unbekannt, abgelaufen oder schon benutzt, oder die Macht wird jetzt von einer anderen Adresse aus gespielt. Fordern Sie auf der Seite der Macht einen neuen an.
web-power-refused-title = Abgelehnt
web-power-refused = Dieses Formular wurde nicht von der Seite der Macht gesendet (sein Sicherheitstoken fehlt oder ist falsch), oder die Sitzung ist abgelaufen. Laden Sie die Seite neu und melden Sie sich an.
web-power-gone = Die Macht hat jetzt einen anderen Spieler: Diese Sitzung ist beendet.
web-power-reply = Die Antwort des Spielleiters
web-power-send-lines = Befehle, einer pro Zeile, wie in einer E-Mail
web-power-send = Senden
