# dipspy: the players words, fr (joined after ../fr.ftl; a key lives in one file only).
#
# La réponse de l'arbitre aux commandes d'un joueur (src/judge/players.rs).
players-quote-hidden = { $command } ... (non répété : la ligne peut contenir un mot de passe)
players-signon-refused = connexion refusée : { $why }
players-signon-no-game = connexion refusée : aucune partie de { -judge(form: "this") } ne porte le nom écrit (écrivez `SIGNON <puissance> <partie> <mot de passe>` ou `SIGN ON <initiale><partie> <mot de passe>` ; envoyez LIST pour la liste des parties)
players-signon-nobody-plays = connexion refusée : personne ne joue { $power_the } dans la partie { $game } (rejoignez la partie avec JOIN pour jouer)
players-signon-wrong-password = connexion refusée : mauvais mot de passe pour { $power_the } dans la partie { $game }
players-signon-needs-own-address = connexion refusée : le mot de passe ne peut être omis que dans un courriel dont le serveur de messagerie { -judge(form: "of") } confirme qu'il vient de l'adresse avec laquelle { $power_the } a rejoint la partie ; ajoutez le mot de passe
players-signon-needs-password = connexion refusée : la partie { $game } demande le mot de passe : `SIGNON { $word } { $game } <mot de passe>`
players-signed-on = connecté en tant { $power_as } dans la partie { $game }
players-takeover-seated = vous jouez désormais { $power_the } dans la partie { $game } ; la position et ses ordres vous sont envoyés
players-takeover-waiting = votre demande de reprendre { $power_the } dans la partie { $game } est entre les mains { -game-master(form: "of") } ; vous recevrez sa réponse par courriel
players-join-no-game = inscription refusée : aucune partie de { -judge(form: "this") } ne porte le nom écrit (écrivez `JOIN <puissance> <partie> <mot de passe>` ; envoyez LIST pour la liste des parties)
players-join-refused = inscription refusée : { $why }
players-joined-as = vous avez rejoint la partie { $game } en tant { $power_as }
players-joined-random = vous avez rejoint la partie { $game } ; une puissance vous sera attribuée au hasard quand la partie sera complète
players-joined-full = { $joined } ; la partie est maintenant complète et chaque joueur a une puissance ({ $powers }) ; { -game-master(form: "the") } va la lancer
players-observe-code =
    vous observerez la partie { $game } dès que vous aurez envoyé { -judge(form: "to") }, depuis cette adresse et sous { $days } jours, un courriel avec la ligne
    {"    "}CONFIRM ADDRESS { $code }
players-observe-repeated = déjà demandé à la ligne { $line } : son code vaut
players-observe-already = vous observez déjà la partie { $game }
players-not-here = non fait : cette commande ne peut pas être utilisée ici
players-password-changed = votre mot de passe a été changé
players-note-outside-if = NOTE : seuls les ordres dépendent d'un IF ; cette ligne a été lue comme si elle se trouvait hors du bloc IF
players-cleared = { $count ->
    [0] vous n'aviez aucun ordre à retirer
    [one] 1 ordre antérieur retiré
   *[other] { $count } ordres antérieurs retirés
}
players-cleared-later = { $cleared } ; { $count ->
    [one] 1 ordre pour une phase ultérieure retiré
   *[other] { $count } ordres pour des phases ultérieures retirés
}
players-absence-recorded = absence enregistrée : { $span }
players-absence-recorded-moved = absence enregistrée : { $span } ; la { -deadline } en cours est désormais { $deadline }
players-absences-withdrawn = { $count ->
    [0] vous n'aviez aucune absence à retirer
    [one] votre absence est retirée (les { -deadline(number: "other") } déjà déplacées le restent)
   *[other] { $count } absences retirées (les { -deadline(number: "other") } déjà déplacées le restent)
}
players-vote = { $vote ->
    [draw] votre vote pour la nulle est enregistré
    [nodraw] votre vote pour la nulle est retiré
    [concede] votre concession est enregistrée
   *[noconcede] votre concession est retirée
}
players-vote-ended = { $vote } ; la partie est terminée : { $how }
players-vote-secret = { $vote } (les votes restent secrets, sauf si la partie les montre)
players-wait = la phase ne sera pas traitée avant sa { -deadline }
players-nowait = la phase pourra être traitée dès que tous les ordres seront arrivés
players-resigned = démission enregistrée : { $power_the } n'a plus de joueur dans la partie { $game }
players-press-sent = presse envoyée ({ $signed ->
    [no] sans signature
   *[yes] signée
}) ; destinataires : { $to }
#
# Les blocs PHASE et IF (src/judge/blocks.rs).
players-block-phase-unreadable = non enregistré : la ligne PHASE { $line } n'a pas pu être lue (écrivez-la `PHASE Fall 1902 Retreats` ou `PHASE F1902R`)
players-block-if-unreadable = non enregistré : la ligne { $line } de son bloc IF n'a pas pu être lue
players-phase-inside-if = non fait : le bloc IF de la ligne { $line } est encore ouvert ; fermez-le par ENDIF avant une ligne PHASE (un bloc PHASE peut contenir des blocs IF, pas l'inverse)
players-phase-over = { $phase } ({ $phase_name }) est passée (la partie en est à { $current }) : les ordres qui suivent sont refusés
players-phase-current = { $phase } est la phase en cours : les ordres qui suivent sont pour elle, comme d'habitude
players-phase-later = les ordres qui suivent sont pour { $phase_name } ({ $phase }) ; ils seront appliqués au début de cette phase, aux unités qui s'y trouveront alors
players-if-too-deep = non fait : { $max } blocs IF au plus peuvent être ouverts à la fois
players-else-without-if = non fait : aucun IF au-dessus de cette ligne qu'elle puisse continuer (écrivez d'abord `IF <condition>`)
players-else-after-else = non fait : le bloc IF de la ligne { $line } a déjà son ELSE ; fermez-le d'abord par ENDIF
players-endif-without-if = non fait : aucun IF au-dessus de cette ligne qu'elle puisse fermer
players-around-branch = (si la branche qui entoure ce bloc IF l'est : dans la position actuelle, elle ne l'est pas)
players-around-endif = (dans une branche que la position actuelle ne retient pas)
players-if-broken = lu, mais les ordres de ce bloc IF ne sont pas enregistrés : la ligne { $line } n'a pas pu être lue
players-else-taken = aucune condition ci-dessus n'est vraie dans la position actuelle : cette branche { $when ->
    [later] serait retenue
   *[now] est retenue
}{ $around }
players-else-other-taken = c'est la branche de la ligne { $line } qui est retenue dans la position actuelle, pas celle-ci
players-else-unknown = retenue quand aucune condition ci-dessus n'est vraie
players-if-error = non fait : { $why } ; les ordres de ce bloc IF ne sont pas enregistrés
players-if-not-understood = non compris : { $why } ; les ordres de ce bloc IF ne sont pas enregistrés
players-condition = la condition `{ $condition }` est { $truth ->
    [true] vraie
   *[false] fausse
} dans la position actuelle
players-condition-after = la condition `{ $condition }` est { $truth ->
    [true] vraie
   *[false] fausse
} dans la position actuelle ; la branche de la ligne { $line } passe avant, celle-ci n'est donc pas retenue
players-condition-taken = la condition `{ $condition }` est vraie dans la position actuelle : cette branche { $when ->
    [later] serait retenue
   *[now] est retenue
}{ $around }
players-endif-broken = fin du bloc IF de la ligne { $line } (ses ordres n'ont pas été enregistrés)
players-endif-taken = fin du bloc IF de la ligne { $line } : dans la position actuelle, la branche de la ligne { $branch } { $when ->
    [later] serait retenue
   *[now] est retenue
}{ $around }
players-endif-none = fin du bloc IF de la ligne { $line } : dans la position actuelle, aucune branche { $when ->
    [later] ne serait retenue
   *[now] n'est retenue
}
players-note-no-endif = NOTE : ce bloc IF n'avait pas d'ENDIF : il a été fermé à la fin du courriel (ou au SIGNON suivant)
players-kept = gardé pour { $phase_name } ({ $phase }) sous la forme `{ $order }`{ $condition }{ $replacing } ; il sera appliqué au début de cette phase, si l'unité s'y trouve alors
players-kept-condition = , si { $condition }
players-kept-replacing = , à la place de { $orders }
players-not-taken = `{ $order }` non retenu : sa condition `{ $condition }` est fausse dans la position actuelle (gardé en mémoire, pas comme ordre)
players-block-not-stored = ordre non enregistré : { $why }
