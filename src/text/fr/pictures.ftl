# dipspy: the pictures words, fr (joined after ../fr.ftl; a key lives in one file only).
#
# Le titre et la légende d'une image du plateau (src/render/words.rs).
pictures-shows-results-after = résultats, et le plateau qui en résulte
pictures-shows-orders-results = ordres et résultats
pictures-shows-position = position
pictures-shows-orders = ordres
pictures-counts = { $centres ->
    [one] { $centres } centre
   *[other] { $centres } centres
}, { $units ->
    [one] { $units } unité
   *[other] { $units } unités
}
pictures-key-army = armée
pictures-key-fleet = flotte
pictures-key-centre = centre
pictures-key-moves = se déplace
pictures-key-fails = échoue
pictures-key-supports = soutient
pictures-key-convoys = convoie
pictures-key-holds = tient
pictures-key-dislodged = délogée
pictures-key-may-retreat = peut retraiter vers
pictures-key-standoff = province bloquée
pictures-key-impossible = impossible
pictures-key-retreats = retraite
pictures-key-disbanded = dissoute
pictures-key-standoff-no-retreat = province bloquée : aucune retraite possible ici
pictures-key-built = construite
pictures-key-removed = retirée
pictures-waives = { $power_the } renonce à une construction
pictures-waive-outcome = { $power } : renonciation ({ $outcome })
pictures-notes-joined = { $first } ; { $rest }
#
# MAP par courrier (src/judge/pictures.rs).
pictures-map-attached = l'image de la partie { $game }, { $phase }, est jointe ({ $file })
pictures-map-not-drawn = non fait : l'image n'a pas pu être dessinée ; { -game-master(form: "the") } en est averti dans le journal
#
# L'image de l'arbitre seulement (secret-log --map) : la clé des marques
# d'espionnage, sous la légende, et le titre de la liste de l'espionnage
# de la phase, en dessous.
pictures-key-spy = espion sur cette unité, à la couleur de la puissance qui espionne
pictures-key-counter-spy = contre-espion sur une unité de sa propre puissance
pictures-key-reaction = unité dont la puissance a réagi
pictures-key-fake = Fake appliqué, à la couleur de la puissance qui l'a donné
pictures-key-anti = Anti : les unités de la première puissance à l'abri des Fakes de la seconde
pictures-key-clash = Fakes en collision ici (aucun n'a pris effet), chaque puissance nommée
pictures-key-founded = réseau fondé dans ce centre
pictures-key-no-effect = en pointillés : sans effet (espion couvert, Fake arrêté par un Anti ou sans objet, collision)
# What the picture is, for a reader who cannot see it (a mail's
# alternative text).
pictures-description = Le plateau de jeu
pictures-espionage-heading = L'espionnage de cette phase (pour { -judge(form: "the") } seul)
