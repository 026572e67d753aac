# dipspy: the players words, de (joined after ../de.ftl; a key lives in one file only).
#
# Die Antwort des Judges auf die Kommandos eines Spielers (src/judge/players.rs).
players-quote-hidden = { $command } ... (nicht wiederholt: die Zeile kann ein Passwort enthalten)
players-signon-refused = Anmeldung abgelehnt: { $why }
players-signon-no-game = Anmeldung abgelehnt: keine Partie dieses { -judge(case: "gen") } trägt den geschriebenen Namen (schreiben Sie `SIGNON <Macht> <Partie> <Passwort>` oder `SIGN ON <Anfangsbuchstabe><Partie> <Passwort>`; senden Sie LIST für die Partien)
players-signon-nobody-plays = Anmeldung abgelehnt: niemand spielt { $power_the } in der Partie { $game } (treten Sie der Partie mit JOIN bei, um zu spielen)
players-signon-wrong-password = Anmeldung abgelehnt: falsches Passwort für { $power_the } in der Partie { $game }
players-signon-needs-own-address = Anmeldung abgelehnt: das Passwort darf nur in einer Mail fehlen, von der der Mailserver des { -judge(case: "gen") } bestätigt, dass sie von der Adresse kommt, mit der { $power_the } beigetreten ist; geben Sie das Passwort an
players-signon-needs-password = Anmeldung abgelehnt: die Partie { $game } verlangt das Passwort: `SIGNON { $word } { $game } <Passwort>`
players-signed-on = angemeldet als { $power } in der Partie { $game }
players-takeover-seated = Sie spielen jetzt { $power_the } in der Partie { $game }; die Stellung und ihre Befehle werden Ihnen zugeschickt
players-takeover-waiting = Ihre Anfrage, { $power_the } in der Partie { $game } zu übernehmen, liegt beim { -game-master }; seine Antwort erhalten Sie per Mail
players-join-no-game = nicht beigetreten: keine Partie dieses { -judge(case: "gen") } trägt den geschriebenen Namen (schreiben Sie `JOIN <Macht> <Partie> <Passwort>`; senden Sie LIST für die Partien)
players-join-refused = nicht beigetreten: { $why }
players-joined-as = Sie sind der Partie { $game } als { $power } beigetreten
players-joined-random = Sie sind der Partie { $game } beigetreten; Sie erhalten eine Macht per Los, sobald die Partie voll ist
players-joined-full = { $joined }; die Partie ist jetzt voll, und jeder Spieler hat eine Macht ({ $powers }); der { -game-master } startet sie
players-observe-code =
    Sie beobachten die Partie { $game }, sobald Sie dem { -judge } von dieser Adresse aus innerhalb von { $days } Tagen eine Mail mit der Zeile
    {"    "}CONFIRM ADDRESS { $code }
    senden
players-observe-repeated = bereits in Zeile { $line } angefordert: der Code von dort gilt
players-observe-already = Sie beobachten die Partie { $game } bereits
players-not-here = nicht ausgeführt: dieses Kommando ist hier nicht möglich
players-password-changed = Ihr Passwort ist geändert
players-note-outside-if = HINWEIS: nur Befehle hängen von IF ab; diese Zeile wurde gelesen, als stünde sie außerhalb des IF-Blocks
players-cleared = { $count ->
    [0] Sie hatten keine Befehle zurückzuziehen
    [one] 1 früherer Befehl zurückgezogen
   *[other] { $count } frühere Befehle zurückgezogen
}
players-cleared-later = { $cleared }; { $count ->
    [one] 1 Befehl für eine spätere Phase zurückgezogen
   *[other] { $count } Befehle für spätere Phasen zurückgezogen
}
players-absence-recorded = Abwesenheit eingetragen: { $span }
players-absence-recorded-moved = Abwesenheit eingetragen: { $span }; die laufende { -deadline } ist jetzt { $deadline }
players-absences-withdrawn = { $count ->
    [0] Sie hatten keine Abwesenheit zurückzuziehen
    [one] Ihre Abwesenheit ist zurückgezogen (schon verschobene { -deadline(number: "other") } bleiben)
   *[other] { $count } Abwesenheiten zurückgezogen (schon verschobene { -deadline(number: "other") } bleiben)
}
players-vote = { $vote ->
    [draw] Ihre Stimme für ein Remis ist eingetragen
    [nodraw] Ihre Stimme für ein Remis ist zurückgezogen
    [concede] Ihre Aufgabe ist eingetragen
   *[noconcede] Ihre Aufgabe ist zurückgezogen
}
players-vote-ended = { $vote }; die Partie ist zu Ende: { $how }
players-vote-secret = { $vote } (die Abstimmungen sind geheim, sofern die Partie sie nicht zeigt)
players-wait = die Phase wird nicht vor ihrer { -deadline } ausgewertet
players-nowait = die Phase darf ausgewertet werden, sobald alle Befehle da sind
players-resigned = Sie sind ausgetreten: { $power_the } hat in der Partie { $game } jetzt keinen Spieler
players-press-sent = Presse gesendet ({ $signed ->
    [no] ohne Unterschrift
   *[yes] unterschrieben
}); Empfänger: { $to }
#
# PHASE- und IF-Blöcke (src/judge/blocks.rs).
players-block-phase-unreadable = nicht gespeichert: die PHASE-Zeile { $line } war nicht lesbar (schreiben Sie sie als `PHASE Fall 1902 Retreats` oder `PHASE F1902R`)
players-block-if-unreadable = nicht gespeichert: Zeile { $line } des zugehörigen IF-Blocks war nicht lesbar
players-phase-inside-if = nicht ausgeführt: das IF in Zeile { $line } ist noch offen; schließen Sie es mit ENDIF vor einer PHASE-Zeile (ein PHASE-Block darf IF-Blöcke enthalten, nicht umgekehrt)
players-phase-over = { $phase } ({ $phase_name }) ist vorbei (die Partie steht bei { $current }): die Befehle darunter werden abgelehnt
players-phase-current = { $phase } ist die laufende Phase: die Befehle darunter gelten wie üblich für sie
players-phase-later = die Befehle darunter gelten für { $phase_name } ({ $phase }); sie werden zu Beginn dieser Phase auf die Einheiten angewandt, die dann dort stehen
players-if-too-deep = nicht ausgeführt: höchstens { $max } IF-Blöcke dürfen zugleich offen sein
players-else-without-if = nicht ausgeführt: über dieser Zeile steht kein IF, das sie fortsetzen könnte (schreiben Sie zuerst `IF <Bedingung>`)
players-else-after-else = nicht ausgeführt: das IF in Zeile { $line } hatte schon sein ELSE; schließen Sie es zuerst mit ENDIF
players-endif-without-if = nicht ausgeführt: über dieser Zeile steht kein IF, das sie schließen könnte
players-around-branch = (sofern der Zweig um dieses IF gewählt wird: in der aktuellen Stellung wird er es nicht)
players-around-endif = (innerhalb eines Zweigs, den die aktuelle Stellung nicht wählt)
players-if-broken = gelesen, aber die Befehle dieses IF-Blocks werden nicht gespeichert: Zeile { $line } war nicht lesbar
players-else-taken = keine Bedingung darüber ist in der aktuellen Stellung wahr: dieser Zweig { $when ->
    [later] würde gewählt
   *[now] wird gewählt
}{ $around }
players-else-other-taken = in der aktuellen Stellung wird der Zweig aus Zeile { $line } gewählt, nicht dieser
players-else-unknown = gewählt, wenn keine Bedingung darüber gilt
players-if-error = nicht ausgeführt: { $why }; die Befehle dieses IF-Blocks werden nicht gespeichert
players-if-not-understood = nicht verstanden: { $why }; die Befehle dieses IF-Blocks werden nicht gespeichert
players-condition = die Bedingung `{ $condition }` ist in der aktuellen Stellung { $truth ->
    [true] wahr
   *[false] falsch
}
players-condition-after = die Bedingung `{ $condition }` ist in der aktuellen Stellung { $truth ->
    [true] wahr
   *[false] falsch
}; der Zweig aus Zeile { $line } kommt zuerst, also wird dieser nicht gewählt
players-condition-taken = die Bedingung `{ $condition }` ist in der aktuellen Stellung wahr: dieser Zweig { $when ->
    [later] würde gewählt
   *[now] wird gewählt
}{ $around }
players-endif-broken = Ende des IF-Blocks aus Zeile { $line } (seine Befehle wurden nicht gespeichert)
players-endif-taken = Ende des IF-Blocks aus Zeile { $line }: in der aktuellen Stellung { $when ->
    [later] würde der Zweig aus Zeile { $branch } gewählt
   *[now] wird der Zweig aus Zeile { $branch } gewählt
}{ $around }
players-endif-none = Ende des IF-Blocks aus Zeile { $line }: in der aktuellen Stellung { $when ->
    [later] würde kein Zweig gewählt
   *[now] wird kein Zweig gewählt
}
players-note-no-endif = HINWEIS: zu diesem IF fehlte das ENDIF: es wurde am Ende der Mail (oder beim nächsten SIGNON) geschlossen
players-kept = aufbewahrt für { $phase_name } ({ $phase }) als `{ $order }`{ $condition }{ $replacing }; er wird zu Beginn dieser Phase angewandt, wenn die Einheit dann dort steht
players-kept-condition = , wenn { $condition }
players-kept-replacing = , anstelle von { $orders }
players-not-taken = `{ $order }` nicht übernommen: seine Bedingung `{ $condition }` ist in der aktuellen Stellung falsch (aufbewahrt, aber nicht als Befehl)
players-block-not-stored = Befehl nicht gespeichert: { $why }
