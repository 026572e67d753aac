# dipspy: the pictures words, de (joined after ../de.ftl; a key lives in one file only).
#
# Titel und Legende eines Bildes des Spielbretts (src/render/words.rs).
pictures-shows-results-after = Ergebnisse und die Stellung danach
pictures-shows-orders-results = Befehle und Ergebnisse
pictures-shows-position = Stellung
pictures-shows-orders = Befehle
pictures-counts = { $centres ->
    [one] { $centres } Zentrum
   *[other] { $centres } Zentren
}, { $units ->
    [one] { $units } Einheit
   *[other] { $units } Einheiten
}
pictures-key-army = Armee
pictures-key-fleet = Flotte
pictures-key-centre = Versorgungszentrum
pictures-key-moves = zieht
pictures-key-fails = scheitert
pictures-key-supports = unterstützt
pictures-key-convoys = konvoiert
pictures-key-holds = hält
pictures-key-dislodged = vertrieben
pictures-key-may-retreat = darf sich zurückziehen nach
pictures-key-standoff = Patt
pictures-key-impossible = unmöglich
pictures-key-retreats = zieht sich zurück
pictures-key-disbanded = aufgelöst
pictures-key-standoff-no-retreat = Patt: kein Rückzug dorthin
pictures-key-built = gebaut
pictures-key-removed = entfernt
pictures-waives = { $power } verzichtet auf einen Bau
pictures-waive-outcome = { $power }: Verzicht ({ $outcome })
pictures-notes-joined = { $first }; { $rest }
#
# MAP per Mail (src/judge/pictures.rs).
pictures-map-attached = das Bild der Partie { $game }, { $phase }, ist angehängt ({ $file })
pictures-map-not-drawn = nicht ausgeführt: das Bild konnte nicht gezeichnet werden; der Spielleiter ist im Protokoll benachrichtigt
