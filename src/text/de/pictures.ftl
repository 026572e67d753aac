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
pictures-key-centre = { -supply-centre }
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
pictures-key-removed = abgebaut
pictures-waives = { $power_the } verzichtet auf einen Aufbau
pictures-waive-outcome = { $power }: Verzicht ({ $outcome })
pictures-notes-joined = { $first }; { $rest }
#
# MAP per Mail (src/judge/pictures.rs).
pictures-map-attached = das Bild der Partie { $game }, { $phase }, ist angehängt ({ $file })
pictures-map-not-drawn = nicht ausgeführt: das Bild konnte nicht gezeichnet werden; ein Hinweis für den { -game-master } steht im Protokoll
#
# Nur das Bild des Judges (secret-log --map): der Schlüssel zu den
# Spionagemarken unter der Legende und die Überschrift der Liste der
# Spionage der Phase darunter.
pictures-key-spy = Spion bei dieser Einheit, in der Farbe der spionierenden Macht
pictures-key-counter-spy = Gegenspion bei einer eigenen Einheit seiner Macht
pictures-key-reaction = Einheit, deren Macht reagierte
pictures-key-fake = angewandter Fake, in der Farbe der fälschenden Macht
pictures-key-anti = Anti: die Einheiten der ersten Macht vor den Fakes der zweiten geschützt
pictures-key-clash = hier kollidierte Fakes (keiner wirkte), jede beteiligte Macht genannt
pictures-key-founded = in diesem { -supply-centre } gegründete { -spy-organisation }
pictures-key-no-effect = gestrichelt: ohne Wirkung (Spion geschützt, Fake durch ein Anti aufgehalten oder wirkungslos, Kollision)
# What the picture is, for a reader who cannot see it (a mail's
# alternative text).
pictures-description = Das Spielbrett
pictures-espionage-heading = Spionage dieser Phase (nur für den { -judge })
