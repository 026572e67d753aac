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
pictures-key-standoff-no-retreat = province bloquée : pas de retraite là
pictures-key-built = construite
pictures-key-removed = retirée
pictures-waives = { $power } renonce à une construction
pictures-waive-outcome = { $power } : renonciation ({ $outcome })
pictures-notes-joined = { $first } ; { $rest }
#
# MAP par courrier (src/judge/pictures.rs).
pictures-map-attached = l'image de la partie { $game }, { $phase }, est jointe ({ $file })
pictures-map-not-drawn = non fait : l'image n'a pas pu être dessinée ; le maître du jeu en est averti dans le journal
