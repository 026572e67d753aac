# dipspy: the web pages' words, de (joined after ../de.ftl; a key lives in one file only).

# words: the web pages
web-skip = Zum Inhalt springen
web-nav = Seiten
web-home = Alle Partien
web-languages = Sprache
web-index-title = Die Partien dieses Spielleiters
web-index-forming = Offen für Anmeldungen
web-index-playing = Laufend
web-index-finished = Beendet
web-index-none = Keine Partie.
web-index-caption-forming = Partien, die für Anmeldungen offen sind
web-index-caption-playing = Laufende Partien
web-index-caption-finished = Beendete Partien
web-col-game = Partie
web-col-map = Karte
web-col-rules = Regeln
web-col-players = Spieler
web-col-phase = Phase
web-col-deadline = Abgabetermin
web-col-status = Stand
web-col-power = Macht
web-col-order = Befehl
web-col-result = Ergebnis
web-col-units = Einheiten
web-col-count = Anzahl
web-col-centres = Versorgungszentren
web-players-count = { $taken } von { $powers }
web-rules-none = Standard
web-rule = { $rule ->
    [espionnite] Espionnite
    [spionage] Spionage
   *[other] { $rule }
}
web-no-deadline = keiner
web-not-started = nicht begonnen
web-game-title = Partie { $game }
web-phase-title = Partie { $game }: { $phase }
web-game-facts = Über diese Partie
web-col-outcome = Ausgang
web-board = Das Brett
web-board-title = Das Brett der Partie { $game }: { $phase }
web-board-adjudicated = Das Bild zeigt die Befehle dieser Phase und was aus ihnen wurde, auf dem Brett, das sich daraus ergab; die Tabellen unten sagen dasselbe in Worten.
web-board-position = Das Bild zeigt die Einheiten zu Beginn dieser Phase; die Tabellen unten führen sie auf.
web-board-power = { $power }: { $units ->
    [0] keine Einheit
    [one] eine Einheit
   *[other] { $units } Einheiten
}, { $centres ->
    [0] kein Versorgungszentrum
    [one] ein Versorgungszentrum
   *[other] { $centres } Versorgungszentren
}.
web-results = Ergebnisse
web-results-none = Diese Phase ist noch nicht ausgewertet: Ihre Befehle bleiben bis dahin geheim.
web-orders-caption = Die Befehle von { $phase } und was aus ihnen wurde
web-units = Einheiten
web-units-caption-after = Einheiten nach { $phase }
web-units-caption-now = Einheiten während { $phase }
web-centres = Versorgungszentren
web-centres-caption-after = Versorgungszentren nach { $phase }
web-centres-caption-now = Versorgungszentren während { $phase }
web-press = Presse
web-press-none = Keine Pressemitteilung an alle in dieser Phase.
web-deadline = Abgabetermin:
web-deadline-none = Gerade läuft kein Abgabetermin.
web-phases = Alle Phasen
web-phase-nav = Phasen
web-previous = Vorige Phase: { $phase }
web-next = Nächste Phase: { $phase }
web-chart = Die Versorgungszentren im Lauf der Jahre
web-chart-title = Versorgungszentren jeder Macht in der Partie { $game }, am Ende jedes Jahres
web-chart-caption = Versorgungszentren jeder Macht am Ende jedes Jahres
web-chart-none = Noch ist kein Jahr zu Ende.
web-feed = Die Ergebnisse als Atom-Feed
web-feed-title = Ergebnisse der Partie { $game }
web-not-found = Nicht gefunden
web-not-found-text = Diese Seite gibt es hier nicht.
web-failed = Die Seite konnte nicht erstellt werden
web-failed-text = Beim Spielleiter ist etwas schiefgegangen; sein Protokoll sagt, was.
