# dipspy: the web pages' words, fr (joined after ../fr.ftl; a key lives in one file only).

# words: the web pages
web-skip = Aller au contenu
web-nav = Pages
web-home = Toutes les parties
web-languages = Langue
web-index-title = Les parties de ce juge
web-index-forming = Ouvertes aux inscriptions
web-index-playing = En cours
web-index-finished = Terminées
web-index-none = Aucune partie.
web-index-caption-forming = Parties ouvertes aux inscriptions
web-index-caption-playing = Parties en cours
web-index-caption-finished = Parties terminées
web-col-game = Partie
web-col-map = Carte
web-col-rules = Règles
web-col-players = Joueurs
web-col-phase = Phase
web-col-deadline = Date limite
web-col-status = État
web-col-power = Puissance
web-col-order = Ordre
web-col-result = Résultat
web-col-units = Unités
web-col-count = Nombre
web-col-centres = Centres de ravitaillement
web-players-count = { $taken } sur { $powers }
web-rules-none = standard
web-rule = { $rule ->
    [espionnite] Espionnite
    [spionage] Spionage
   *[other] { $rule }
}
web-no-deadline = aucune
web-not-started = pas commencée
web-game-title = Partie { $game }
web-phase-title = Partie { $game } : { $phase }
web-game-facts = À propos de cette partie
web-col-outcome = Issue
web-board = Le plateau
web-board-title = Le plateau de la partie { $game } : { $phase }
web-board-adjudicated = L'image montre les ordres de cette phase et ce qu'il en est advenu, sur le plateau qui en a résulté ; les tableaux ci-dessous disent la même chose en mots.
web-board-position = L'image montre les unités au début de cette phase ; les tableaux ci-dessous les énumèrent.
web-board-power = { $power } : { $units ->
    [0] aucune unité
    [one] une unité
   *[other] { $units } unités
}, { $centres ->
    [0] aucun centre de ravitaillement
    [one] un centre de ravitaillement
   *[other] { $centres } centres de ravitaillement
}.
web-results = Résultats
web-results-none = Cette phase n'a pas encore été résolue : ses ordres restent secrets jusque-là.
web-orders-caption = Les ordres de { $phase } et ce qu'il en est advenu
web-units = Unités
web-units-caption-after = Unités après { $phase }
web-units-caption-now = Unités pendant { $phase }
web-centres = Centres de ravitaillement
web-centres-caption-after = Centres de ravitaillement après { $phase }
web-centres-caption-now = Centres de ravitaillement pendant { $phase }
web-press = Presse
web-press-none = Aucun message de presse à tous dans cette phase.
web-deadline = Date limite :
web-deadline-none = Aucune date limite ne court en ce moment.
web-phases = Toutes les phases
web-phase-nav = Phases
web-previous = Phase précédente : { $phase }
web-next = Phase suivante : { $phase }
web-chart = Les centres de ravitaillement au fil des années
web-chart-title = Centres de ravitaillement de chaque puissance de la partie { $game }, à la fin de chaque année
web-chart-caption = Centres de ravitaillement de chaque puissance à la fin de chaque année
web-chart-none = Aucune année n'est encore finie.
web-feed = Les résultats en flux Atom
web-feed-title = Résultats de la partie { $game }
web-not-found = Page introuvable
web-not-found-text = Cette page n'existe pas ici.
web-failed = La page n'a pas pu être faite
web-failed-text = Quelque chose s'est mal passé du côté du juge ; son journal dit quoi.
