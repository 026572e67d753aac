# dipspy: the views words, de (joined after ../de.ftl; a key lives in one file only).

# words: states in views
#
# Der Zustand einer Partie, einer Macht, einer Phase, wie eine Ansicht
# ihn zeigt (LIST, SUMMARY, WHOGAME, HISTORY), gewählt nach dem
# gespeicherten Wert.
views-game-status = { $status ->
    [forming] in Bildung
    [active] läuft
    [paused] pausiert
    [finished] beendet
   *[other] { $status }
}
views-power-status = { $status ->
    [vacant] unbesetzt
    [playing] besetzt
    [eliminated] ausgeschieden
   *[other] { $status }
}
# $shown ist der gespeicherte Wert mit `_` als Leerzeichen, für einen
# Wert, der hier nicht steht.
views-phase-status = { $status ->
    [current] läuft
    [processed] ausgewertet
    [final] letzte Phase
    [rolled_back] zurückgenommen
   *[other] { $shown }
}

# words: LIST by mail (src/judge/views.rs)
views-maps-heading = Karten auf diesem { -judge } (CREATE <Partie> variant=<Karte> startet eine):
views-maps-done = die Liste der Karten steht am Ende dieser Antwort
views-list-heading = Partien auf diesem { -judge }:
views-list-none = {"  "}(keine)
views-list-deadline = { -deadline } { $deadline }
views-list-done = die Liste der Partien steht am Ende dieser Antwort
views-game-heading = Partie { $game }: { $status } ({ $timezone }), Variante { $variant }, Presse { $press ->
    [none] keine
    [white] weiß
    [grey] grau
   *[other] { $press }
}
views-game-phase = {"  "}Phase: { $name } ({ $phase })
views-game-deadline = {"  "}{ -deadline }: { $deadline }
# $centres und $units kommen auf zwei Stellen aufgefüllt (eine Tabelle:
# die Bezeichnungen bleiben im Plural).
views-game-power-counts = Zentren { $centres }, Einheiten { $units }
views-game-votes-draw-with = ; stimmt für ein Remis mit { $powers }
views-game-votes-draw = ; stimmt für ein Remis aller Überlebenden
views-game-concedes = ; überlässt { $power_dat } den Sieg
views-game-done = die Partie { $game } wird am Ende dieser Antwort beschrieben
views-history-done = der Verlauf steht am Ende dieser Antwort

# words: SUMMARY and WHOGAME (src/text/roster.rs)
views-whogame-heading = Spieler der Partie { $game } ({ $status }):
views-nobody = niemand
views-player-number = Spieler { $number }
views-whogame-waiting = Beigetreten, warten auf eine Macht, sobald die Partie voll ist: { $who }
views-whogame-no-observers = Beobachter: keine
views-whogame-observers = Beobachter ({ $count }):
views-whogame-observer-count = Beobachter: { $count }
views-anonymous-note = Die Partie { $game } ist anonym: die Adressen ihrer Spieler werden nicht gezeigt (die Spieler sind stattdessen nummeriert).
views-summary-heading = Übersicht der Partie { $game } ({ $variant }, { $status }):
views-summary-done = die Übersicht der Partie { $game } steht am Ende dieser Antwort
views-whogame-done = die Liste der Spieler der Partie { $game } steht am Ende dieser Antwort
views-stints-heading = Wer welche Macht wann gespielt hat:
views-stint-from = ab { $phase }
views-stint-from-start = von Beginn an
# $how: wie der Spieler gegangen ist (resigned, abandoned, ejected).
views-stint-until = bis { $phase } ({ $how ->
    [resigned] Rücktritt
    [abandoned] verlassen
    [ejected] ausgeschlossen
   *[other] { $how }
})
views-stint-until-before-start = vor Beginn der Partie ({ $how ->
    [resigned] Rücktritt
    [abandoned] verlassen
    [ejected] ausgeschlossen
   *[other] { $how }
})
views-eliminated-in = ; ausgeschieden in { $phase }
views-no-player-now = ; derzeit ohne Spieler
views-no-centres-yet = Es wurde noch keine Phase gespielt: es gibt noch keine Zählung der { -supply-centre(number: "other") }.
views-centres-heading = { -supply-centre(number: "other") }:
views-centres-start = Beginn
views-centres-now = jetzt ({ $phase })

# words: the game master's replies (src/judge/master.rs)
#
# $info ist eine Phase mit ihrer Frist (views-master-phase-info...).
views-master-phase-info = { $name } ({ $phase })
views-master-phase-info-deadline = { $name } ({ $phase }), { -deadline } { $deadline }
views-master-started = die Partie { $game } hat begonnen: { $info }
views-master-paused = die Partie { $game } ist pausiert
views-master-resumed = die Partie { $game } geht weiter: { $info }
views-master-deadline-moved = { -deadline } verschoben: { $info }
views-master-rolled-back = die Partie { $game } wurde zurückgesetzt; aktuelle Phase: { $info }
views-master-ejected = { $power_the } hat in der Partie { $game } jetzt keinen Spieler mehr; alle wurden benachrichtigt
views-master-not-master = nicht ausgeführt: kein Kommando des { -game-master(case: "gen") }
views-master-unlocked = { $what ->
    [master] die Sperre des Passworts des { -game-master(case: "gen") } ist aufgehoben
   *[power] die Sperre für { $power_the } in der Partie { $game } ist aufgehoben
}
views-master-not-locked = { $what ->
    [master] das Passwort des { -game-master(case: "gen") } war nicht gesperrt
   *[power] { $power_the } war in der Partie { $game } nicht gesperrt
}
views-master-created = Partie { $game } angelegt; Spieler können ihr jetzt beitreten (JOIN)
views-master-not-created = nicht angelegt: { $why }
views-master-processed-next = { $phase } ausgewertet; aktuelle Phase: { $info }
views-master-processed-ended = { $phase } ausgewertet; { $ended }
views-master-game-over = die Partie ist zu Ende
views-master-results-heading = Ergebnisse der Partie { $game }:
views-master-terminated = die Partie { $game } wurde vom { -game-master } beendet; ihr Ausgang ist als `ended` gespeichert (kein Sieger, kein Remis), ihre letzte Phase ist endgültig, und alle haben die Übersicht erhalten
views-master-preview-done = die Vorschau steht am Ende dieser Antwort (nichts wurde gespeichert)
views-master-preview-heading = Vorschau der Partie { $game } (nicht gespeichert):
views-master-head-published = der letzte signierte Kopf der Partie { $game } (Eintrag { $seq } des geheimen Protokolls) wurde an alle Spieler geschickt
views-master-approved = genehmigt: { $power_the } hat in der Partie { $game } einen neuen Spieler, dem die Lage geschickt wurde
views-master-refused = abgelehnt: die Anfrage für { $power_the } in der Partie { $game } wird nicht angenommen
# $copy: yes, wenn die Macht einen Spieler hat, der eine Kopie bekommt.
views-master-become = Sie handeln im Rest dieser Mail für { $power_the } in der Partie { $game }; { $copy ->
    [yes] der Spieler dieser Macht bekommt eine Kopie
   *[no] { $power_the } hat derzeit keinen Spieler, daher bekommt niemand sonst eine Kopie
}

# words: CREATE's settings refused (src/judge/master.rs); $value, wie der
# Spielleiter ihn geschrieben hat.
views-create-yes-no = { $key } muss yes oder no sein, nicht `{ $value }`
views-create-press = press muss none, white oder grey sein, nicht `{ $value }`
views-create-draws = draws muss dias, any oder none sein, nicht `{ $value }`
views-create-language = language muss en, fr oder de sein, nicht `{ $value }`
views-create-pictures = pictures muss png, png+svg oder off sein, nicht `{ $value }`
views-create-abandon-after = abandon_after ist eine Anzahl von Phasen, etwa 3, nicht `{ $value }`
views-create-max-absence = max_absence ist eine Anzahl von Tagen, etwa 15, nicht `{ $value }`
views-create-unknown = unbekannte Einstellung `{ $key }`
