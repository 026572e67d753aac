# Les mots de dipspy en français.
#
# Un message par clé, les mêmes clés que le catalogue anglais (en.ftl) ;
# les arguments s'écrivent { $nom }. Les nombres choisissent leur forme
# plurielle avec un sélecteur ([one] / *[other]) ; en français, 0 et 1
# prennent le singulier.

# Le contrôle du catalogue lui-même (tests de src/text/mod.rs).
text-self-check = { $count ->
    [one] { $count } ligne
   *[other] { $count } lignes
}

# engine reasons
#
# Pourquoi un ordre a eu l'effet qu'il a eu (src/text/reason.rs). Les
# unités s'écrivent `F tri`, les provinces `tri`, les côtes `spa/nc`.
reason-superseded = remplacé par un ordre ultérieur pour la même unité
reason-not-for-phase = ce n'est pas un ordre pour { $phase ->
    [movement] une phase de mouvement
    [retreat] une phase de retraite
   *[adjustment] une phase d'ajustement
}
reason-no-unit = il n'y a pas d'unité en { $province }
reason-belongs-to = { $unit } appartient à la puissance { $power }
reason-unit-is = l'unité en { $province } est { $unit }
reason-move-to-own-province = une unité ne peut pas se déplacer dans la province où elle se trouve
reason-army-to-sea = une armée ne peut pas aller en { $province }, qui est une mer
reason-army-cannot-be-convoyed = une armée ne peut pas être convoyée de { $from } à { $to }
reason-not-next-to = { $dest } n'est pas adjacent à { $src }
reason-only-armies-convoyed = seules les armées peuvent être convoyées
reason-fleet-inland = une flotte ne peut pas aller en { $province }, qui est à l'intérieur des terres
reason-coast-sea = { $province } est une mer : elle n'a pas de côte
reason-coast-inland = { $province } est à l'intérieur des terres : elle n'a pas de côte
reason-coast-one = { $province } n'a qu'une côte, il ne faut donc pas la préciser : écrivez { $province }
reason-coast-no-such = { $province } n'a pas de côte { $coast ->
    [nc] nord
    [sc] sud
    [ec] est
   *[wc] ouest
} (ses côtes : { $coasts })
reason-coast-army = on ne précise pas de côte pour une armée en { $province }
reason-fleet-cannot-go = une flotte ne peut pas aller de { $from } à { $to }
reason-fleet-cannot-reach = une flotte en { $from } ne peut pas atteindre { $to }
reason-which-coast = précisez quelle côte de { $province } (par exemple { $example })
reason-support-self = une unité ne peut pas se soutenir elle-même
reason-cannot-reach-to-support = { $unit } ne peut pas atteindre { $province }, elle ne peut donc pas y apporter de soutien
reason-cannot-reach-to-support-move = { $unit } ne peut pas atteindre { $province }, elle ne peut donc pas y soutenir un mouvement
reason-support-into-own-province = une unité ne peut pas soutenir un mouvement vers sa propre province
reason-support-own-move = une unité ne peut pas soutenir son propre mouvement
reason-only-fleets-convoy = seules les flottes peuvent convoyer
reason-only-fleet-at-sea-convoys = seule une flotte en mer peut convoyer
reason-convoy-to-sea = une armée ne peut pas être convoyée en { $province }, qui est une mer
reason-not-on-convoy-route = { $fleet } ne peut faire partie d'aucune route de convoi de { $from } à { $to }
reason-no-fleet-could-convoy = aucune flotte ne pouvait la convoyer en { $province }
reason-ordered-to-move-not-hold = { $unit } a reçu l'ordre de se déplacer, pas de tenir
reason-not-ordered-to-move-to = { $unit } n'a pas reçu l'ordre d'aller en { $province }
reason-moved-over-land = { $unit } s'est déplacée par voie de terre
reason-dislodged-by = délogée par { $unit }
reason-convoy-paradox = paradoxe de convoi : l'armée ne bouge pas (règle de Szykman)
reason-no-convoy-route = pas de route de convoi
reason-own-unit = ne peut pas déloger { $unit }, une unité de sa propre puissance
reason-lost-head-to-head = battue par { $unit }, qui allait en sens inverse ({ $attack } contre { $defend })
reason-bounced-off = bloquée par { $unit } ({ $attack } contre { $hold })
reason-bounced-with = bloquée avec { $unit } ({ $attack } contre { $prevent })
reason-bounced = bloquée
reason-cut-by = soutien coupé par { $unit }
reason-cut = soutien coupé
reason-convoy-disrupted = délogée par { $unit } ; le convoi est rompu
reason-disbanded = dissoute
reason-no-dislodged-unit = pas d'unité délogée en { $province }
reason-dislodged-belongs-to = l'unité délogée en { $province } appartient à la puissance { $power }
reason-then-disbanded = { $why } ; l'unité est dissoute
reason-retreat-which-coast = précisez quelle côte de { $province }
reason-cannot-retreat = ne peut pas retraiter en { $to } : { $why ->
    [attacker] elle ne peut pas retraiter d'où est venu son assaillant
    [occupied] cette province est occupée
    [standoff] cette province est restée vide après un blocage
   *[unreachable] elle ne peut pas atteindre cette province
}
reason-retreat-bounced = bloquée avec { $unit } ; les deux unités sont dissoutes
reason-no-builds = { $power } n'a aucune construction cet hiver
reason-builds-only = { $power } ne peut construire que { $count }
reason-no-builds-to-waive = { $power } n'a aucune construction à laquelle renoncer
reason-builds-used = toutes les constructions sont déjà utilisées
reason-no-removals = { $power } n'a aucune unité à retirer cet hiver
reason-already-removed = cette unité est déjà retirée
reason-removes-only = { $power } ne doit retirer que { $count }
reason-dummy-never-builds = { $power } est une puissance fantoche, et une puissance fantoche ne construit jamais
reason-not-home-centre = { $province } n'est pas un centre d'origine de la puissance { $power }
reason-not-supply-centre = { $province } n'est pas un centre de ravitaillement
reason-does-not-own = { $power } ne possède pas { $province }
reason-occupied = { $province } est occupée
reason-build-which-coast = précisez sur quelle côte de { $province } construire la flotte (par exemple { $province }/{ $coast })
reason-army-cannot-build = une armée ne peut pas être construite en { $province }
reason-fleet-cannot-build = une flotte ne peut pas être construite en { $place }
reason-read-as = { $why } : lu comme `{ $order }`
reason-replaced = remplacé avant l'arbitrage (voir le journal secret)
reason-replaced-see-espionage = remplacé avant l'arbitrage (voir l'espionnage)
reason-dislodged = délogée
reason-unreadable = ordre illisible : { $error }
reason-spy-accepted = ordre d'espionnage accepté
reason-warn-support-hold-moving = { $unit } a l'ordre d'aller en { $dest } ; un soutien défensif ne l'aide pas
reason-warn-support-elsewhere = { $unit } a l'ordre d'aller en { $moving }, pas en { $dest } : ce soutien ne comptera pas
reason-warn-support-no-move = { $unit } n'a pas d'ordre pour aller en { $dest } : ce soutien ne comptera que si elle en reçoit un
reason-warn-convoy-no-move = { $unit } n'a pas d'ordre pour aller en { $dest } : ce convoi ne comptera que si elle en reçoit un
reason-warn-via-convoy-no-fleet = le mouvement vers { $dest } est ordonné par convoi et aucune flotte n'est en position de la transporter : il échouera si aucun convoi n'est ordonné
reason-warn-not-next-no-fleet = { $dest } n'est pas adjacent à { $src } et aucune flotte n'est en position de la convoyer : le mouvement échouera si aucun convoi n'est ordonné

# espionage
#
# Un ordre d'espionnage refusé : la raison, puis la règle (src/text/espionage.rs).
spy-rejected = { $reason } ({ $rule })
spy-refusal-espionnite-not-in-force = les règles Espionnite ne s'appliquent pas dans cette partie
spy-refusal-movement-only = espions, contre-espions et réactions n'agissent qu'aux phases de mouvement
spy-refusal-no-units = { $power } n'a aucune unité, donc aucun espion
spy-refusal-no-unit = il n'y a pas d'unité en { $province }
spy-refusal-no-dislodged-unit = il n'y a pas d'unité délogée en { $province }
spy-refusal-unit-is = l'unité en { $province } est { $unit }
spy-refusal-spy-on-own-unit = { $unit } est votre propre unité : espionnez une unité d'une autre puissance
spy-refusal-counter-spy-not-own = { $unit } appartient à la puissance { $power } : un contre-espion protège une de vos propres unités
spy-refusal-reaction-not-unit-order = une réaction est un ordre pour une de vos unités
spy-refusal-reaction-not-own = { $unit } appartient à la puissance { $power } : une réaction modifie une de vos propres unités
spy-refusal-spionage-not-in-force = les règles Spionage ne s'appliquent pas dans cette partie
spy-refusal-first-phase = l'espionnage n'est pas permis pendant la première phase de mouvement de la partie
spy-refusal-no-organisation = { $power } n'a pas de réseau d'espions : fondez-en un en hiver avec `+ S <centre d'origine>`
spy-refusal-exposed = le réseau de { $power } a été démasqué ce tour-ci : il pourra de nouveau faire des Fakes à partir du tour suivant
spy-refusal-fake-names-unit-or-build = un Fake désigne une unité ou une construction
spy-refusal-fake-for-other = un Fake vise une unité (ou les constructions) d'une autre puissance
spy-refusal-could-not-retreat = { $unit } ne pourrait pas retraiter en { $place }
spy-refusal-not-home-centre = { $province } n'est pas un centre d'origine
spy-refusal-does-not-own = { $power } ne possède pas { $province }
spy-refusal-occupied = { $province } est occupée
spy-refusal-cannot-build = { $type } ne peut pas être construite en { $place }
spy-refusal-anti-names-other = un Anti désigne une autre nation, dont il arrête les Fakes
spy-refusal-found-in-winter = un réseau se fonde pendant une phase d'ajustement d'hiver
spy-refusal-already-founded = { $power } a déjà un réseau d'espions
spy-refusal-not-home-centre-of = { $province } n'est pas un centre d'origine de la puissance { $power }
spy-refusal-found-occupied = { $province } est occupée : fondez le réseau dans un centre d'origine vide
spy-refusal-orders-frozen = les ordres de { $phase } sont figés et les rapports d'espions sont partis ; seuls REACTION (et les ordres Spionage) sont acceptés maintenant
spy-refusal-reaction-phase-only = les réactions ne sont acceptées que pendant la phase de réaction, qui s'ouvre après la date limite de { $phase }, quand les rapports d'espions sont envoyés
# Ce que rapporte l'espion d'une puissance (ESP-5, ESP-6).
spy-told-learned-nothing = Votre espion auprès de { $unit } n'a rien appris.
spy-told-reports = Votre espion auprès de { $unit } rapporte : { $seen }
spy-told-no-order = tient (aucun ordre donné)
# Les lignes publiques des règles Spionage (SPI-10).
spy-public-fake-stopped = Un Fake a été arrêté par un Anti : { $order } (ordres { $adjective })
spy-public-collision = Des Fakes sont entrés en collision, aucun n'a pris effet : { $tried }. Démasqués pour le reste du tour : { $exposed }.
spy-public-tried = { $power } a tenté { $order }

# notices
#
# Ce que la partie annonce aux joueurs, aux observateurs et au maître du
# jeu (src/text/notice.rs). Chaque annonce a un -subject et un -body.
# {"  "} garde le retrait d'une commande.

notice-game-full-subject = dipspy { $game } : chaque puissance a son joueur
notice-game-full-body =
    La dernière puissance de la partie { $game } a trouvé son joueur. Lancez la partie avec un courriel contenant

    {"  "}MASTER <mot de passe>
    {"  "}START { $game }

notice-power-assigned-subject = La partie { $game } est complète : vous jouez { $shown }
notice-power-assigned-body =
    La partie { $game } est complète. Vous jouez { $shown }. Connectez-vous avec

    {"  "}SIGNON { $power } { $game } <votre mot de passe>

notice-resigned-subject = { $shown } a quitté la partie { $game }
notice-resigned-body =
    { $shown } a quitté la partie { $game } ; la puissance n'a plus de joueur. Chacun peut la demander :

    {"  "}{ $command } { $power } { $game } <mot de passe>

notice-ended-before-start-subject = dipspy { $game } : la partie est terminée
notice-ended-before-start-body = Le maître du jeu a mis fin à la partie { $game } avant son début.

notice-deadline-moved-subject = dipspy { $game } : nouvelle date limite pour { $phase }
notice-deadline-moved-body = La date limite de { $phase } dans la partie { $game } est désormais { $deadline }.

notice-deadline-absence-subject = dipspy { $game } : date limite déplacée pour une absence
notice-deadline-absence-body = La date limite de { $phase } dans la partie { $game } est { $deadline } : elle serait tombée pendant l'absence de { $shown }.

notice-vote-subject = dipspy { $game } : un vote
notice-vote-body = Dans la partie { $game }, { $shown } { $how ->
    [draw-all] vote pour une nulle entre tous les survivants
    [draw-some] vote pour une nulle
    [no-draw] retire son vote pour la nulle
    [concede] concède la victoire à { $to }
   *[no-concede] retire sa concession
}.

notice-paused-subject = dipspy { $game } : la partie est en pause
notice-paused-body = Le maître du jeu a mis la partie { $game } en pause, en { $phase }. Aucune phase n'est traitée et aucune date limite ne court jusqu'à la reprise ; la nouvelle date limite vous sera communiquée.

notice-resumed-subject = dipspy { $game } : la partie reprend
notice-resumed-body = Le maître du jeu a relancé la partie { $game }. Les ordres de { $phase } sont attendus pour le { $deadline }.

notice-deadline-set-paused-subject = dipspy { $game } : nouvelle date limite pour { $phase }
notice-deadline-set-paused-body = Le maître du jeu a fixé la date limite de { $phase } dans la partie { $game } : à la reprise, il restera { $left } ({ $deadline } si la partie reprenait maintenant).

notice-deadline-set-subject = dipspy { $game } : nouvelle date limite pour { $phase }
notice-deadline-set-body = Le maître du jeu a déplacé la date limite de { $phase } dans la partie { $game } au { $deadline }.

notice-due-paused = La partie reste en pause ; la date limite vous sera communiquée à la reprise.
notice-due-by = Les ordres sont attendus pour le { $deadline }.

notice-rolled-back-subject = dipspy { $game } : retour à { $phase }
notice-rolled-back-body =
    Le maître du jeu a ramené la partie { $game } au début de { $long } ({ $phase }). Tout ce qui a été joué depuis est annulé. Les ordres que chaque puissance avait donnés pour { $phase } sont rétablis ; chaque joueur reçoit les siens.
    { $due }

notice-orders-again-subject = dipspy { $game } : vos ordres pour { $phase }, de nouveau
notice-orders-again-heading = La partie { $game } est revenue au début de { $phase }. Vos ordres rétablis :
notice-orders-none = (aucun)
notice-orders-again-later = Vos ordres pour des phases ultérieures (PHASE) rétablis :

notice-takeover-requested-subject = dipspy { $game } : une demande de reprise de { $shown }
notice-takeover-requested-body =
    { $email } demande à reprendre { $shown } dans la partie { $game }.
    Répondez par un courriel contenant

    {"  "}MASTER <mot de passe>
    {"  "}APPROVE { $game } { $power }

    ou REFUSE { $game } { $power }.

notice-takeover-refused-subject = dipspy { $game } : votre demande a été refusée
notice-takeover-refused-body = Le maître du jeu ne vous a pas confié { $shown } dans la partie { $game }.

notice-ejected-subject = dipspy { $game } : vous ne jouez plus { $shown }
notice-ejected-body = Le maître du jeu vous a retiré { $shown } dans la partie { $game }.

notice-why-ejected = le maître du jeu a retiré son joueur
notice-why-late = ses ordres manquaient encore à la fin du délai de grâce
notice-why-missed = aucun ordre reçu { $streak ->
    [one] pendant { $streak } phase de mouvement
   *[other] pendant { $streak } phases de mouvement d'affilée
}
notice-why-abandoned = elle est abandonnée ({ $why })

notice-no-player-subject = dipspy { $game } : { $shown } n'a pas de joueur
notice-no-player-body =
    { $shown } n'a plus de joueur dans la partie { $game } : { $why }. Ses unités tiennent jusqu'à ce que quelqu'un la reprenne.
    Pour la reprendre, envoyez

    {"  "}TAKEOVER { $power } { $game } <mot de passe>

notice-welcome-subject = dipspy { $game } : vous jouez { $shown }
notice-welcome-intro =
    Vous jouez désormais { $shown } dans la partie { $game }. Connectez-vous avec

    {"  "}SIGNON { $power } { $game } <votre mot de passe>

    La partie en est à { $long } ({ $phase }).
notice-welcome-orders = Les ordres de { $shown } en vigueur :
notice-welcome-later = Ordres de { $shown } pour des phases ultérieures (PHASE), appliqués au début de leur phase sauf si vous envoyez CLEAR :
notice-welcome-deadline = Date limite : { $deadline }

notice-new-player-subject = dipspy { $game } : { $shown } a un nouveau joueur
notice-new-player-body = { $shown } a un nouveau joueur dans la partie { $game }.

notice-orders-late-subject = dipspy { $game } : vos ordres pour { $phase } sont en retard
notice-orders-late-body =
    La date limite de { $phase } dans la partie { $game } est passée et vos ordres sont incomplets.
    { $missing }
    L'arbitre attend jusqu'au { $until }. La phase sera alors traitée sans eux, et { $shown } sera déclarée abandonnée.

notice-waiting-for-late-subject = dipspy { $game } : en attente d'ordres en retard
notice-waiting-for-late-body =
    La date limite de { $phase } dans la partie { $game } est passée. Ordres en retard de : { $late }.
    La phase sera traitée au plus tard le { $until }.

notice-processed-late-subject = dipspy { $game } : vos ordres pour { $phase } sont arrivés trop tard
notice-processed-late-body =
    { $phase } a été traitée dans la partie { $game } sans tous vos ordres.
    { $missing }
    Les unités sans ordre ont tenu (une unité délogée est dissoute, une construction est abandonnée, un retrait est choisi pour vous).

notice-abandoned-subject = dipspy { $game } : vous ne jouez plus { $shown }
notice-abandoned-body = { $shown } est déclarée abandonnée dans la partie { $game } : { $why }. Vous pouvez demander à la reprendre avec TAKEOVER.

notice-reminder-subject = dipspy { $game } : ordres manquants pour { $phase }
notice-reminder-body =
    { $none ->
        [yes] L'arbitre n'a reçu aucun ordre de vous pour { $phase } dans la partie { $game }.
       *[no] Vos ordres pour { $phase } dans la partie { $game } sont incomplets.
    }
    { $missing }
    La date limite est le { $deadline } ; les unités sans ordre tiennent (les retraites
    deviennent des dissolutions, les constructions sont abandonnées, les retraits sont choisis pour vous).

notice-advance-subject = dipspy { $game } : vos ordres envoyés à l'avance pour { $phase }
notice-advance-heading = Partie { $game } : { $long } ({ $phase }) a commencé. Voici ce que sont devenus les ordres envoyés plus tôt pour cette phase (et pour les phases qui n'ont pas été jouées) :
notice-advance-applied = appliqué
notice-advance-not-taken = non retenu : sa condition était fausse au début de la phase
notice-advance-dropped = ÉCARTÉ : { $why }
notice-advance-replaced = remplacé par un ordre ultérieur de votre part pour la même unité
notice-advance-closing = Les ordres appliqués sont vos ordres pour la phase ; vous pouvez les modifier comme d'habitude.

notice-confirm-address-subject = Confirmez votre adresse pour { $shown } dans la partie { $game }
notice-confirm-address-body =
    Le joueur de { $shown } dans la partie { $game } a demandé à l'arbitre d'écrire désormais à cette adresse.

    Si c'était vous, répondez à ce courriel (ou écrivez à l'arbitre depuis cette adresse) avec la ligne

    {"  "}CONFIRM ADDRESS { $code }

    dans les { $days } jours. D'ici là, l'arbitre continue d'écrire à l'ancienne adresse.
    Si vous n'avez rien demandé, ignorez ce courriel : rien ne change.

notice-address-changed-subject = Votre adresse pour { $shown } dans la partie { $game } a changé
notice-address-changed-body = Comme demandé avec SET ADDRESS et confirmé depuis la nouvelle adresse, l'arbitre écrit désormais à { $email } pour { $shown } dans la partie { $game }. Si vous n'avez rien demandé, écrivez immédiatement au maître du jeu.

notice-confirm-observer-subject = Confirmez que vous voulez observer la partie { $game }
notice-confirm-observer-body =
    On a demandé à l'arbitre d'envoyer les résultats de la partie { $game } à cette adresse.

    Si c'était vous, répondez à ce courriel (ou écrivez à l'arbitre depuis cette adresse) avec la ligne

    {"  "}CONFIRM ADDRESS { $code }

    dans les { $days } jours. Si vous n'avez rien demandé, ignorez ce courriel : rien ne vous sera envoyé.

notice-press-everybody = tout le monde
notice-press-master = le maître du jeu
notice-press-anonymous = une puissance anonyme
notice-press-subject = Presse dans la partie { $game }, de { $signed }
notice-press-body =
    De : { $signed }
    À : { $to }

    { $text }
notice-press-unsigned-subject = Presse dans la partie { $game }, de { $sender } (envoyée sans signature)
notice-press-unsigned-body =
    Presse non signée dans la partie { $game } ; cette copie, réservée au maître du jeu, nomme son auteur.
    {"                     "}Véritable auteur : { $sender }
    Présentée aux destinataires comme :
    {"  "}De : { $signed }
    {"  "}À : { $to }

    { $text }
notice-fake-press-truth-subject = Presse dans la partie { $game }, de { $sender } (fausse presse : la vérité)
notice-fake-press-truth-body =
    Fausse presse dans la partie { $game } ; cette copie, réservée au maître du jeu, dit la vérité.
    Véritable auteur : { $sender }{ $unsigned ->
        [yes] {" "}(envoyée sans signature)
       *[no] {""}
    }
    Véritables destinataires : { $real }
    Présentée aux destinataires comme :
    {"  "}De : { $signed }
    {"  "}À : { $to }

    { $text }

notice-master-acted-subject = dipspy { $game } : le maître du jeu a agi pour { $shown }
notice-master-acted-body = Le maître du jeu a agi pour { $shown } dans la partie { $game } avec ce courriel ; la réponse de l'arbitre suit.

# lang: the reader's language
#
# SET LANGUAGE (src/judge/language.rs) : la confirmation est écrite dans
# la langue choisie ; { $choices } énumère les codes avec le nom de chaque
# langue dans cette langue.
reply-language-set = désormais, l'arbitre vous écrit en français
reply-language-unknown = l'arbitre n'écrit pas en `{ $tag }` : écrivez SET LANGUAGE suivi de l'un de ces codes : { $choices }

# help: the text of HELP
#
# Toute la réponse à HELP (src/command/words.rs). Les mots des commandes
# restent en anglais : ce sont ceux que l'arbitre lit.
help-text =
    dipspy : jouer par courriel
    ===========================

    Écrivez une commande par ligne dans le corps d'un courriel en texte brut
    adressé à l'arbitre. Majuscules et minuscules sont équivalentes. Les
    lignes citées avec `>` et tout ce qui suit une ligne de signature `-- `
    sont ignorés ; les lignes qui commencent par `#` sont des commentaires.
    Chaque courriel reçoit une réponse qui dit ce qui a été fait de chaque
    ligne. Les mots des commandes restent en anglais.

    Sans se connecter (tout le monde)
      HELP                              ce texte
      LIST                              les parties de cet arbitre
      LIST <partie>                     une partie : phase, date limite,
                                        puissances
      LIST MAPS                         les cartes proposées par cet arbitre (le
                                        maître du jeu en choisit une avec
                                        `CREATE <partie> variant=<carte>`)
      JOIN <partie> <mot de passe>      rejoindre une partie en formation ; une
                                        puissance vous est tirée au sort quand
                                        la partie est complète (aussi `SIGN ON
                                        ?<partie> <mot de passe>`)
      JOIN <puissance> <partie> <mot de passe>
                                        rejoindre une partie en formation avec
                                        cette puissance
      TAKEOVER <puissance> <partie> <mot de passe>
                                        demander une puissance sans joueur dans
                                        une partie en cours (le maître du jeu
                                        peut devoir l'approuver)
      OBSERVE <partie>                  recevoir les résultats publics de la
                                        partie
      SUMMARY <partie>                  qui a joué chaque puissance et quand, et
                                        les centres de ravitaillement année par
                                        année
      WHOGAME <partie>                  les joueurs et les observateurs (les
                                        adresses seulement si la partie n'est
                                        pas anonyme)
      CONFIRM ADDRESS <code>            depuis une nouvelle adresse : le code
                                        que l'arbitre y a envoyé après SET
                                        ADDRESS
      SET LANGUAGE fr|de|en             la langue dans laquelle l'arbitre vous
                                        écrit, pour toutes vos parties
      SIGN OFF                          rien n'est lu après cette ligne

    Jouer : commencez le courriel par SIGNON
      SIGNON <puissance> <partie> <mot de passe>
                                        par exemple `SIGNON F mapartie secret`,
                                        `SIGNON france mapartie secret`, ou
                                        comme sur d'autres arbitres par courriel
                                        `SIGN ON Fmapartie secret` (l'initiale
                                        devant la partie) (le mot de passe peut
                                        être omis si la partie le permet et que
                                        vous écrivez depuis l'adresse avec
                                        laquelle vous l'avez rejointe)
      puis, dans le même courriel, au choix :
      <ordres>                          un par ligne, par exemple `A par - bur`,
                                        `F lon - nth`, ordres d'espionnage,
                                        réactions ; un ordre pour une unité
                                        remplace votre ordre précédent pour
                                        cette unité. Chaque ordre est vérifié
                                        aussitôt : un ordre qui ne peut jamais
                                        être exécuté (pas d'unité, provinces non
                                        adjacentes, construction sur un centre
                                        où vous ne pouvez pas construire...) est
                                        REJECTED et ne remplace rien ; un ordre
                                        qui a peu de chances de réussir (un
                                        soutien à un mouvement que votre unité
                                        n'a pas reçu l'ordre de faire) est
                                        enregistré avec un WARNING. La réponse
                                        liste les unités encore sans ordre.
      CLEAR                             retirer les ordres donnés avant ce
                                        courriel, y compris ceux des phases
                                        ultérieures (les ordres de ce courriel
                                        restent)
      PHASE <saison> <année> <type>     les ordres qui suivent sont pour cette
                                        phase ultérieure, par exemple `PHASE
                                        Fall 1902 Retreats`, `PHASE F1902R`,
                                        `PHASE Winter 1902` ; ils sont lus sur
                                        la carte dès maintenant et appliqués au
                                        début de la phase, aux unités qui s'y
                                        trouvent alors (un ordre dont l'unité a
                                        disparu est écarté, et vous en êtes
                                        averti). Ils vont jusqu'à la ligne PHASE
                                        suivante ou la fin du courriel
      IF <condition>                    les ordres qui suivent ne comptent que
      <ordres>                          si la condition est vraie au début de la
      ELSE IF <condition>               phase (pour la phase en cours :
      <ordres>                          maintenant). Une condition nomme une
      ELSE                              province et éventuellement une puissance
      <ordres>                          et un type d'unité, dans n'importe quel
      ENDIF                             ordre : `IF A bur`, `IF NOT F eng`, `IF
                                        france A bur AND NOT F eng` ; AND et OR
                                        se lisent de gauche à droite, les
                                        parenthèses regroupent. Les blocs IF
                                        s'imbriquent et peuvent se trouver dans
                                        un bloc PHASE. Les ordres d'espionnage
                                        ne sont jamais pris pour une phase
                                        ultérieure ni dans un IF
      SET WAIT / SET NOWAIT             attendre / ne pas attendre la date
                                        limite pour traiter cette phase
      SET DRAW                          voter pour une nulle entre tous les
                                        survivants
      SET DRAW <puissance> <puissance> ...
                                        une nulle entre ces puissances, si la
                                        partie le permet
      SET NO DRAW                       retirer votre vote pour la nulle
      SET CONCEDE <puissance>           concéder la victoire à cette puissance
      SET NO CONCEDE                    retirer votre concession
      SET ABSENCE <date> [TO <date>]    aucune date limite ne tombe pendant
                                        votre absence (dates comme 2025-07-01, à
                                        l'heure de la partie)
      SET NO ABSENCE                    retirer vos absences
      SET PASSWORD <nouveau>            changer votre mot de passe
      SET ADDRESS <adresse>             faire écrire l'arbitre à une autre
                                        adresse : il y envoie un code, et le
                                        changement est fait quand cette adresse
                                        répond avec CONFIRM ADDRESS <code>
      HISTORY <partie> [<phase>]        les phases jouées ; les ordres et
                                        résultats d'une phase (par exemple
                                        `HISTORY mapartie S1901M`)
      MAP <partie> [<phase>] [BEFORE]   une image du plateau (PNG) : maintenant,
                                        ou pour une phase jouée : ses ordres,
                                        ses résultats et le plateau après eux
                                        (BEFORE : les ordres sur le plateau
                                        d'avant)
      RESIGN                            abandonner votre puissance
      PRESS TO <puissance>[, ...]       un message à ces puissances, signé de
      <votre texte>                     votre puissance, jusqu'à une ligne
      ENDPRESS                          ENDPRESS (ou jusqu'à la fin du
                                        courriel). Le texte n'est jamais lu
                                        comme des ordres, même quand la ligne
                                        PRESS elle-même est fausse (rien n'est
                                        alors envoyé, et la réponse dit
                                        pourquoi)
      PRESS TO <puissance>... ANON      sans signature (presse grise), si la
                                        partie le permet
      PRESS TO ALL BUT <puissance>...   à toutes les autres puissances encore en
                                        jeu
      PRESS TO M                        un message au maître du jeu
      BROADCAST [ANON]                  un message à tous les joueurs et
      <votre texte>                     observateurs
      ENDPRESS
      Fausse presse, si la partie le permet (le maître du jeu connaît toujours
      la vérité) :
      PRESS TO <puissances> FAKE BROADCAST
                                        à ces puissances, qui y voient un
                                        message à tous
      BROADCAST TO <puissances> FAKE    la même chose
      PRESS TO <puissances> FAKE TO <autres>
                                        à ces puissances, qui le voient adressé
                                        aux autres
      PRESS FAKE TO <puissances>        à tout le monde, qui le voit adressé à
                                        ces puissances

    Les puissances s'écrivent par leur lettre (A E F G I R T) ou par leur nom
    en anglais, en français ou en allemand (france, Frankreich).

    Maître du jeu (depuis l'adresse du maître seulement)
      MASTER <mot de passe du maître>   d'abord, puis au choix :
      CREATE <partie> [clé=valeur ...]  clés : variant rules deadline retreat
                                        adjust timezone at press reaction
                                        reminder password_optional spy_at_start
                                        max_absence draws concessions
                                        clear_votes show_votes approve_takeovers
                                        grace abandon_after fake_press anonymous
                                        language ; par exemple `CREATE mapartie
                                        deadline=48h timezone=Europe/Paris
                                        press=grey language=fr`
      START <partie>   PROCESS <partie>   PAUSE <partie>   RESUME <partie>
      TERMINATE <partie>                terminer la partie en l'état :
                                        enregistrée comme terminée par le maître
                                        du jeu (ni vainqueur, ni nulle) ; chacun
                                        reçoit le résumé final
      SET DEADLINE <partie> <quand>     `24h` à partir de maintenant, ou
                                        `2025-03-30 20:00` dans le fuseau
                                        horaire de la partie
      ROLLBACK <partie> <phase>         rejouer à partir de cette phase
      PREVIEW <partie>                  ce que donneraient les ordres actuels
      PUBLISH HEAD <partie>             une fois la partie finie, envoyer à
                                        chaque joueur la dernière tête signée de
                                        son journal secret, pour en vérifier
                                        plus tard un export
      APPROVE <partie> <puissance>      donner une puissance sans joueur à qui
                                        l'a demandée
      REFUSE <partie> <puissance>       refuser la demande
      EJECT <partie> <puissance>        retirer le joueur d'une puissance
      BECOME <partie> <puissance>       agir pour la puissance dans la suite du
                                        courriel ; son joueur en reçoit une
                                        copie
