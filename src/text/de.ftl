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

# Begriffe (Terms): Wörter, die andere Einträge teilen. Ein Begriff
# (-name) steht nur in anderen Einträgen.
-brand = dipspy

# Der gemeinsame Wortschatz. Ein Begriff mit Formen nimmt einen
# Parameter: { -game-master(case: "gen") } ergibt „Spielleiters“,
# { -supply-centre(number: "other") } „Versorgungszentren“. Fälle
# (case): nom, acc, dat (wie nom) und gen; der Artikel steht in der
# Nachricht (der Judge, des Judges: beide Begriffe sind maskulin).
-judge = { $case ->
   *[nom] Judge
    [acc] Judge
    [dat] Judge
    [gen] Judges
}
-game-master = { $case ->
   *[nom] Spielleiter
    [acc] Spielleiter
    [dat] Spielleiter
    [gen] Spielleiters
}
-spy-organisation = Spionageorganisation
-reaction-phase = Reaktionsphase
-supply-centre = { $number ->
   *[one] { $case ->
       *[nom] Versorgungszentrum
        [gen] Versorgungszentrums
    }
    [other] Versorgungszentren
}
-home-centre = { $number ->
   *[one] Heimatzentrum
    [other] Heimatzentren
}
-deadline = { $number ->
   *[one] Frist
    [other] Fristen
}
-spy-report = { $number ->
   *[one] Spionagebericht
    [other] Spionageberichte
}

# Die Mächte der Standardkarte, nach ihrem Namen in der Karte
# (src/text/powers.rs), mit ihrer Grammatik: .article ist der Artikel,
# den der Name verlangt (die Türkei), none für keinen (Frankreich).
# Eine Macht ohne Begriff behält den Namen ihrer Karte.
-power-austria = Österreich
    .article = none
-power-england = England
    .article = none
-power-france = Frankreich
    .article = none
-power-germany = Deutschland
    .article = none
-power-italy = Italien
    .article = none
-power-russia = Russland
    .article = none
-power-turkey = Türkei
    .article = die

# Die Formen des Namens einer Macht, die Einträge als { $power_<Form> }
# verlangen: $name ist der Begriff, $article sein Artikel. .the:
# Nominativ und Akkusativ (die Türkei, Frankreich); .start: dasselbe am
# Satzanfang; .dat: Dativ (der Türkei, Frankreich).
power-forms = { $name }
    .the = { $article ->
        [die] die { $name }
        [der] der { $name }
        [das] das { $name }
       *[none] { $name }
    }
    .start = { $article ->
        [die] Die { $name }
        [der] Der { $name }
        [das] Das { $name }
       *[none] { $name }
    }
    .dat = { $article ->
        [die] der { $name }
        [der] dem { $name }
        [das] dem { $name }
       *[none] { $name }
    }

# engine reasons
#
# Warum ein Befehl so ausging (src/text/reason.rs). Einheiten werden
# `F tri` geschrieben, Provinzen `tri`, Küsten `spa/nc`.
reason-superseded = durch einen späteren Befehl für dieselbe Einheit ersetzt
reason-not-for-phase = kein Befehl für { $phase ->
    [movement] eine Bewegungsphase
    [retreat] eine Rückzugsphase
   *[adjustment] eine Aufbauphase
}
reason-no-unit = in { $province } steht keine Einheit
reason-belongs-to = { $unit } gehört { $power_dat }
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
reason-bounced-with = Patt mit { $unit } ({ $attack } gegen { $prevent })
reason-bounced = abgeprallt
reason-cut-by = Unterstützung gekappt durch { $unit }
reason-cut = Unterstützung gekappt
reason-convoy-disrupted = vertrieben von { $unit }; der Konvoi ist unterbrochen
reason-disbanded = aufgelöst
reason-no-dislodged-unit = in { $province } steht keine vertriebene Einheit
reason-dislodged-belongs-to = die vertriebene Einheit in { $province } gehört { $power_dat }
reason-dislodged-unit-is = die vertriebene Einheit in { $province } ist { $unit }
reason-then-disbanded = { $why }; die Einheit wird aufgelöst
reason-retreat-which-coast = geben Sie die Küste von { $province } an
reason-cannot-retreat = kann sich nicht nach { $to } zurückziehen: { $why ->
    [attacker] sie darf sich nicht dorthin zurückziehen, woher ihr Angreifer kam
    [occupied] diese Provinz ist besetzt
    [standoff] diese Provinz blieb durch ein Patt leer
   *[unreachable] sie kann diese Provinz nicht erreichen
}
reason-retreat-bounced = Patt mit { $unit } beim Rückzug; beide Einheiten werden aufgelöst
reason-no-builds = { $power_the } kann in diesem Winter keine Einheit aufbauen
reason-builds-only = { $power_the } darf nur { $count } aufbauen
reason-no-builds-to-waive = { $power_the } hat keinen Aufbau, auf den verzichtet werden könnte
reason-builds-used = jeder Aufbau ist bereits vergeben
reason-no-removals = { $power_the } muss in diesem Winter keine Einheit abbauen
reason-already-removed = diese Einheit ist bereits abgebaut
reason-removes-only = { $power_the } muss nur { $count } abbauen
reason-dummy-never-builds = { $power_the } ist eine Dummy-Macht, und Dummy-Mächte bauen nie auf
reason-not-home-centre = { $province } ist kein { -home-centre } von { $power_dat }
reason-not-supply-centre = { $province } ist kein { -supply-centre }
reason-does-not-own = { $power_the } besitzt { $province } nicht
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
reason-warn-via-convoy-no-fleet = der Zug nach { $dest } ist per Konvoi befohlen, und keine Flotte steht so, dass sie die Armee konvoieren könnte: der Zug scheitert, wenn kein Konvoi befohlen wird
reason-warn-not-next-no-fleet = { $dest } grenzt nicht an { $src }, und keine Flotte steht so, dass sie die Armee konvoieren könnte: der Zug scheitert, wenn kein Konvoi befohlen wird

# espionage
#
# Ein abgelehnter Spionagebefehl: der Grund, dann die Regel (src/text/espionage.rs).
spy-rejected = { $reason } ({ $rule })
spy-refusal-espionnite-not-in-force = die Espionnite-Regeln gelten in dieser Partie nicht
spy-refusal-movement-only = Spione, Gegenspione und Reaktionen wirken nur in Bewegungsphasen
spy-refusal-no-units = { $power_the } hat keine Einheiten und daher keinen Spion
spy-refusal-no-unit = in { $province } steht keine Einheit
spy-refusal-no-dislodged-unit = in { $province } steht keine vertriebene Einheit
spy-refusal-unit-is = die Einheit in { $province } ist { $unit }
spy-refusal-spy-on-own-unit = { $unit } ist Ihre eigene Einheit: spionieren Sie eine Einheit einer anderen Macht aus
spy-refusal-counter-spy-not-own = { $unit } gehört { $power_dat }: ein Gegenspion schützt eine Ihrer eigenen Einheiten
spy-refusal-reaction-not-unit-order = eine Reaktion ist ein Befehl für eine Ihrer Einheiten
spy-refusal-reaction-not-own = { $unit } gehört { $power_dat }: eine Reaktion ändert eine Ihrer eigenen Einheiten
spy-refusal-spionage-not-in-force = die Spionage-Regeln gelten in dieser Partie nicht
spy-refusal-first-phase = in der ersten Bewegungsphase der Partie ist Spionage nicht erlaubt
spy-refusal-no-organisation = { $power_the } hat keine { -spy-organisation }: gründen Sie eine im Winter mit `+ S <Heimatzentrum>`
spy-refusal-exposed = { $power_the } wurde in dieser Runde enttarnt: ihre { -spy-organisation } kann erst ab der nächsten Runde wieder Fakes einschleusen
spy-refusal-fake-names-unit-or-build = ein Fake nennt eine Einheit oder einen Aufbau
spy-refusal-fake-for-other = ein Fake gilt einer Einheit (oder dem Aufbau) einer anderen Macht
spy-refusal-could-not-retreat = { $unit } könnte sich nicht nach { $place } zurückziehen
spy-refusal-not-home-centre = { $province } ist kein { -home-centre }
spy-refusal-does-not-own = { $power_the } besitzt { $province } nicht
spy-refusal-occupied = { $province } ist besetzt
spy-refusal-cannot-build = { $type ->
    [A] eine Armee
   *[other] eine Flotte
} kann in { $place } nicht aufgebaut werden
spy-refusal-anti-names-other = ein Anti nennt eine andere Macht und hält deren Fakes auf
spy-refusal-found-in-winter = eine { -spy-organisation } wird in einer Aufbauphase im Winter gegründet
spy-refusal-already-founded = { $power_the } hat bereits eine { -spy-organisation }
spy-refusal-not-home-centre-of = { $province } ist kein { -home-centre } von { $power_dat }
spy-refusal-found-occupied = { $province } ist besetzt: gründen Sie die Organisation in einem leeren { -home-centre }
spy-refusal-orders-frozen = die Befehle für die Phase { $phase } sind eingefroren und die { -spy-report(number: "other") } verschickt; jetzt werden nur Reaktionen (REAKTION) und Spionage-Befehle angenommen
spy-refusal-reaction-phase-only = Reaktionen werden nur in der { -reaction-phase } angenommen, die nach der { -deadline } für die Phase { $phase } beginnt, wenn die { -spy-report(number: "other") } verschickt sind
# Was der Spion einer Macht berichtet (ESP-5, ESP-6).
spy-told-learned-nothing = Ihr Spion bei { $unit } hat nichts erfahren.
spy-told-reports = Ihr Spion bei { $unit } berichtet: { $seen }
spy-told-no-order = hält (kein Befehl gegeben)
# Die öffentlichen Zeilen der Spionage-Regeln (SPI-10).
spy-public-fake-stopped = Ein Fake wurde durch ein Anti aufgehalten: { $order } ({ $adjective } Befehle)
spy-public-collision = Fakes sind kollidiert, keiner hat gewirkt: { $tried }. Für den Rest der Runde enttarnt: { $exposed }.
spy-public-tried = { $power_start } versuchte { $order }
# Eine Macht in einer Aufzählung von Mächten (die Enttarnten einer
# Kollision).
power-in-list = { $power }

# notices
#
# Was die Partie Spielern, Beobachtern und dem Spielleiter mitteilt
# (src/text/notice.rs). Jede Mitteilung hat ein .subject und ein .body.
# {"  "} behält die Einrückung eines Befehls.

notice-game-full =
    .subject = { -brand } { $game }: jede Macht hat einen Spieler
    .body =
        Die letzte Macht der Partie { $game } hat ihren Spieler. Starten Sie die Partie mit einer Mail mit den Zeilen

        {"  "}MASTER <Passwort>
        {"  "}START { $game }

notice-power-assigned =
    .subject = Die Partie { $game } ist voll: Sie spielen { $shown_the }
    .body =
        Die Partie { $game } ist voll. Sie spielen { $shown_the }. Melden Sie sich an mit

        {"  "}SIGNON { $power } { $game } <Ihr Passwort>

notice-resigned =
    .subject = { $shown_start } ist aus der Partie { $game } ausgetreten
    .body =
        { $shown_start } ist aus der Partie { $game } ausgetreten; die Macht hat jetzt keinen Spieler. Jeder kann sie anfordern:

        {"  "}{ $command } { $power } { $game } <Passwort>

notice-ended-before-start =
    .subject = { -brand } { $game }: die Partie ist beendet
    .body = Der { -game-master } hat die Partie { $game } vor ihrem Beginn beendet.

notice-deadline-moved =
    .subject = { -brand } { $game }: neue { -deadline } für die Phase { $phase }
    .body = Die { -deadline } für die Phase { $phase } in der Partie { $game } ist jetzt { $deadline }.

notice-deadline-absence =
    .subject = { -brand } { $game }: { -deadline } wegen einer Abwesenheit verschoben
    .body = Die { -deadline } für die Phase { $phase } in der Partie { $game } ist { $deadline }: sie wäre in die Abwesenheit von { $shown_dat } gefallen.

notice-vote =
    .subject = { -brand } { $game }: eine Abstimmung
    .body = In der Partie { $game } { $how ->
        [draw-all] stimmt { $shown_the } für ein Remis aller Überlebenden
        [draw-some] stimmt { $shown_the } für ein Remis
        [no-draw] zieht { $shown_the } die Stimme für ein Remis zurück
        [concede] überlässt { $shown_the } { $to_dat } den Sieg
       *[no-concede] zieht { $shown_the } die Aufgabe zurück
    }.

notice-paused =
    .subject = { -brand } { $game }: die Partie ist angehalten
    .body = Der { -game-master } hat die Partie { $game } in der Phase { $phase } angehalten. Bis zur Fortsetzung wird keine Phase ausgewertet und läuft keine { -deadline }; die neue { -deadline } wird Ihnen mitgeteilt.

notice-resumed =
    .subject = { -brand } { $game }: die Partie geht weiter
    .body = Der { -game-master } hat die Partie { $game } fortgesetzt. Die Befehle für die Phase { $phase } sind bis { $deadline } fällig.

notice-deadline-set-paused =
    .subject = { -brand } { $game }: neue { -deadline } für die Phase { $phase }
    .body = Der { -game-master } hat die { -deadline } für die Phase { $phase } in der Partie { $game } festgelegt: nach der Fortsetzung bleiben { $left } ({ $deadline }, würde sie jetzt fortgesetzt).

notice-deadline-set =
    .subject = { -brand } { $game }: neue { -deadline } für die Phase { $phase }
    .body = Der { -game-master } hat die { -deadline } für die Phase { $phase } in der Partie { $game } auf { $deadline } verschoben.

notice-due-paused = Die Partie bleibt angehalten; die { -deadline } wird Ihnen bei der Fortsetzung mitgeteilt.
notice-due-by = Die Befehle sind bis { $deadline } fällig.

notice-rolled-back =
    .subject = { -brand } { $game }: zurückgesetzt auf { $phase }
    .body =
        Der { -game-master } hat die Partie { $game } auf den Beginn der Phase { $long } ({ $phase }) zurückgesetzt. Alles seither Gespielte ist rückgängig gemacht. Die Befehle, die jede Macht für die Phase { $phase } gegeben hatte, gelten wieder; jeder Spieler erhält seine eigenen.
        { $due }

notice-orders-again-subject = { -brand } { $game }: Ihre Befehle für die Phase { $phase }, erneut
notice-orders-again-heading = Die Partie { $game } steht wieder am Beginn der Phase { $phase }. Ihre Befehle, die wieder gelten:
notice-orders-none = (keine)
notice-orders-again-later = Ihre Befehle für spätere Phasen (PHASE), die wieder gelten:

notice-takeover-requested =
    .subject = { -brand } { $game }: eine Anfrage, { $shown_the } zu übernehmen
    .body =
        { $email } möchte { $shown_the } in der Partie { $game } übernehmen.
        Antworten Sie mit einer Mail mit den Zeilen

        {"  "}MASTER <Passwort>
        {"  "}APPROVE { $game } { $power }

        oder REFUSE { $game } { $power }.

notice-takeover-refused =
    .subject = { -brand } { $game }: Ihre Anfrage wurde abgelehnt
    .body = Der { -game-master } hat Ihnen { $shown_the } in der Partie { $game } nicht gegeben.

notice-ejected =
    .subject = { -brand } { $game }: Sie spielen { $shown_the } nicht mehr
    .body = Der { -game-master } hat Ihnen in der Partie { $game } { $shown_the } entzogen.

notice-why-ejected = der { -game-master } hat ihren Spieler entfernt
notice-why-late = ihre Befehle fehlten noch, als die Nachfrist ablief
notice-why-missed = { $streak ->
    [one] { $streak } Bewegungsphase lang kamen keine Befehle
   *[other] { $streak } Bewegungsphasen in Folge kamen keine Befehle
}
notice-why-abandoned = sie ist verlassen ({ $why })

notice-no-player =
    .subject = { -brand } { $game }: { $shown_start } hat keinen Spieler
    .body =
        { $shown_start } hat in der Partie { $game } jetzt keinen Spieler: { $why }. Ihre Einheiten halten, bis jemand sie übernimmt.
        Zum Übernehmen senden Sie

        {"  "}TAKEOVER { $power } { $game } <Passwort>

notice-welcome-subject = { -brand } { $game }: Sie spielen { $shown_the }
notice-welcome-intro =
    Sie spielen jetzt { $shown_the } in der Partie { $game }. Melden Sie sich an mit

    {"  "}SIGNON { $power } { $game } <Ihr Passwort>

    Die Partie steht in der Phase { $long } ({ $phase }).
notice-welcome-orders = Die geltenden Befehle von { $shown_dat }:
notice-welcome-later = Befehle von { $shown_dat } für spätere Phasen (PHASE), die zu Beginn ihrer Phase angewandt werden, außer Sie senden CLEAR:
notice-welcome-deadline = { -deadline }: { $deadline }

notice-new-player =
    .subject = { -brand } { $game }: { $shown_start } hat einen neuen Spieler
    .body = { $shown_start } hat in der Partie { $game } einen neuen Spieler.

notice-orders-late =
    .subject = { -brand } { $game }: Ihre Befehle für die Phase { $phase } sind verspätet
    .body =
        Die { -deadline } für die Phase { $phase } in der Partie { $game } ist abgelaufen, und Ihre Befehle sind unvollständig.
        { $missing }
        Der { -judge } wartet bis { $until }. Dann wird die Phase ohne sie ausgewertet, und { $shown_the } gilt dann als verlassen.

notice-waiting-for-late =
    .subject = { -brand } { $game }: Warten auf verspätete Befehle
    .body =
        Die { -deadline } für die Phase { $phase } in der Partie { $game } ist abgelaufen. Verspätete Befehle von: { $late }.
        Die Phase wird spätestens { $until } ausgewertet.

notice-processed-late =
    .subject = { -brand } { $game }: Ihre Befehle für die Phase { $phase } kamen zu spät
    .body =
        Die Phase { $phase } wurde in der Partie { $game } ohne alle Ihre Befehle ausgewertet.
        { $missing }
        Einheiten ohne Befehl haben gehalten (eine vertriebene wird aufgelöst, ein Aufbau verfällt, ein Abbau wird für Sie gewählt).

notice-abandoned =
    .subject = { -brand } { $game }: Sie spielen { $shown_the } nicht mehr
    .body = { $shown_start } gilt in der Partie { $game } als verlassen: { $why }. Mit TAKEOVER können Sie sie wieder übernehmen.

notice-reminder =
    .subject = { -brand } { $game }: Befehle für die Phase { $phase } fehlen
    .body =
        { $none ->
            [yes] Der { -judge } hat von Ihnen keine Befehle für die Phase { $phase } in der Partie { $game } erhalten.
           *[no] Ihre Befehle für die Phase { $phase } in der Partie { $game } sind unvollständig.
        }
        { $missing }
        Die { -deadline } endet { $deadline }; Einheiten ohne Befehl halten (Rückzüge werden zu Auflösungen,
        nicht genutzte Aufbauten verfallen, abzubauende Einheiten werden für Sie gewählt).

notice-advance-subject = { -brand } { $game }: Ihre im Voraus gesandten Befehle für die Phase { $phase }
notice-advance-heading = Partie { $game }: Die Phase { $long } ({ $phase }) hat begonnen. Was aus den Befehlen wurde, die Sie vorher dafür (und für nicht gespielte Phasen) gesandt haben:
notice-advance-applied = angewandt
notice-advance-not-taken = nicht übernommen: seine Bedingung war zu Beginn der Phase falsch
notice-advance-dropped = VERWORFEN: { $why }
notice-advance-replaced = ersetzt durch einen späteren Befehl von Ihnen für dieselbe Einheit
notice-advance-closing = Die angewandten Befehle gelten als Ihre Befehle für die Phase; Sie können sie wie gewohnt ändern.

notice-confirm-address =
    .subject = Bestätigen Sie Ihre Adresse für { $shown_the } in der Partie { $game }
    .body =
        Der Spieler von { $shown_dat } in der Partie { $game } hat den { -judge } gebeten, ab jetzt an diese Adresse zu schreiben.

        Wenn Sie das waren, beantworten Sie diese Mail (oder schreiben Sie dem { -judge } von dieser Adresse) mit der Zeile

        {"  "}CONFIRM ADDRESS { $code }

        innerhalb von { $days } Tagen. Bis dahin schreibt der { -judge } weiter an die alte Adresse.
        Wenn Sie das nicht waren, ignorieren Sie diese Mail: es ändert sich nichts.

notice-address-changed =
    .subject = Ihre Adresse für { $shown_the } in der Partie { $game } wurde geändert
    .body = Wie mit SET ADDRESS erbeten und von der neuen Adresse bestätigt, schreibt der { -judge } jetzt an { $email } für { $shown_the } in der Partie { $game }. Wenn Sie das nicht waren, schreiben Sie sofort dem { -game-master }.

notice-confirm-observer =
    .subject = Bestätigen Sie, dass Sie die Partie { $game } beobachten möchten
    .body =
        Der { -judge } wurde gebeten, die Ergebnisse der Partie { $game } an diese Adresse zu senden.

        Wenn Sie das waren, beantworten Sie diese Mail (oder schreiben Sie dem { -judge } von dieser Adresse) mit der Zeile

        {"  "}CONFIRM ADDRESS { $code }

        innerhalb von { $days } Tagen. Wenn Sie das nicht waren, ignorieren Sie diese Mail: Ihnen wird nichts gesandt.

notice-press-everybody = alle
notice-press-master = der { -game-master }
notice-press-anonymous = eine anonyme Macht
notice-press-opening = -- Presse, geschrieben von: { $signed } (nicht vom { -judge }); jede ihrer Zeilen ist mit „|“ markiert --
notice-press =
    .subject = Presse in der Partie { $game } von { $signed }
    .body =
        Von: { $signed }
        An: { $to }

        { $text }
notice-press-unsigned =
    .subject = Presse in der Partie { $game } von { $sender_dat } (ohne Unterschrift gesandt)
    .body =
        Presse ohne Unterschrift in der Partie { $game }; diese Kopie, nur für den { -game-master }, nennt den Verfasser.
        {"                     "}Tatsächlich von: { $sender }
        Den Empfängern gezeigt als:
        {"  "}Von: { $signed }
        {"  "}An: { $to }

        { $text }
notice-fake-press-truth =
    .subject = Presse in der Partie { $game } von { $sender_dat } (falsche Presse: die Wahrheit)
    .body =
        Falsche Presse in der Partie { $game }; diese Kopie, nur für den { -game-master }, sagt die Wahrheit.
        Tatsächlich von: { $sender }{ $unsigned ->
            [yes] {" "}(ohne Unterschrift gesandt)
           *[no] {""}
        }
        Tatsächlich an: { $real }
        Den Empfängern gezeigt als:
        {"  "}Von: { $signed }
        {"  "}An: { $to }

        { $text }

notice-master-acted =
    .subject = { -brand } { $game }: der { -game-master } hat für { $shown_the } gehandelt
    .body = Der { -game-master } hat mit dieser Mail in der Partie { $game } für { $shown_the } gehandelt; die Antwort des { -judge(case: "gen") } folgt.

# lang: the reader's language
#
# SET LANGUAGE (src/judge/language.rs): die Bestätigung steht in der
# gewählten Sprache; { $choices } zählt die Kürzel mit dem Namen jeder
# Sprache in ihr selbst auf.
reply-language-set = ab jetzt schreibt Ihnen der { -judge } auf Deutsch
reply-language-replies-only = ab jetzt beantwortet der { -judge } Ihre Post auf Deutsch; die Post Ihrer Partien behält ihre Sprache: melden Sie sich (SIGNON) vor SET LANGUAGE an, um auch sie zu ändern
reply-language-unknown = der { -judge } schreibt nicht in `{ $tag }`: schreiben Sie SET LANGUAGE und eines dieser Kürzel: { $choices }

# help: the text of HELP
#
# Die ganze Antwort auf HELP (src/command/words.rs). Die Befehlswörter
# bleiben englisch: diese liest der Judge.
help-text =
    { -brand }: Diplomacy per E-Mail spielen
    ====================================

    Schreiben Sie einen Befehl pro Zeile in den Text einer reinen Text-Mail an
    den { -judge }. Groß- und Kleinschreibung spielen keine Rolle. Mit `>` zitierte
    Zeilen und alles nach einer Signaturzeile `-- ` werden nicht gelesen;
    Zeilen, die mit `#` beginnen, sind Kommentare. Jede Mail bekommt eine
    Antwort, die sagt, was mit jeder Zeile geschehen ist. Die Befehlswörter
    bleiben englisch.

    Ohne Anmeldung (für alle)
      HELP                              dieser Text
      LIST                              die Partien dieses { -judge(case: "gen") }
      LIST <Partie>                     eine Partie: Phase, { -deadline }, Mächte
      LIST MAPS                         die Karten, die dieser { -judge } anbietet
                                        (ein { -game-master } wählt eine mit `CREATE
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
                                        die { -supply-centre(number: "other") } Jahr für Jahr
      WHOGAME <Partie>                  die Spieler und Beobachter (Adressen
                                        nur, wenn die Partie nicht anonym ist)
      CONFIRM ADDRESS <Code>            von einer neuen Adresse: der Code, den
                                        der { -judge } nach SET ADDRESS dorthin
                                        geschickt hat
      SET LANGUAGE de|fr|en             die Sprache, in der Ihnen der { -judge }
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
      SET WAIT / SET NOWAIT             diese Phase nicht / doch vor der { -deadline }
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
      SET ADDRESS <Adresse>             den { -judge } an eine andere Adresse
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
      PRESS TO M                        eine Nachricht an den { -game-master }
      BROADCAST [ANON]                  eine Nachricht an alle Spieler und
      <Ihr Text>                        Beobachter
      ENDPRESS
      Falsche Presse, wo die Partie sie erlaubt (der { -game-master } erfährt immer
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
    Englisch, Französisch oder Deutsch geschrieben (`germany`, `Deutschland`).

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
                                        vom { -game-master } beendet verzeichnet
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
      UNLOCK <Partie> <Macht>           die Sperre durch falsche Passwörter
                                        aufheben (UNLOCK MASTER: die von MASTER)
      BECOME <Partie> <Macht>           im Rest der Mail für die Macht handeln;
                                        ihr Spieler erhält eine Kopie

# Der Spionageteil von HELP, nach help-text (src/command/words.rs). Jedes
# Beispiel zwischen Backticks muss ein Befehl sein, den der Judge annimmt,
# in den Befehlswörtern dieser Sprache (tests/it/help_orders.rs prüft sie).
help-espionage =
    Spionagebefehle, in Partien mit Spionageregeln (einer pro Zeile zwischen
    Ihren Befehlen; die Wörter können auch auf Englisch oder Französisch
    geschrieben werden)
      Espionnite, in einer Bewegungsphase:
      SPION <Einheit>                   eine Einheit einer anderen Macht
                                        ausspionieren: wenn die Befehle
                                        eingefroren sind, erfahren Sie ihren
                                        Befehl, zum Beispiel
                                        `SPION A par`
      GEGENSPION <Einheit>              eine Ihrer Einheiten vor Spionen
                                        schützen, zum Beispiel
                                        `GEGENSPION F kie`
      REAKTION <Befehl>                 wenn die Befehle eingefroren und die
                                        Spionageberichte verschickt sind: den
                                        Befehl EINER Ihrer Einheiten ersetzen,
                                        zum Beispiel
                                        `REAKTION A mun - boh`
      REAKTION KEINE                    Ihre Befehle bleiben, wie gegeben
                                        `REAKTION KEINE`
      Spionage (sobald Ihre Macht eine { -spy-organisation } hat):
      + SPION <{ -home-centre }>           in einer Aufbauphase Ihre
                                        Spionageorganisation in einem leeren
                                        Heimatzentrum gründen, zum Beispiel
                                        `+ SPION ber`
      SPION FAKE <Befehl>               ein Fake: ein Befehl für die Einheit
                                        einer anderen Macht, der deren eigenen
                                        ersetzt, zum Beispiel
                                        `SPION FAKE A par - bur`
                                        mit dem Fake der Rückzugsphase in
                                        Klammern:
                                        `SPION FAKE A par - bur (R: gas)`
                                        in einer Rückzugsphase:
                                        `SPION FAKE A par pic`
                                        in einer Aufbauphase:
                                        `SPION FAKE par A`
                                        `SPION FAKE remove F bre`
      SPION ANTI <Macht>                ein Anti: hält die Fakes dieser Macht
                                        gegen Sie auf, zum Beispiel
                                        `SPION ANTI Frankreich`
      Kurzformen: S F, S A, + S.

# ---------------------------------------------------------------------
# sendtime: Mitteilungen, für jeden Leser in Worte gefasst
# ---------------------------------------------------------------------

# Falsche Passwörter sperren die Anmeldungen einer Macht
# (src/text/notice/guessing.rs): die Nachricht an den Spieler und die an
# den Spielleiter. Der Betreff ist derselbe.
notice-signon-locked =
    .subject = Falsche Passwörter für { $shown_the } in der Partie { $game }: Anmeldungen gesperrt
    .body =
        { $after } falsche Passwörter für { $shown_the } in der Partie { $game } haben den { -judge } innerhalb von { $minutes } Minuten erreicht.

        Anmeldungen als { $shown_the } sind jetzt für { $minutes } Minuten gesperrt: Das Passwort wird so lange nicht geprüft, auch das richtige nicht, von welcher Adresse die Mail auch kommt. Nur Mails, die der Mailserver des { -judge(case: "gen") } als von Ihrer Spieladresse stammend bestätigt, kommen durch (wo der { -judge } Absender prüft). Der { -game-master } kann die Sperre aufheben. Falls jemand Ihr Passwort zu erraten versucht, wählen Sie mit SET PASSWORD ein stärkeres, sobald Sie sich wieder anmelden können.

        Sie erhalten diese Nachricht nur einmal; weitere falsche Passwörter werden nicht gemeldet.
notice-signon-locked-master =
    .subject = Falsche Passwörter für { $shown_the } in der Partie { $game }: Anmeldungen gesperrt
    .body = { $after } falsche Passwörter für { $shown_the } in der Partie { $game } haben den { -judge } innerhalb von { $minutes } Minuten erreicht. Anmeldungen als { $shown_the } sind für { $minutes } Minuten von jeder Adresse gesperrt (nur bestätigte Mails von der Adresse des Spielers kommen durch). Heben Sie die Sperre mit `dipspy master unlock { $game } { $shown }` auf, oder per Mail mit `UNLOCK { $game } { $shown }` nach Ihrer MASTER-Zeile. Der Spieler wurde benachrichtigt.
# Falsche Passwörter des Spielleiters sperren MASTER (src/judge/guessing.rs),
# an den Spielleiter.
notice-master-locked =
    .subject = Falsche Passwörter des { -game-master(case: "gen") }: MASTER gesperrt
    .body = { $after } falsche Passwörter des { -game-master(case: "gen") } haben den { -judge } innerhalb von { $minutes } Minuten erreicht. MASTER ist für { $minutes } Minuten gesperrt: Das Passwort des { -game-master(case: "gen") } wird so lange nicht geprüft, auch das richtige nicht, von welcher Adresse die Mail auch kommt (nur Mails, die der Mailserver des { -judge(case: "gen") } als von Ihrer Adresse stammend bestätigt, kommen durch). Heben Sie die Sperre mit `dipspy master unlock master` auf. Falls jemand das Passwort des { -game-master(case: "gen") } zu erraten versucht, ändern Sie es.

# HISTORY per Mail (src/text/history.rs): die Überschrift, eine Zeile pro
# Phase und der Hinweis unter einer ausgewerteten Phase ohne gespeicherte
# Ergebnisse.
history-heading = Verlauf der Partie { $game }:
history-phase = {"  "}{ $phase } ({ $status })
history-no-results = {"    "}(für diese Phase wurden keine Ergebnisse gespeichert)

# words: game errors
#
# Warum ein Kommando für eine Partie abgelehnt wurde (src/text/error.rs,
# ein Schlüssel pro Variante von src/game/error.rs). { game-status } ist
# der Zustand der Partie, gewählt nach $status (dem gespeicherten Status:
# forming, active, paused, finished).
game-status = { $status ->
    [forming] noch in Bildung (nicht gestartet)
    [active] im Gang
    [paused] pausiert
    [finished] beendet
   *[other] { $status }
}
error-unknown-game = es gibt keine Partie namens `{ $game }` (siehe `dipspy game list`)
error-duplicate-game = eine Partie namens `{ $game }` gibt es bereits; wählen Sie einen anderen Namen
error-bad-game-name = `{ $game }` ist kein brauchbarer Name für eine Partie: verwenden Sie Buchstaben, Ziffern, `-` und `_` (höchstens 32)
error-unknown-power = die Partie { $game } hat keine Macht `{ $power }` (Mächte: { $known })
error-unknown-variant = unbekannte Variante `{ $variant }`: LIST MAPS per Mail (oder `dipspy maps`) listet die Karten auf, die dieser { -judge } anbietet
error-unknown-rules = unbekanntes Regelwerk `{ $rules }` (bekannt: espionnite, spionage)
error-bad-duration = `{ $text }` ist keine { -deadline }: schreiben Sie sie als 48h, 30m, 2d oder 1d12h
error-bad-time-of-day = `{ $text }` ist keine Uhrzeit: schreiben Sie sie als 20:00
error-bad-timezone = unbekannte Zeitzone `{ $text }`: verwenden Sie einen Namen wie Europe/Berlin, America/New_York oder UTC
error-status-takes-no-orders = die Partie { $game } ist { game-status }: sie nimmt keine Befehle an
error-status-no-phase-being-played = die Partie { $game } ist { game-status }: in ihr wird keine Phase gespielt
error-status-not-started = die Partie { $game } ist { game-status }: sie hat noch nicht begonnen
error-status-over = die Partie { $game } ist { game-status }: sie ist beendet
error-status-takes-no-absences = die Partie { $game } ist { game-status }: sie nimmt keine Abwesenheiten an
error-status-only-running-paused = die Partie { $game } ist { game-status }: nur eine laufende Partie kann angehalten werden
error-status-only-paused-resumed = die Partie { $game } ist { game-status }: nur eine angehaltene Partie kann fortgesetzt werden
error-status-no-phase-with-deadline = die Partie { $game } ist { game-status }: sie hat keine Phase mit einer { -deadline }
error-status-join-before-start = die Partie { $game } ist { game-status }: Spieler können nur vor dem Beginn der Partie beitreten
error-status-all-powers-taken = die Partie { $game } ist { game-status }: jede Macht hat bereits einen Spieler
error-status-takeover-only-running = die Partie { $game } ist { game-status }: nur die Mächte einer laufenden Partie können übernommen werden
error-status-no-phase-to-wait-for = die Partie { $game } ist { game-status }: es gibt keine Phase, auf die gewartet werden könnte
error-status-no-phase-to-preview = die Partie { $game } ist { game-status }: es gibt keine Phase für eine Vorschau
error-power-taken = { $power_the } hat in der Partie { $game } bereits einen Spieler
error-already-joined = { $email } ist der Partie { $game } bereits beigetreten
error-bad-email = `{ $text }` ist keine E-Mail-Adresse
error-empty-password = ein Spieler braucht ein Passwort (--password)
error-dummy-power = { $power_the } ist in der Partie { $game } eine Dummy-Macht: niemand spielt sie, und der { -game-master } gibt ihren Einheiten die Befehle
error-not-full = die Partie { $game } kann nicht beginnen: bisher spielt niemand { $missing }
error-wrong-phase = die Partie { $game } ist in { $current }, nicht in { $given }: Befehle für { $given } werden nicht angenommen (die Befehle wurden nicht gespeichert)
error-bad-phase = `{ $text }` ist keine Phase: schreiben Sie sie als S1901M, F1901R, W1901A oder `Spring 1901 Movement`
error-not-vacant = { $power_the } ist in der Partie { $game } nicht frei: nur eine Macht ohne Spieler kann übernommen werden
error-no-takeover = niemand hat angefragt, { $power_the } in der Partie { $game } zu übernehmen
error-not-played = niemand spielt { $power_the } in der Partie { $game }
error-phase-not-played = die Partie { $game } hat { $phase } nicht gespielt (gespielte Phasen: { $played })
error-vote-refused = Stimme abgelehnt: { $why }
error-no-such-phase = die Partie { $game } hat keine ausgewertete Phase { $phase }, auf die sie zurückgesetzt werden könnte
error-eliminated-give-orders = { $power_the } ist aus der Partie { $game } ausgeschieden und kann keine Befehle mehr geben
error-eliminated-ask-to-wait = { $power_the } ist aus der Partie { $game } ausgeschieden und kann nicht mehr um Warten bitten
error-eliminated-change-password = { $power_the } ist aus der Partie { $game } ausgeschieden und kann das Passwort nicht mehr ändern
error-eliminated-resign = { $power_the } ist aus der Partie { $game } ausgeschieden und kann nicht mehr austreten
error-eliminated-vote = { $power_the } ist aus der Partie { $game } ausgeschieden und kann nicht mehr abstimmen
error-frozen = die Befehle der Partie { $game } für { $phase } sind für die { -reaction-phase } eingefroren: senden Sie REAKTION für eine Einheit oder REAKTION KEINE
error-no-orders = keine Befehle in der Eingabe (nur Leerzeilen oder Kommentare); es wurde nichts gespeichert
error-corrupt = die gespeicherte Partie { $game } ist beschädigt: { $what }
error-database = Datenbankfehler: { $error }
damage-map-file = ihre Karte `{ $variant }`: { $error }
damage-unknown-variant = unbekannte Variante `{ $variant }`
damage-settings = Einstellungen: { $error }
damage-position = Phase { $phase }: { $error }
damage-stored-order = der gespeicherte Befehl `{ $text }` ist nicht mehr lesbar: { $error }
damage-power-missing = Macht { $power } fehlt
damage-unknown-power = unbekannte Macht `{ $name }`
damage-unknown-province = unbekannte Provinz `{ $name }`
damage-unreadable-unit = unlesbare Einheit `{ $unit }`
damage-replayed-phase-missing = die erneut gespielte Phase fehlt
error-no-press = die Partie { $game } erlaubt keine Presse: die Nachricht wurde nicht weitergeleitet
error-no-grey-press = die Partie { $game } erlaubt nur unterschriebene (weiße) Presse: senden Sie sie ohne ANON; die Nachricht wurde nicht weitergeleitet
error-nobody-left = PRESS TO ALL BUT lässt in der Partie { $game } keine Macht als Empfänger übrig: nennen Sie weniger Mächte; die Nachricht wurde nicht weitergeleitet
error-bad-time = `{ $text }` ist keine Zeitangabe: schreiben Sie `24h` (ab jetzt) oder `2025-03-30 20:00` (in der Zeit der Partie)
error-past-deadline = die { -deadline } { $time } ist bereits vorbei; geben Sie eine spätere Zeit an
error-absence-date = `{ $text }` ist kein Datum, das der { -judge } annimmt: schreiben Sie es als 2025-03-30 (ein Jahr von 1000 bis 9998)
error-absence-backwards = die Abwesenheit endet, bevor sie beginnt: schreiben Sie das frühere Datum zuerst
error-absence-past = die Abwesenheit ist bereits vorbei: geben Sie Daten ab heute an
error-absence-too-long = in der Partie { $game } darf eine Abwesenheit höchstens { $max ->
    [one] { $max } Tag
   *[other] { $max } Tage
} dauern; bitten Sie den { -game-master } um eine längere (PRESS TO M)
error-not-an-address = `{ $text }` ist keine Mailadresse: schreiben Sie sie als anne@example.org
error-address-same = der { -judge } schreibt Ihnen bereits an diese Adresse
error-address-in-use = diese Adresse wird in der Partie { $game } bereits verwendet: geben Sie eine andere an
error-address-no-such-code = keine Adressänderung wartet auf diesen Code von dieser Adresse (ein Code gilt einmal, { $days } Tage lang, und nur von der neuen Adresse, an die er geschickt wurde)
error-address-stale = die Macht hatte seit der Anfrage einen anderen Spieler; fragen Sie erneut mit SET ADDRESS an
error-fake-not-allowed = die Partie { $game } erlaubt keine falsche Presse (der { -game-master } erstellt solche Partien mit fake_press=yes): senden Sie die Presse ohne FAKE
error-fake-to-master = Presse an den { -game-master } wird nie gefälscht: schreiben Sie dem { -game-master } ohne FAKE
error-fake-nothing = ein Broadcast geht bereits an alle: nennen Sie die Mächte, an die er wirklich geht, wie in `PRESS TO E, G FAKE BROADCAST` oder `BROADCAST TO E, G FAKE`

# words: settings
#
# Die Einstellungen einer Partie, eine pro Zeile, für LIST <Partie> und
# `dipspy game show` (src/text/settings.rs). Zeitspannen werden 2d 4h,
# 3h 30m, 45m geschrieben; Ja/Nein-Argumente sind die Kennungen `yes` und
# `no`.
settings-rules-and = { $first } und { $second }
settings-espionage = Spionage: { $rules }{ $espionnite ->
    [yes] ; Reaktionsfrist { $reaction } nach dem Einfrieren der Befehle
   *[no] {""}
}{ $spionage ->
    [yes] ; spy_at_start: { $spy_at_start ->
        [yes] ja (jede Macht hat von Beginn an eine { -spy-organisation })
       *[no] nein (Organisationen werden im Winter gegründet)
    }
   *[no] {""}
}
settings-deadlines = { -deadline(number: "other") }: Bewegung { $movement }, Rückzüge { $retreats }, Aufbau/Abbau { $adjustments } ({ $timezone })
settings-deadlines-at = { -deadline(number: "other") }: Bewegung { $movement }, Rückzüge { $retreats }, Aufbau/Abbau { $adjustments }, um { $at } ({ $timezone })
settings-press = Presse: { $press ->
        [none] keine
        [white] weiß
        [grey] grau
       *[other] { $press }
    }; Erinnerungen: keine
settings-press-reminders = Presse: { $press ->
        [none] keine
        [white] weiß
        [grey] grau
       *[other] { $press }
    }; Erinnerungen: { $reminder } vor einer { -deadline }
settings-votes = Remis: { $draws }; Aufgabe zugunsten einer Macht: { $concessions ->
    [yes] ja
   *[no] nein
}; Stimmen { $kept ->
    [yes] bleiben von Phase zu Phase erhalten
   *[no] werden in jeder Phase gelöscht
} und { $shown ->
    [yes] werden bekanntgegeben
   *[no] bleiben geheim
}
settings-players = Abwesenheiten: bis zu { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
}; verspätete Befehle: { $late ->
    [wait] es wird { $grace } gewartet, dann gilt die Macht als verlassen
   *[disorder] sofort ausgewertet, die Einheiten der Macht halten (Bürgerkrieg)
}; als verlassen gilt eine Macht { $abandon ->
    [0] nie (der { -game-master } entscheidet)
    [one] nach { $abandon } Bewegungsphase ohne Befehle
   *[other] nach { $abandon } Bewegungsphasen ohne Befehle
}; Übernahmen: { $approve ->
    [yes] vom { -game-master } zu genehmigen
   *[no] frei
}
settings-pictures = Bilder des Spielbretts: { $pictures }
settings-fake-press = Falsche Presse: { $fake ->
    [yes] erlaubt
   *[no] nicht erlaubt
}; Adressen der Spieler: { $anonymous ->
    [yes] geheim (anonyme Partie)
   *[no] von WHOGAME angezeigt
}

# words: order lines refused
#
# Warum eine Befehlszeile, ein Befehl für eine spätere Phase oder ein
# gespeicherter künftiger Befehl abgelehnt oder verworfen wurde
# (src/text/refused.rs). Befehle stehen in Notation (`A par - bur`);
# $phase_name ist der lange Name einer Phase.
phase-name = { $season ->
    [spring] Frühjahr
    [fall] Herbst
   *[winter] Winter
} { $year } { $kind ->
    [movement] Bewegung
    [retreat] Rückzug
   *[adjustment] Aufbau
}
refused-not-an-order = `{ $what }`: weder ein Kommando, das dieser { -judge } kennt, noch der Anfang eines Befehls; senden Sie HELP für die Kommandos (ein Befehl beginnt mit einer Einheit oder einer Provinz, wie in `A par - bur`)
refused-unreadable = Befehl nicht lesbar { $error }
refused-unreadable-as = Befehl für { $phase } nicht lesbar { $error }
refused-no-espionage = `{ $order }` ist ein Spionagebefehl, und die Partie { $game } wird ohne Spionageregeln gespielt
refused-frozen = `{ $order }` kann nicht angenommen werden: die Befehle für die Phase { $phase } sind für die { -reaction-phase } eingefroren; ändern Sie eine Einheit mit REAKTION { $order } (ESP-7)
refused-late = die Phase { $phase } wurde bereits ausgewertet ({ $at }); diese Befehle wurden nicht verwendet
refused-no-spying-in-blocks = Spionagebefehle (Spion, Gegenspion, Fake, Anti, Reaktion, Gründung) werden nie für eine spätere Phase oder innerhalb von IF ... ENDIF angenommen: senden Sie sie ohne Bedingung in der Phase, für die sie gelten
refused-already-over = { $target } ({ $target_name }) ist bereits vorbei: die Partie { $game } spielt { $current }
refused-never-army-stands = `{ $order }` kann nie ausgeführt werden: eine Armee kann nicht in { $province } stehen
refused-never-fleet-stands = `{ $order }` kann nie ausgeführt werden: eine Flotte kann nicht in { $province } stehen
refused-never-leads = `{ $order }` kann nie ausgeführt werden: auf dieser Karte führt von { $from } kein Weg nach { $to }
refused-never-build-site = `{ $order }` kann nie ausgeführt werden: { $province } ist kein { $sites ->
    [home] { -home-centre }
   *[any] { -supply-centre }
} von { $power_dat }
refused-unknown-unit-test = `{ $words }` ist keine Einheitenbedingung, die diese Karte kennt: schreiben Sie eine Provinz und vielleicht eine Macht und eine Einheitenart, wie in `A bur`, `france A bur` oder `french army ruhr`
refused-no-power = keine Macht `{ $power }`
refused-condition-unreadable = seine Bedingung ist nicht lesbar: { $error }
refused-stored-unreadable = er ist nicht lesbar { $error }
refused-not-played = { $phase } ({ $phase_name }) wurde nicht gespielt (die Partie ging zu { $current } weiter)
refused-phase-unreadable = seine Phase ist nicht lesbar
refused-cannot-carry-out = `{ $order }` kann nicht ausgeführt werden: { $reason }

# words: views
#
# Teile der Ansichten einer Partie (src/text/views.rs).
error-none-yet = noch keine
view-dislodged = { $power } { $unit }: { $count ->
    [0] kein Rückzug möglich
   *[other] kann sich zurückziehen nach { $retreats }
}
view-missing-units = Noch ohne Befehl: { $units }
view-missing-dislodged-unit = { $unit } (vertrieben)
view-missing-removals = Noch offen: { $count ->
    [one] eine Einheit abbauen
   *[other] { $count } Einheiten abbauen
}
view-missing-builds = Noch offen: { $count ->
    [one] eine Einheit aufbauen (oder WAIVE)
   *[other] { $count } Einheiten aufbauen (oder WAIVE für jede)
}
view-absence-span = { $first } bis { $last } (in der Zeit der Partie, { $timezone })
view-by-default = { $what ->
    [disbanded] { $power } { $unit }: aufgelöst (kein Befehl)
    [civil_disorder] { $power } { $unit }: abgebaut (Bürgerkrieg, kein Befehl)
   *[builds_unused] { $power }: { $count ->
        [one] eine Einheit nicht aufgebaut
       *[other] { $count } Einheiten nicht aufgebaut
    }
}

# words: order parser
#
# Warum eine Befehlszeile nicht gelesen werden konnte (src/text/parse.rs):
# "in Spalte 9: erwartet `-`, `S`, `C` oder `H` nach der Einheit, gefunden
# `bur`". Was die Grammatik erwartet, wird mit parse-list aufgezählt (im
# Akkusativ, nach "erwartet"); Befehle in Backticks sind Notation und
# bleiben, wie sie sind.
parse-error = in Spalte { $column }: erwartet { $expected }, gefunden { $found }
parse-found-token = `{ $token }`
parse-found-end = das Zeilenende
parse-list = { $init } oder { $last }
parse-after-unit = { $what } nach der Einheit
parse-after-convoyed-army = { $what } nach der konvoierten Armee
parse-other-phase = { $what } ({ $kind ->
    [hold] ein Halten
    [move] ein Zug
    [support] eine Unterstützung
    [convoy] ein Konvoi
    [retreat] ein Rückzug
    [disband] eine Auflösung
    [build] ein Aufbau
    [removal] ein Abbau
   *[waive] ein Verzicht
} ist kein Befehl für eine { $phase ->
    [movement] Bewegungsphase
    [retreat] Rückzugsphase
   *[adjustment] Aufbauphase
})
parse-examples = { $phase ->
    [movement] einen Befehl wie `A par H`, `A par - bur`, `F mar S A par - bur` oder `F nth C A lon - nwy`
    [retreat] einen Rückzug wie `A mun R boh` oder eine Auflösung wie `A mun D`
   *[adjustment] einen Aufbau wie `Build A par`, einen Abbau wie `Remove F kie` oder `Waive`
}
parse-want-move = `-`
parse-want-support = `S`
parse-want-convoy = `C`
parse-want-hold = `H`
parse-want-retreat = `R`
parse-want-disband = `D`
parse-want-build = `Build`
parse-want-remove = `Remove`
parse-want-waive = `Waive`
parse-want-via = `via convoy`
parse-want-convoy-word = `convoy`
parse-want-close = `)`
parse-want-end = das Ende des Befehls
parse-want-coast = eine Küste (`nc`, `sc`, `ec` oder `wc`)
parse-want-unit-type = eine Einheitenart (`A` oder `F`)
parse-want-province = einen Provinznamen wie `{ $abbr }` oder `{ $name }`
parse-want-order = einen Befehl
parse-want-nation = eine Nation wie `{ $name }`
parse-want-nation-default = eine Nation wie `france` oder `Frankreich`

# words: replay
#
# Was `dipspy game replay` anders fand als gespeichert (src/text/replay.rs),
# für den Judge. Ergebnisse sind Kennungen (`moved`); $stored ist `none`,
# wenn kein Ergebnis gespeichert wurde.
replay-espionage-at-start = Spionage zu Beginn der Partie: { $difference }
replay-order-result = Befehl `{ $order }`: gespeichert { $stored ->
    [none] kein Ergebnis
   *[other] { $stored }
} ({ $stored_reason }), neu berechnet { $recomputed } ({ $recomputed_reason })
replay-reactions-never-opened = Reaktionen ausstehend (reaction_opened_at): die Phase wurde ausgewertet, aber ihre { -reaction-phase } nie eröffnet (ESP-7)
replay-espionage-carried = Spionage übernommen aus { $from }: { $difference }
replay-produced-missing = die Phase, die daraus hervorging, fehlt
replay-next-position = die gespeicherte nächste Stellung weicht von der neu berechneten ab:
    {"  "}gespeichert:   { $stored }
    {"  "}neu berechnet: { $recomputed }
replay-future-decision = künftiger Befehl `{ $order }` von { $power_dat }: gespeichert { $stored }, erneut entschieden { $again }
replay-future-not-applied = künftiger Befehl `{ $order }` von { $power_dat } ist angewandt, aber kein Befehl der Phase stammt von ihm
replay-spy-order = Spionagebefehl `{ $order }` von { $power_dat }: { $field } gespeichert `{ $stored }`, das geheime Protokoll verzeichnete `{ $logged }`
replay-spy-order-unlogged = Spionagebefehl `{ $order }` von { $power_dat }: das geheime Protokoll hat keinen Eintrag über seinen Empfang
replay-spy-order-missing = Spionagebefehl `{ $order }` von { $power_dat }: das geheime Protokoll verzeichnete seinen Empfang, aber er ist nicht mehr gespeichert

# mails: the long mails
#
# Die Startmail, die Spionageberichte, die Mitteilung zur Reaktionsphase
# und die letzte Mail einer Partie (src/text/start.rs, spy_report.rs,
# game_over.rs). Der Code füllt die Spalten auf; die Wörter stehen hier.
mails-power-label = { $power }:

# Die Startmail (src/text/start.rs).
mails-start-subject = { -brand } { $game }: die Partie hat begonnen
mails-start-intro =
    Die Partie { $game } hat begonnen.

    Karte: { $map }
mails-start-rules-standard = Regeln: die Standardregeln, ohne Spionage
mails-start-rules-espionage = Regeln: die Standardregeln, mit { $espionage }
mails-start-players = Spieler:
mails-start-players-secret = Spieler: geheim (die Partie ist anonym; WHOGAME zeigt sie nach ihrem Ende)
mails-start-position = Ausgangsstellung:
mails-start-first-phase = Die erste Phase ist { $phase }; die Befehle sind bis { $deadline } fällig.

# Espionnite: der Spionagebericht einer Macht (ESP-6) und die
# Reaktionsphase (ESP-7).
mails-spy-report-subject = { -brand } { $game }: { -spy-report } für { $phase }
mails-spy-report-heading = { -spy-report } für { $phase } (vertraulich).
mails-spy-report-no-order = Sie haben Ihrem Spion in dieser Phase keinen Befehl gegeben.
mails-spy-report-react =
    Sie können jetzt den Befehl EINER Ihrer Einheiten ersetzen, zum Beispiel
    {"  "}{ $example }
    oder mitteilen, dass Sie nicht reagieren, mit
    {"  "}{ $none }
    Eine spätere Reaktion ersetzt eine frühere. Reaktionen sind bis { $deadline } möglich; ohne Reaktion gelten Ihre Befehle wie gegeben.
mails-reaction-opened =
    .subject = { -brand } { $game }: { -reaction-phase } für { $phase }
    .body =
        Die Befehle für die Phase { $phase } sind eingefroren, und die { -spy-report(number: "other") } wurden verschickt.
        Jede Macht kann jetzt mit REAKTION den Befehl einer ihrer Einheiten ändern oder
        REAKTION KEINE senden. Die { -reaction-phase } endet { $deadline } oder früher, sobald jede
        Macht mit Einheiten geantwortet hat.

# Wie eine Partie endete, und ihre letzte Mail (src/text/game_over.rs).
# $centres und $units kommen auf zwei Stellen aufgefüllt; $ncentres und
# $nunits sind die Zahlen.
mails-ended-draw = ein Remis zwischen { $powers }, durch Abstimmung vereinbart
mails-ended-conceded = ein Sieg für { $power_the }: die anderen Spieler haben zugunsten dieser Macht aufgegeben
mails-ended-master = vom { -game-master } beendet
mails-ended-calendar = das Ende des Kalenders: keine Partie wird über das Jahr { $year } hinaus gespielt
mails-ended-solo = ein Alleinsieg für { $power_the }
mails-over-subject = { -brand } { $game }: die Partie ist beendet
mails-over-heading =
    Die Partie { $game } ist beendet: { $how }.

    Versorgungszentren am Ende:
mails-over-count = { $centres } Zentren, { $units } Einheiten
mails-over-picture = Das Bild zeigt das Spielbrett am Ende der Partie.

# mails: secret log
#
# Die Wörter des geheimen Protokolls, der Markierungen auf dem Bild des
# Judge und der Geschichte der Spionage einer Phase liest nur der Judge:
# src/text/judge/en.ftl, nicht übersetzt.

# mails: results
#
# Die Ergebnisse einer Phase (src/text/results.rs): der Bericht, den die
# Ansichten des Judges zeigen, und die Ergebnismail darum herum. $centres
# und $units kommen auf zwei Stellen aufgefüllt; $ncentres und $nunits
# sind die Zahlen.
results-subject = { -brand } { $game }: Ergebnisse für { $phase }
results-heading = { $phase } ({ $map })
results-outcome-succeeds = gelingt
results-outcome-fails = scheitert
results-outcome-invalid = ungültig
results-outcome-void = wirkungslos
results-outcome-replaced = ersetzt
results-verdict-why = { $outcome }: { $reason }
results-dislodged = Vertrieben:
results-dislodged-from = { $unit } ({ $adjective } Einheit, angegriffen aus { $from }): { $options }
results-dislodged-convoy = { $unit } ({ $adjective } Einheit, per Konvoi angegriffen): { $options }
results-retreat-none = kein Rückzug; die Einheit wird aufgelöst
results-retreat-to = kann sich zurückziehen nach { $places }
results-standoffs = Patts: { $provinces }
results-centres = { -supply-centre(number: "other") }:
results-centres-line = { $centres } Zentren, { $units } Einheiten: { $list }
results-newly-taken = (* neu eingenommen)
results-next-phase = Nächste Phase: { $phase }
results-no-order = (kein Befehl)
results-board = Das Spielbrett jetzt:
results-changed = Zentren, die den Besitzer gewechselt haben: { $list }
results-changed-from = { $province } an { $to } (vorher { $from })
results-changed-to = { $province } an { $to }
results-nobody = niemand
results-adjustments = { $phase }: { $counts }
results-builds = { $power_start } baut { $count ->
    [one] eine Einheit
   *[other] { $count } Einheiten
} auf
results-removes = { $power_start } baut { $count ->
    [one] eine Einheit
   *[other] { $count } Einheiten
} ab
results-no-adjustments = kein Aufbau und kein Abbau
results-espionage = Spionage:
results-missed = Keine Befehle erhalten von: { $powers }
results-incomplete = Unvollständige Befehle von: { $powers }
results-eliminated = Ausgeschieden: { $powers }
results-game-over = Die Partie ist beendet: { $how }.
results-orders-due = Die Befehle für die Phase { $phase } sind bis { $deadline } fällig.

# mails: signed heads
#
# Ein signierter Kopf des geheimen Protokolls (src/text/signed_head.rs);
# der signierte Block folgt dem Text unverändert.
# The event after which a head was signed, as a signed head's mail names it.
mails-head-event-processed = Phase ausgewertet
mails-head-event-reaction = { -reaction-phase } eröffnet
mails-head-event-ended = Partie beendet
mails-head-signed =
    .subject = { -brand } { $game }: signierter Kopf des geheimen Protokolls nach { $phase } (Eintrag { $seq })
    .body = Das geheime Protokoll der Partie { $game } endet nach { $phase } ({ $event }) mit Eintrag { $seq } und dem Hash unten, signiert mit dem Schlüssel des { -judge(case: "gen") }. Bewahren Sie diese Mail auf: `dipspy secret-log { $game } --verify --against FILE` prüft das Protokoll gegen die aufbewahrten Köpfe, und niemand kann das Protokoll umschreiben, ohne sowohl den privaten Schlüssel des { -judge(case: "gen") } als auch Ihr Postfach zu haben.
mails-head-published =
    .subject = { -brand } { $game }: der letzte signierte Kopf des geheimen Protokolls
    .body = Die Partie { $game } ist beendet. Ihr geheimes Protokoll endet mit Eintrag { $seq } und dem Hash unten, signiert mit dem Schlüssel des { -judge(case: "gen") }. Wer einen Export des Protokolls erhält, kann ihn gegen diesen Kopf prüfen: die Hashes der Einträge müssen zu diesem Hash führen, und die Signatur muss mit dem öffentlichen Schlüssel des { -judge(case: "gen") } ({ $key }) gültig sein.

# mails: the judge's espionage picture
#
# Die Beschriftungen der Markierungen auf dem Bild des Judges von der
# Spionage einer Phase (src/game/pictures.rs).
# Die Einträge, die die Partie dem geheimen Protokoll hinzufügt.
# Was `dipspy game process` ausgibt, wenn die Reaktionsphase beginnt.
mails-reaction-report = { $phase }: Befehle eingefroren, { -spy-report(number: "other") } verschickt; { -reaction-phase } offen bis { $deadline }.

# mails: the judge's espionage story
#
# `game history PHASE`, Einheit für Einheit (src/game/esp_views.rs).

# mails: pictures
#
# Der Titel des Bildes zur letzten Mail (src/game/draw.rs).
mails-final-picture-title = { $game }: das Ende
