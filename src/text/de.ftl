# Die Wörter von dipspy auf Deutsch.
#
# Eine Nachricht pro Schlüssel, dieselben Schlüssel wie der englische
# Katalog (en.ftl); Argumente werden { $name } geschrieben. Zahlen wählen
# ihre Pluralform mit einem Selektor ([one] / *[other]).

# Die Selbstprüfung des Katalogs (Tests in src/text/mod.rs).
text-self-check = { $count ->
    [one] { $count } Zeile
   *[other] { $count } Zeilen
}

# engine reasons
#
# Warum ein Befehl so ausging (src/text/reason.rs). Einheiten werden
# `F tri` geschrieben, Provinzen `tri`, Küsten `spa/nc`.
reason-superseded = durch einen späteren Befehl für dieselbe Einheit ersetzt
reason-not-for-phase = kein Befehl für { $phase ->
    [movement] eine Bewegungsphase
    [retreat] eine Rückzugsphase
   *[adjustment] eine Anpassungsphase
}
reason-no-unit = in { $province } steht keine Einheit
reason-belongs-to = { $unit } gehört zu { $power }
reason-unit-is = die Einheit in { $province } ist { $unit }
reason-move-to-own-province = eine Einheit kann nicht in die Provinz ziehen, in der sie steht
reason-army-to-sea = eine Armee kann nicht nach { $province } ziehen: das ist ein Meer
reason-army-cannot-be-convoyed = eine Armee kann nicht von { $from } nach { $to } konvoiert werden
reason-not-next-to = { $dest } grenzt nicht an { $src }
reason-only-armies-convoyed = nur Armeen können konvoiert werden
reason-fleet-inland = eine Flotte kann nicht nach { $province } ziehen: das ist eine Binnenprovinz
reason-coast-sea = { $province } ist ein Meer: es hat keine Küsten
reason-coast-inland = { $province } ist eine Binnenprovinz: sie hat keine Küsten
reason-coast-one = { $province } hat nur eine Küste, geben Sie daher keine an: schreiben Sie { $province }
reason-coast-no-such = { $province } hat keine { $coast ->
    [nc] Nordküste
    [sc] Südküste
    [ec] Ostküste
   *[wc] Westküste
} (ihre Küsten: { $coasts })
reason-coast-army = für eine Armee in { $province } wird keine Küste angegeben
reason-fleet-cannot-go = eine Flotte kann nicht von { $from } nach { $to } ziehen
reason-fleet-cannot-reach = eine Flotte in { $from } kann { $to } nicht erreichen
reason-which-coast = geben Sie die Küste von { $province } an (zum Beispiel { $example })
reason-support-self = eine Einheit kann sich nicht selbst unterstützen
reason-cannot-reach-to-support = { $unit } kann { $province } nicht erreichen und dort daher nicht unterstützen
reason-cannot-reach-to-support-move = { $unit } kann { $province } nicht erreichen und daher keinen Zug dorthin unterstützen
reason-support-into-own-province = eine Einheit kann keinen Zug in ihre eigene Provinz unterstützen
reason-support-own-move = eine Einheit kann ihren eigenen Zug nicht unterstützen
reason-only-fleets-convoy = nur Flotten können konvoieren
reason-only-fleet-at-sea-convoys = nur eine Flotte auf See kann konvoieren
reason-convoy-to-sea = eine Armee kann nicht nach { $province } konvoiert werden: das ist ein Meer
reason-not-on-convoy-route = { $fleet } kann zu keiner Konvoiroute von { $from } nach { $to } gehören
reason-no-fleet-could-convoy = keine Flotte konnte sie nach { $province } konvoieren
reason-ordered-to-move-not-hold = { $unit } hat den Befehl zu ziehen, nicht zu halten
reason-not-ordered-to-move-to = { $unit } hat keinen Befehl, nach { $province } zu ziehen
reason-moved-over-land = { $unit } ist über Land gezogen
reason-dislodged-by = vertrieben von { $unit }
reason-convoy-paradox = Konvoi-Paradoxon: die Armee zieht nicht (Szykman-Regel)
reason-no-convoy-route = keine Konvoiroute
reason-own-unit = kann { $unit } nicht vertreiben, eine Einheit der eigenen Macht
reason-lost-head-to-head = unterlag { $unit }, die in die Gegenrichtung zog ({ $attack } gegen { $defend })
reason-bounced-off = abgeprallt an { $unit } ({ $attack } gegen { $hold })
reason-bounced-with = abgeprallt mit { $unit } ({ $attack } gegen { $prevent })
reason-bounced = abgeprallt
reason-cut-by = unterbrochen durch { $unit }
reason-cut = unterbrochen
reason-convoy-disrupted = vertrieben von { $unit }; der Konvoi ist unterbrochen
reason-disbanded = aufgelöst
reason-no-dislodged-unit = in { $province } steht keine vertriebene Einheit
reason-dislodged-belongs-to = die vertriebene Einheit in { $province } gehört zu { $power }
reason-then-disbanded = { $why }; die Einheit wird aufgelöst
reason-retreat-which-coast = geben Sie die Küste von { $province } an
reason-cannot-retreat = kann sich nicht nach { $to } zurückziehen: { $why ->
    [attacker] sie darf sich nicht dorthin zurückziehen, woher ihr Angreifer kam
    [occupied] diese Provinz ist besetzt
    [standoff] diese Provinz blieb durch ein Patt leer
   *[unreachable] sie kann diese Provinz nicht erreichen
}
reason-retreat-bounced = abgeprallt mit { $unit }; beide Einheiten werden aufgelöst
reason-no-builds = { $power } hat in diesem Winter keine Aufbauten
reason-builds-only = { $power } darf nur { $count } aufbauen
reason-no-builds-to-waive = { $power } hat keine Aufbauten, auf die verzichtet werden könnte
reason-builds-used = jeder Aufbau ist bereits vergeben
reason-no-removals = { $power } muss in diesem Winter keine Einheit entfernen
reason-already-removed = diese Einheit ist bereits entfernt
reason-removes-only = { $power } muss nur { $count } entfernen
reason-dummy-never-builds = { $power } ist eine Dummy-Macht, und Dummy-Mächte bauen nie auf
reason-not-home-centre = { $province } ist kein Heimatzentrum von { $power }
reason-not-supply-centre = { $province } ist kein Versorgungszentrum
reason-does-not-own = { $power } besitzt { $province } nicht
reason-occupied = { $province } ist besetzt
reason-build-which-coast = geben Sie an, an welcher Küste von { $province } die Flotte gebaut wird (zum Beispiel { $province }/{ $coast })
reason-army-cannot-build = in { $province } kann keine Armee gebaut werden
reason-fleet-cannot-build = in { $place } kann keine Flotte gebaut werden
reason-read-as = { $why }: gelesen als `{ $order }`
reason-replaced = vor der Auswertung ersetzt (siehe geheimes Protokoll)
reason-replaced-see-espionage = vor der Auswertung ersetzt (siehe Spionage)
reason-dislodged = vertrieben
reason-unreadable = Befehl nicht lesbar: { $error }
reason-spy-accepted = Spionagebefehl angenommen
reason-warn-support-hold-moving = { $unit } hat den Befehl, nach { $dest } zu ziehen; eine Unterstützung zum Halten hilft ihr nicht
reason-warn-support-elsewhere = { $unit } hat den Befehl, nach { $moving } zu ziehen, nicht nach { $dest }: diese Unterstützung zählt nicht
reason-warn-support-no-move = { $unit } hat keinen Befehl, nach { $dest } zu ziehen: diese Unterstützung zählt nur, wenn sie einen bekommt
reason-warn-convoy-no-move = { $unit } hat keinen Befehl, nach { $dest } zu ziehen: dieser Konvoi zählt nur, wenn sie einen bekommt
reason-warn-via-convoy-no-fleet = der Zug nach { $dest } ist per Konvoi befohlen, und keine Flotte steht so, dass sie ihn tragen könnte: der Zug scheitert, wenn kein Konvoi befohlen wird
reason-warn-not-next-no-fleet = { $dest } grenzt nicht an { $src }, und keine Flotte steht so, dass sie konvoieren könnte: der Zug scheitert, wenn kein Konvoi befohlen wird

# espionage
#
# Ein abgelehnter Spionagebefehl: der Grund, dann die Regel (src/text/espionage.rs).
spy-rejected = { $reason } ({ $rule })
spy-refusal-espionnite-not-in-force = die Espionnite-Regeln gelten in dieser Partie nicht
spy-refusal-movement-only = Spione, Gegenspione und Reaktionen wirken nur in Bewegungsphasen
spy-refusal-no-units = { $power } hat keine Einheiten und daher keinen Spion
spy-refusal-no-unit = in { $province } steht keine Einheit
spy-refusal-no-dislodged-unit = in { $province } steht keine vertriebene Einheit
spy-refusal-unit-is = die Einheit in { $province } ist { $unit }
spy-refusal-spy-on-own-unit = { $unit } ist Ihre eigene Einheit: spionieren Sie eine Einheit einer anderen Macht aus
spy-refusal-counter-spy-not-own = { $unit } gehört zu { $power }: ein Gegenspion schützt eine Ihrer eigenen Einheiten
spy-refusal-reaction-not-unit-order = eine Reaktion ist ein Befehl für eine Ihrer Einheiten
spy-refusal-reaction-not-own = { $unit } gehört zu { $power }: eine Reaktion ändert eine Ihrer eigenen Einheiten
spy-refusal-spionage-not-in-force = die Spionage-Regeln gelten in dieser Partie nicht
spy-refusal-first-phase = in der ersten Bewegungsphase der Partie ist Spionage nicht erlaubt
spy-refusal-no-organisation = { $power } hat keine Spionageorganisation: gründen Sie eine im Winter mit `+ S <Heimatzentrum>`
spy-refusal-exposed = { $power } wurde in dieser Runde enttarnt: die Organisation darf erst ab der nächsten Runde wieder fälschen
spy-refusal-fake-names-unit-or-build = ein Fake nennt eine Einheit oder einen Aufbau
spy-refusal-fake-for-other = ein Fake gilt einer Einheit (oder den Aufbauten) einer anderen Macht
spy-refusal-could-not-retreat = { $unit } könnte sich nicht nach { $place } zurückziehen
spy-refusal-not-home-centre = { $province } ist kein Heimatzentrum
spy-refusal-does-not-own = { $power } besitzt { $province } nicht
spy-refusal-occupied = { $province } ist besetzt
spy-refusal-cannot-build = { $type } kann in { $place } nicht gebaut werden
spy-refusal-anti-names-other = ein Anti nennt eine andere Nation und hält deren Fakes auf
spy-refusal-found-in-winter = eine Organisation wird in einer Winter-Anpassungsphase gegründet
spy-refusal-already-founded = { $power } hat bereits eine Spionageorganisation
spy-refusal-not-home-centre-of = { $province } ist kein Heimatzentrum von { $power }
spy-refusal-found-occupied = { $province } ist besetzt: gründen Sie die Organisation in einem leeren Heimatzentrum
spy-refusal-orders-frozen = die Befehle für { $phase } sind eingefroren und die Spionageberichte verschickt; jetzt werden nur REACTION (und Spionage-Befehle) angenommen
spy-refusal-reaction-phase-only = Reaktionen werden nur in der Reaktionsphase angenommen, die nach der Frist für { $phase } beginnt, wenn die Spionageberichte verschickt sind
# Was der Spion einer Macht berichtet (ESP-5, ESP-6).
spy-told-learned-nothing = Ihr Spion bei { $unit } hat nichts erfahren.
spy-told-reports = Ihr Spion bei { $unit } berichtet: { $seen }
spy-told-no-order = hält (kein Befehl gegeben)
# Die öffentlichen Zeilen der Spionage-Regeln (SPI-10).
spy-public-fake-stopped = Ein Fake wurde durch ein Anti aufgehalten: { $order } ({ $adjective } Befehle)
spy-public-collision = Fakes sind kollidiert, keiner hat gewirkt: { $tried }. Für den Rest der Runde enttarnt: { $exposed }.
spy-public-tried = { $power } versuchte { $order }

# notices
#
# Was die Partie Spielern, Beobachtern und dem Spielleiter mitteilt
# (src/text/notice.rs). Jede Mitteilung hat ein -subject und ein -body.
# {"  "} behält die Einrückung eines Befehls.

notice-game-full-subject = dipspy { $game }: jede Macht hat einen Spieler
notice-game-full-body =
    Die letzte Macht der Partie { $game } hat ihren Spieler. Starten Sie die Partie mit einer Mail mit den Zeilen

    {"  "}MASTER <Passwort>
    {"  "}START { $game }

notice-power-assigned-subject = Die Partie { $game } ist voll: Sie spielen { $shown }
notice-power-assigned-body =
    Die Partie { $game } ist voll. Sie spielen { $shown }. Melden Sie sich an mit

    {"  "}SIGNON { $power } { $game } <Ihr Passwort>

notice-resigned-subject = { $shown } ist aus der Partie { $game } ausgetreten
notice-resigned-body =
    { $shown } ist aus der Partie { $game } ausgetreten; die Macht hat jetzt keinen Spieler. Jeder kann sie anfordern:

    {"  "}{ $command } { $power } { $game } <Passwort>

notice-ended-before-start-subject = dipspy { $game }: die Partie ist beendet
notice-ended-before-start-body = Der Spielleiter hat die Partie { $game } vor ihrem Beginn beendet.

notice-deadline-moved-subject = dipspy { $game }: neue Frist für { $phase }
notice-deadline-moved-body = Die Frist für { $phase } in der Partie { $game } ist jetzt { $deadline }.

notice-deadline-absence-subject = dipspy { $game }: Frist wegen einer Abwesenheit verschoben
notice-deadline-absence-body = Die Frist für { $phase } in der Partie { $game } ist { $deadline }: sie wäre in die Abwesenheit von { $shown } gefallen.

notice-vote-subject = dipspy { $game }: eine Abstimmung
notice-vote-body = In der Partie { $game } { $how ->
    [draw-all] stimmt { $shown } für ein Remis aller Überlebenden
    [draw-some] stimmt { $shown } für ein Remis
    [no-draw] zieht { $shown } die Stimme für ein Remis zurück
    [concede] gibt { $shown } die Partie zugunsten von { $to } auf
   *[no-concede] zieht { $shown } die Aufgabe zurück
}.

notice-paused-subject = dipspy { $game }: die Partie ist angehalten
notice-paused-body = Der Spielleiter hat die Partie { $game } in { $phase } angehalten. Bis zur Fortsetzung wird keine Phase ausgewertet und läuft keine Frist; die neue Frist wird Ihnen mitgeteilt.

notice-resumed-subject = dipspy { $game }: die Partie geht weiter
notice-resumed-body = Der Spielleiter hat die Partie { $game } fortgesetzt. Die Befehle für { $phase } sind bis { $deadline } fällig.

notice-deadline-set-paused-subject = dipspy { $game }: neue Frist für { $phase }
notice-deadline-set-paused-body = Der Spielleiter hat die Frist für { $phase } in der Partie { $game } festgelegt: nach der Fortsetzung bleiben { $left } ({ $deadline }, würde sie jetzt fortgesetzt).

notice-deadline-set-subject = dipspy { $game }: neue Frist für { $phase }
notice-deadline-set-body = Der Spielleiter hat die Frist für { $phase } in der Partie { $game } auf { $deadline } verschoben.

notice-due-paused = Die Partie bleibt angehalten; die Frist wird Ihnen bei der Fortsetzung mitgeteilt.
notice-due-by = Die Befehle sind bis { $deadline } fällig.

notice-rolled-back-subject = dipspy { $game }: zurückgesetzt auf { $phase }
notice-rolled-back-body =
    Der Spielleiter hat die Partie { $game } auf den Beginn von { $long } ({ $phase }) zurückgesetzt. Alles seither Gespielte ist rückgängig gemacht. Die Befehle, die jede Macht für { $phase } gegeben hatte, gelten wieder; jeder Spieler erhält seine eigenen.
    { $due }

notice-orders-again-subject = dipspy { $game }: Ihre Befehle für { $phase }, erneut
notice-orders-again-heading = Die Partie { $game } steht wieder am Beginn von { $phase }. Ihre Befehle, die wieder gelten:
notice-orders-none = (keine)
notice-orders-again-later = Ihre Befehle für spätere Phasen (PHASE), die wieder gelten:

notice-takeover-requested-subject = dipspy { $game }: eine Anfrage, { $shown } zu übernehmen
notice-takeover-requested-body =
    { $email } möchte { $shown } in der Partie { $game } übernehmen.
    Antworten Sie mit einer Mail mit den Zeilen

    {"  "}MASTER <Passwort>
    {"  "}APPROVE { $game } { $power }

    oder REFUSE { $game } { $power }.

notice-takeover-refused-subject = dipspy { $game }: Ihre Anfrage wurde abgelehnt
notice-takeover-refused-body = Der Spielleiter hat Ihnen { $shown } in der Partie { $game } nicht gegeben.

notice-ejected-subject = dipspy { $game }: Sie spielen { $shown } nicht mehr
notice-ejected-body = Der Spielleiter hat Ihnen in der Partie { $game } { $shown } entzogen.

notice-why-ejected = der Spielleiter hat ihren Spieler entfernt
notice-why-late = ihre Befehle fehlten noch, als die Nachfrist ablief
notice-why-missed = { $streak ->
    [one] { $streak } Bewegungsphase lang kamen keine Befehle
   *[other] { $streak } Bewegungsphasen in Folge kamen keine Befehle
}
notice-why-abandoned = sie ist verlassen ({ $why })

notice-no-player-subject = dipspy { $game }: { $shown } hat keinen Spieler
notice-no-player-body =
    { $shown } hat in der Partie { $game } jetzt keinen Spieler: { $why }. Ihre Einheiten halten, bis jemand sie übernimmt.
    Zum Übernehmen senden Sie

    {"  "}TAKEOVER { $power } { $game } <Passwort>

notice-welcome-subject = dipspy { $game }: Sie spielen { $shown }
notice-welcome-intro =
    Sie spielen jetzt { $shown } in der Partie { $game }. Melden Sie sich an mit

    {"  "}SIGNON { $power } { $game } <Ihr Passwort>

    Die Partie ist in { $long } ({ $phase }).
notice-welcome-orders = Die geltenden Befehle von { $shown }:
notice-welcome-later = Befehle von { $shown } für spätere Phasen (PHASE), die zu Beginn ihrer Phase angewandt werden, außer Sie senden CLEAR:
notice-welcome-deadline = Frist: { $deadline }

notice-new-player-subject = dipspy { $game }: { $shown } hat einen neuen Spieler
notice-new-player-body = { $shown } hat in der Partie { $game } einen neuen Spieler.

notice-orders-late-subject = dipspy { $game }: Ihre Befehle für { $phase } sind verspätet
notice-orders-late-body =
    Die Frist für { $phase } in der Partie { $game } ist abgelaufen, und Ihre Befehle sind unvollständig.
    { $missing }
    Der Judge wartet bis { $until }. Dann wird die Phase ohne sie ausgewertet, und { $shown } wird für verlassen erklärt.

notice-waiting-for-late-subject = dipspy { $game }: Warten auf verspätete Befehle
notice-waiting-for-late-body =
    Die Frist für { $phase } in der Partie { $game } ist abgelaufen. Verspätete Befehle von: { $late }.
    Die Phase wird spätestens { $until } ausgewertet.

notice-processed-late-subject = dipspy { $game }: Ihre Befehle für { $phase } kamen zu spät
notice-processed-late-body =
    { $phase } wurde in der Partie { $game } ohne alle Ihre Befehle ausgewertet.
    { $missing }
    Einheiten ohne Befehl haben gehalten (eine vertriebene wird aufgelöst, ein Aufbau verfällt, eine Entfernung wird für Sie gewählt).

notice-abandoned-subject = dipspy { $game }: Sie spielen { $shown } nicht mehr
notice-abandoned-body = { $shown } ist in der Partie { $game } für verlassen erklärt: { $why }. Mit TAKEOVER können Sie sie wieder übernehmen.

notice-reminder-subject = dipspy { $game }: Befehle für { $phase } fehlen
notice-reminder-body =
    { $none ->
        [yes] Der Judge hat von Ihnen keine Befehle für { $phase } in der Partie { $game }.
       *[no] Ihre Befehle für { $phase } in der Partie { $game } sind unvollständig.
    }
    { $missing }
    Die Frist endet { $deadline }; Einheiten ohne Befehl halten (Rückzüge werden zu Auflösungen,
    Aufbauten verfallen, Entfernungen werden für Sie gewählt).

notice-advance-subject = dipspy { $game }: Ihre im Voraus gesandten Befehle für { $phase }
notice-advance-heading = Partie { $game }: { $long } ({ $phase }) hat begonnen. Was aus den Befehlen wurde, die Sie vorher dafür (und für nicht gespielte Phasen) gesandt haben:
notice-advance-applied = angewandt
notice-advance-not-taken = nicht übernommen: seine Bedingung war zu Beginn der Phase falsch
notice-advance-dropped = VERWORFEN: { $why }
notice-advance-replaced = ersetzt durch einen späteren Befehl von Ihnen für dieselbe Einheit
notice-advance-closing = Die angewandten Befehle gelten als Ihre Befehle für die Phase; Sie können sie wie gewohnt ändern.

notice-confirm-address-subject = Bestätigen Sie Ihre Adresse für { $shown } in der Partie { $game }
notice-confirm-address-body =
    Der Spieler von { $shown } in der Partie { $game } hat den Judge gebeten, ab jetzt an diese Adresse zu schreiben.

    Wenn Sie das waren, beantworten Sie diese Mail (oder schreiben Sie dem Judge von dieser Adresse) mit der Zeile

    {"  "}CONFIRM ADDRESS { $code }

    innerhalb von { $days } Tagen. Bis dahin schreibt der Judge weiter an die alte Adresse.
    Wenn Sie das nicht waren, ignorieren Sie diese Mail: es ändert sich nichts.

notice-address-changed-subject = Ihre Adresse für { $shown } in der Partie { $game } wurde geändert
notice-address-changed-body = Wie mit SET ADDRESS erbeten und von der neuen Adresse bestätigt, schreibt der Judge jetzt an { $email } für { $shown } in der Partie { $game }. Wenn Sie das nicht waren, schreiben Sie sofort dem Spielleiter.

notice-confirm-observer-subject = Bestätigen Sie, dass Sie die Partie { $game } beobachten möchten
notice-confirm-observer-body =
    Der Judge wurde gebeten, die Ergebnisse der Partie { $game } an diese Adresse zu senden.

    Wenn Sie das waren, beantworten Sie diese Mail (oder schreiben Sie dem Judge von dieser Adresse) mit der Zeile

    {"  "}CONFIRM ADDRESS { $code }

    innerhalb von { $days } Tagen. Wenn Sie das nicht waren, ignorieren Sie diese Mail: Ihnen wird nichts gesandt.

notice-press-everybody = alle
notice-press-master = der Spielleiter
notice-press-anonymous = eine anonyme Macht
notice-press-subject = Presse in der Partie { $game } von { $signed }
notice-press-body =
    Von: { $signed }
    An: { $to }

    { $text }
notice-press-unsigned-subject = Presse in der Partie { $game } von { $sender } (ohne Unterschrift gesandt)
notice-press-unsigned-body =
    Presse ohne Unterschrift in der Partie { $game }; diese Kopie, nur für den Spielleiter, nennt den Verfasser.
    {"                     "}Tatsächlich von: { $sender }
    Den Empfängern gezeigt als:
    {"  "}Von: { $signed }
    {"  "}An: { $to }

    { $text }
notice-fake-press-truth-subject = Presse in der Partie { $game } von { $sender } (falsche Presse: die Wahrheit)
notice-fake-press-truth-body =
    Falsche Presse in der Partie { $game }; diese Kopie, nur für den Spielleiter, sagt die Wahrheit.
    Tatsächlich von: { $sender }{ $unsigned ->
        [yes] {" "}(ohne Unterschrift gesandt)
       *[no] {""}
    }
    Tatsächlich an: { $real }
    Den Empfängern gezeigt als:
    {"  "}Von: { $signed }
    {"  "}An: { $to }

    { $text }

notice-master-acted-subject = dipspy { $game }: der Spielleiter hat für { $shown } gehandelt
notice-master-acted-body = Der Spielleiter hat mit dieser Mail in der Partie { $game } für { $shown } gehandelt; die Antwort des Judge folgt.

# lang: the reader's language
#
# SET LANGUAGE (src/judge/language.rs): die Bestätigung steht in der
# gewählten Sprache; { $choices } zählt die Kürzel mit dem Namen jeder
# Sprache in ihr selbst auf.
reply-language-set = ab jetzt schreibt Ihnen der Judge auf Deutsch
reply-language-unknown = der Judge schreibt nicht in `{ $tag }`: schreiben Sie SET LANGUAGE und eines dieser Kürzel: { $choices }

# help: the text of HELP
#
# Die ganze Antwort auf HELP (src/command/words.rs). Die Befehlswörter
# bleiben englisch: diese liest der Judge.
help-text =
    dipspy: Diplomacy per E-Mail spielen
    ====================================

    Schreiben Sie einen Befehl pro Zeile in den Text einer reinen Text-Mail an
    den Judge. Groß- und Kleinschreibung spielen keine Rolle. Mit `>` zitierte
    Zeilen und alles nach einer Signaturzeile `-- ` werden nicht gelesen;
    Zeilen, die mit `#` beginnen, sind Kommentare. Jede Mail bekommt eine
    Antwort, die sagt, was mit jeder Zeile geschehen ist. Die Befehlswörter
    bleiben englisch.

    Ohne Anmeldung (für alle)
      HELP                              dieser Text
      LIST                              die Partien dieses Judge
      LIST <Partie>                     eine Partie: Phase, Frist, Mächte
      LIST MAPS                         die Karten, die dieser Judge anbietet
                                        (ein Spielleiter wählt eine mit `CREATE
                                        <Partie> variant=<Karte>`)
      JOIN <Partie> <Passwort>          einer Partie beitreten, die sich noch
                                        bildet; Sie bekommen eine zufällige
                                        Macht, sobald die Partie voll ist (auch
                                        `SIGN ON ?<Partie> <Passwort>`)
      JOIN <Macht> <Partie> <Passwort>  einer Partie, die sich noch bildet, mit
                                        dieser Macht beitreten
      TAKEOVER <Macht> <Partie> <Passwort>
                                        eine Macht ohne Spieler in einer
                                        laufenden Partie anfordern (der
                                        Spielleiter muss womöglich zustimmen)
      OBSERVE <Partie>                  die öffentlichen Ergebnisse der Partie
                                        erhalten
      SUMMARY <Partie>                  wer welche Macht wann gespielt hat, und
                                        die Versorgungszentren Jahr für Jahr
      WHOGAME <Partie>                  die Spieler und Beobachter (Adressen
                                        nur, wenn die Partie nicht anonym ist)
      CONFIRM ADDRESS <Code>            von einer neuen Adresse: der Code, den
                                        der Judge nach SET ADDRESS dorthin
                                        geschickt hat
      SET LANGUAGE de|fr|en             die Sprache, in der Ihnen der Judge
                                        schreibt, in allen Ihren Partien
      SIGN OFF                          nach dieser Zeile wird nichts mehr
                                        gelesen

    Spielen: beginnen Sie die Mail mit SIGNON
      SIGNON <Macht> <Partie> <Passwort>
                                        zum Beispiel `SIGNON G meinepartie
                                        geheim`, `SIGNON germany meinepartie
                                        geheim` oder wie bei anderen E-Mail-
                                        Judges `SIGN ON Gmeinepartie geheim`
                                        (die Initiale vor der Partie) (das
                                        Passwort darf fehlen, wenn die Partie es
                                        erlaubt und Sie von der Adresse
                                        schreiben, mit der Sie beigetreten sind)
      dann, in derselben Mail, beliebig viele von:
      <Befehle>                         einer pro Zeile, zum Beispiel `A mun -
                                        boh`, `F kie - den`, Spionagebefehle,
                                        Reaktionen; ein Befehl für eine Einheit
                                        ersetzt Ihren früheren Befehl für diese
                                        Einheit. Jeder Befehl wird sofort
                                        geprüft: einer, der nie ausgeführt
                                        werden kann (keine solche Einheit, nicht
                                        benachbart, ein Aufbau in einem Zentrum,
                                        in dem Sie nicht bauen dürfen ...), wird
                                        REJECTED und ersetzt nichts; einer, der
                                        kaum Erfolg haben dürfte (eine
                                        Unterstützung für einen Zug, den Ihre
                                        Einheit nicht befohlen bekam), wird mit
                                        einer WARNING gespeichert. Die Antwort
                                        nennt die Einheiten, die noch ohne
                                        Befehl sind.
      CLEAR                             die vor dieser Mail gegebenen Befehle
                                        zurückziehen, auch die für spätere
                                        Phasen (die Befehle dieser Mail gelten)
      PHASE <Jahreszeit> <Jahr> <Art>   die folgenden Befehle gelten für diese
                                        spätere Phase, zum Beispiel `PHASE Fall
                                        1902 Retreats`, `PHASE F1902R`, `PHASE
                                        Winter 1902`; sie werden jetzt an der
                                        Karte geprüft und zu Beginn der Phase
                                        auf die Einheiten angewandt, die dann
                                        dort stehen (ein Befehl, dessen Einheit
                                        fort ist, wird verworfen, und Sie
                                        erfahren es). Sie reichen bis zur
                                        nächsten PHASE-Zeile oder zum Ende der
                                        Mail
      IF <Bedingung>                    die folgenden Befehle zählen nur, wenn
      <Befehle>                         die Bedingung zu Beginn der Phase gilt
      ELSE IF <Bedingung>               (für die laufende Phase: jetzt). Eine
      <Befehle>                         Bedingung nennt eine Provinz und
      ELSE                              vielleicht eine Macht und eine
      <Befehle>                         Einheitenart, in beliebiger Reihenfolge:
      ENDIF                             `IF A bur`, `IF NOT F eng`, `IF france A
                                        bur AND NOT F eng`; AND und OR werden
                                        von links nach rechts gelesen, Klammern
                                        gruppieren. IF-Blöcke lassen sich
                                        schachteln und dürfen in einem PHASE-
                                        Block stehen. Spionagebefehle werden nie
                                        für eine spätere Phase oder in einem IF
                                        angenommen
      SET WAIT / SET NOWAIT             diese Phase nicht / doch vor der Frist
                                        auswerten
      SET DRAW                          für ein Remis aller Überlebenden stimmen
      SET DRAW <Macht> <Macht> ...      ein Remis zwischen diesen Mächten, wenn
                                        die Partie es erlaubt
      SET NO DRAW                       die Stimme für ein Remis zurückziehen
      SET CONCEDE <Macht>               die Partie zugunsten dieser Macht
                                        aufgeben
      SET NO CONCEDE                    die Aufgabe zurückziehen
      SET ABSENCE <Datum> [TO <Datum>]  während Ihrer Abwesenheit fällt keine
                                        Frist (Daten wie 2025-07-01, in der Zeit
                                        der Partie)
      SET NO ABSENCE                    Ihre Abwesenheiten zurückziehen
      SET PASSWORD <neues>              Ihr Passwort ändern
      SET ADDRESS <Adresse>             den Judge an eine andere Adresse
                                        schreiben lassen: er schickt einen Code
                                        dorthin, und die Änderung gilt, sobald
                                        diese Adresse mit CONFIRM ADDRESS <Code>
                                        antwortet
      HISTORY <Partie> [<Phase>]        die gespielten Phasen; Befehle und
                                        Ergebnisse einer Phase (zum Beispiel
                                        `HISTORY meinepartie S1901M`)
      MAP <Partie> [<Phase>] [BEFORE]   ein Bild des Spielbretts (PNG): jetzt
                                        oder zu einer gespielten Phase: ihre
                                        Befehle, Ergebnisse und das Brett danach
                                        (BEFORE: die Befehle auf dem Brett
                                        davor)
      RESIGN                            Ihre Macht aufgeben
      PRESS TO <Macht>[, ...]           eine Nachricht an diese Mächte, mit
      <Ihr Text>                        Ihrer Macht unterschrieben, bis zu einer
      ENDPRESS                          Zeile ENDPRESS (oder bis zum Ende der
                                        Mail). Der Text wird nie als Befehle
                                        gelesen, auch wenn die PRESS-Zeile
                                        selbst falsch ist (dann wird nichts
                                        gesendet, und die Antwort sagt warum)
      PRESS TO <Macht>... ANON          ohne Unterschrift (graue Presse), wo
                                        erlaubt
      PRESS TO ALL BUT <Macht>...       an alle anderen Mächte, die noch spielen
      PRESS TO M                        eine Nachricht an den Spielleiter
      BROADCAST [ANON]                  eine Nachricht an alle Spieler und
      <Ihr Text>                        Beobachter
      ENDPRESS
      Falsche Presse, wo die Partie sie erlaubt (der Spielleiter erfährt immer
      die Wahrheit):
      PRESS TO <Mächte> FAKE BROADCAST  an diese Mächte, die eine Nachricht an
                                        alle sehen
      BROADCAST TO <Mächte> FAKE        dasselbe
      PRESS TO <Mächte> FAKE TO <andere>
                                        an diese Mächte, die sie an die anderen
                                        adressiert sehen
      PRESS FAKE TO <Mächte>            an alle, die sie an diese Mächte
                                        adressiert sehen

    Mächte werden mit ihrem Buchstaben (A E F G I R T) oder ihrem Namen auf
    Englisch, Französisch oder Deutsch geschrieben (germany, Deutschland).

    Spielleiter (nur von der Adresse des Spielleiters)
      MASTER <Spielleiter-Passwort>     zuerst, dann beliebig viele von:
      CREATE <Partie> [Schlüssel=Wert ...]
                                        Schlüssel: variant rules deadline
                                        retreat adjust timezone at press
                                        reaction reminder password_optional
                                        spy_at_start max_absence draws
                                        concessions clear_votes show_votes
                                        approve_takeovers grace abandon_after
                                        fake_press anonymous language; zum
                                        Beispiel `CREATE meinepartie
                                        deadline=48h timezone=Europe/Berlin
                                        press=grey language=de`
      START <Partie>   PROCESS <Partie>   PAUSE <Partie>   RESUME <Partie>
      TERMINATE <Partie>                die Partie beenden, wie sie steht: als
                                        vom Spielleiter beendet verzeichnet
                                        (kein Sieger, kein Remis); alle erhalten
                                        die Schlussübersicht
      SET DEADLINE <Partie> <wann>      `24h` ab jetzt oder `2025-03-30 20:00`
                                        in der Zeitzone der Partie
      ROLLBACK <Partie> <Phase>         ab dieser Phase neu spielen
      PREVIEW <Partie>                  was die aktuellen Befehle ergeben würden
      PUBLISH HEAD <Partie>             nach Ende der Partie jedem Spieler den
                                        letzten signierten Kopf ihres geheimen
                                        Protokolls schicken, um später einen
                                        Export davon zu prüfen
      APPROVE <Partie> <Macht>          eine Macht ohne Spieler dem geben, der
                                        sie angefordert hat
      REFUSE <Partie> <Macht>           die Anfrage ablehnen
      EJECT <Partie> <Macht>            den Spieler einer Macht entfernen
      BECOME <Partie> <Macht>           im Rest der Mail für die Macht handeln;
                                        ihr Spieler erhält eine Kopie
