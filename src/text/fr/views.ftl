# dipspy: the views words, fr (joined after ../fr.ftl; a key lives in one file only).

# words: states in views
#
# L'état d'une partie, d'une puissance, d'une phase tel qu'une vue le
# montre (LIST, SUMMARY, WHOGAME, HISTORY), choisi selon la valeur
# enregistrée.
views-game-status = { $status ->
    [forming] en formation
    [active] en cours
    [paused] en pause
    [finished] terminée
   *[other] { $status }
}
views-power-status = { $status ->
    [vacant] vacante
    [playing] jouée
    [eliminated] éliminée
   *[other] { $status }
}
# $shown est la valeur enregistrée avec `_` remplacé par une espace, pour
# une valeur non listée.
views-phase-status = { $status ->
    [current] en cours
    [processed] traitée
    [final] finale
    [rolled_back] annulée
   *[other] { $shown }
}

# words: LIST by mail (src/judge/views.rs)
views-maps-heading = Cartes de { -judge(form: "this") } (CREATE <partie> variant=<carte> en lance une) :
views-maps-done = la liste des cartes est à la fin de cette réponse
views-list-heading = Parties de { -judge(form: "this") } :
views-list-none = {"  "}(aucune)
views-list-deadline = { -deadline } { $deadline }
views-list-done = la liste des parties est à la fin de cette réponse
views-game-heading = Partie { $game } : { $status } ({ $timezone }), variante { $variant }, presse { $press ->
    [none] aucune
    [white] blanche
    [grey] grise
   *[other] { $press }
}
views-game-phase = {"  "}phase : { $name } ({ $phase })
views-game-deadline = {"  "}{ -deadline } : { $deadline }
# $centres et $units arrivent complétés à deux caractères (un tableau :
# l'étiquette reste au pluriel).
views-game-power-counts = centres { $centres }, unités { $units }
views-game-votes-draw-with = {"\u00A0"}; vote pour une nulle avec { $powers }
views-game-votes-draw = {"\u00A0"}; vote pour une nulle entre tous les survivants
views-game-concedes = {"\u00A0"}; concède la partie { $power_to }
views-game-done = la partie { $game } est décrite à la fin de cette réponse
views-history-done = l'historique est à la fin de cette réponse

# words: SUMMARY and WHOGAME (src/text/roster.rs)
views-whogame-heading = Joueurs de la partie { $game } ({ $status }) :
views-nobody = personne
views-player-number = joueur { $number }
views-whogame-waiting = Inscrits, en attente d'une puissance quand la partie sera complète : { $who }
views-whogame-no-observers = Observateurs : aucun
views-whogame-observers = Observateurs ({ $count }) :
views-whogame-observer-count = Observateurs : { $count }
views-anonymous-note = La partie { $game } est anonyme : les adresses de ses joueurs ne sont pas montrées (les joueurs sont numérotés).
views-summary-heading = Résumé de la partie { $game } ({ $variant }, { $status }) :
views-summary-done = le résumé de la partie { $game } est à la fin de cette réponse
views-whogame-done = la liste des joueurs de la partie { $game } est à la fin de cette réponse
views-stints-heading = Qui a joué chaque puissance, et quand :
views-stint-from = depuis { $phase }
views-stint-from-start = depuis le début
# $how : comment le joueur est parti (resigned, abandoned, ejected).
views-stint-until = jusqu'à { $phase } ({ $how ->
    [resigned] démission
    [abandoned] abandon
    [ejected] exclusion
   *[other] { $how }
})
views-stint-until-before-start = avant le début ({ $how ->
    [resigned] démission
    [abandoned] abandon
    [ejected] exclusion
   *[other] { $how }
})
views-eliminated-in = {"\u00A0"}; éliminée en { $phase }
views-no-player-now = {"\u00A0"}; sans joueur à présent
views-no-centres-yet = Aucune phase n'a encore été jouée : il n'y a pas de décompte des { -supply-centre(number: "other") }.
views-centres-heading = Centres de ravitaillement :
views-centres-start = début
views-centres-now = maintenant ({ $phase })

# words: the game master's replies (src/judge/master.rs)
#
# $info est une phase et sa date limite (views-master-phase-info...).
views-master-phase-info = { $name } ({ $phase })
views-master-phase-info-deadline = { $name } ({ $phase }), { -deadline } { $deadline }
views-master-started = la partie { $game } a commencé : { $info }
views-master-paused = la partie { $game } est en pause
views-master-resumed = la partie { $game } a repris : { $info }
views-master-deadline-moved = { -deadline } déplacée : { $info }
views-master-rolled-back = la partie { $game } est revenue en arrière ; elle en est maintenant à { $info }
views-master-ejected = { $power_the } n'a plus de joueur dans la partie { $game } ; tout le monde a été prévenu
views-master-not-master = non exécuté : ce n'est pas une commande { -game-master(form: "of") }
views-master-unlocked = { $what ->
    [master] le blocage du mot de passe { -game-master(form: "of") } est levé
   *[power] le blocage { $power_of } dans la partie { $game } est levé
}
views-master-not-locked = { $what ->
    [master] le mot de passe { -game-master(form: "of") } n'était pas bloqué
   *[power] { $power_the } n'était pas { $power_gender ->
        [masculine] bloqué
       *[feminine] bloquée
    } dans la partie { $game }
}
views-master-created = partie { $game } créée ; les joueurs peuvent la rejoindre (JOIN) dès maintenant
views-master-not-created = partie non créée : { $why }
views-master-processed-next = { $phase } traitée ; phase en cours : { $info }
views-master-processed-ended = { $phase } traitée ; { $ended }
views-master-game-over = la partie est terminée
views-master-results-heading = Résultats de la partie { $game } :
views-master-terminated = la partie { $game } a été arrêtée par { -game-master(form: "the") } ; son issue est enregistrée comme `ended` (ni vainqueur, ni nulle), sa dernière phase est définitive, et chacun a reçu le résumé
views-master-preview-done = l'aperçu est à la fin de cette réponse (rien n'a été enregistré)
views-master-preview-heading = Aperçu de la partie { $game } (non enregistré) :
views-master-head-published = la tête signée finale de la partie { $game } (entrée { $seq } du journal secret) a été envoyée à chaque joueur
views-master-approved = approuvé : { $power_the } a son nouveau joueur dans la partie { $game }, qui a reçu la position
views-master-refused = refusé : la demande pour { $power_the } dans la partie { $game } est rejetée
# $copy : yes quand la puissance a un joueur, qui reçoit une copie.
views-master-become = vous agissez pour { $power_the } dans la partie { $game } pour le reste de ce courriel ; { $copy ->
    [yes] son joueur en reçoit une copie
   *[no] { $power_the } n'a pas de joueur à présent, personne d'autre ne reçoit donc de copie
}

# words: CREATE's settings refused (src/judge/master.rs) ; $value est tel
# que le maître du jeu l'a écrit.
views-create-yes-no = { $key } doit valoir yes ou no, pas `{ $value }`
views-create-press = press doit valoir none, white ou grey, pas `{ $value }`
views-create-draws = draws doit valoir dias, any ou none, pas `{ $value }`
views-create-language = language doit valoir en, fr ou de, pas `{ $value }`
views-create-pictures = pictures doit valoir png, png+svg ou off, pas `{ $value }`
views-create-abandon-after = abandon_after est un nombre de phases, par exemple 3, pas `{ $value }`
views-create-max-absence = max_absence est un nombre de jours, par exemple 15, pas `{ $value }`
views-create-unknown = réglage inconnu `{ $key }`
