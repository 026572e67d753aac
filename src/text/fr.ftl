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

# Termes : les mots que d'autres entrées partagent. Un terme (-nom) ne
# sert qu'à l'intérieur d'autres entrées.
-brand = dipspy

# Le vocabulaire partagé. Un terme à plusieurs formes prend un
# paramètre : { -judge(form: "of") } donne « de l'arbitre ». Les formes
# (form) : bare (le nom seul), cap (le nom seul, majuscule), the (avec
# l'article : élision, contraction), the-cap (même chose en début de
# phrase), of (de + article), to (à + article), this (démonstratif).
# Qui change un mot change toutes ses formes ici.
-judge = { $form ->
   *[bare] arbitre
    [the] l'arbitre
    [the-cap] L'arbitre
    [of] de l'arbitre
    [to] à l'arbitre
    [this] cet arbitre
}
-game-master = { $form ->
   *[bare] maître du jeu
    [cap] Maître du jeu
    [the] le maître du jeu
    [the-cap] Le maître du jeu
    [of] du maître du jeu
    [to] au maître du jeu
}
-spy-organisation = réseau d'espions
-reaction-phase = phase de réaction
-supply-centre = { $number ->
   *[one] centre de ravitaillement
    [other] centres de ravitaillement
}
-home-centre = { $number ->
   *[one] centre d'origine
    [other] centres d'origine
}
-deadline = { $number ->
   *[one] date limite
    [other] dates limites
}
-spy-report = { $number ->
   *[one] rapport d'espionnage
    [other] rapports d'espionnage
}

# Les puissances de la carte standard, par leur nom dans la carte
# (src/text/powers.rs), avec leur grammaire : .gender (feminine,
# masculine) et .elision (yes quand le nom commence par une voyelle ou
# un h muet). Une puissance sans terme garde le nom de sa carte, sans
# article.
-power-austria = Autriche
    .gender = feminine
    .elision = yes
-power-england = Angleterre
    .gender = feminine
    .elision = yes
-power-france = France
    .gender = feminine
    .elision = no
-power-germany = Allemagne
    .gender = feminine
    .elision = yes
-power-italy = Italie
    .gender = feminine
    .elision = yes
-power-russia = Russie
    .gender = feminine
    .elision = no
-power-turkey = Turquie
    .gender = feminine
    .elision = no

# Les formes du nom d'une puissance que les entrées demandent par
# { $power_<forme> } : $name est le terme, $gender et $elision sa
# grammaire. .the : la France, l'Allemagne, le Portugal ; .start : la
# même en début de phrase ; .of : de la France, de l'Allemagne, du
# Portugal ; .to : à la France, à l'Allemagne, au Portugal ; .as (après
# « en tant ») : que France, qu'Italie ; .list (dans une liste de
# puissances) : comme .the ; .gender (pour l'accord : bloqué, bloquée) :
# masculine ou feminine, feminine quand le terme ne le dit pas (une
# puissance).
power-forms = { $name }
    .gender = { $gender ->
        [masculine] masculine
       *[feminine] feminine
    }
    .the = { $gender ->
        [feminine] { $elision ->
            [yes] l'{ $name }
           *[no] la { $name }
        }
        [masculine] { $elision ->
            [yes] l'{ $name }
           *[no] le { $name }
        }
       *[none] { $name }
    }
    .start = { $gender ->
        [feminine] { $elision ->
            [yes] L'{ $name }
           *[no] La { $name }
        }
        [masculine] { $elision ->
            [yes] L'{ $name }
           *[no] Le { $name }
        }
       *[none] { $name }
    }
    .of = { $gender ->
        [feminine] { $elision ->
            [yes] de l'{ $name }
           *[no] de la { $name }
        }
        [masculine] { $elision ->
            [yes] de l'{ $name }
           *[no] du { $name }
        }
       *[none] { $elision ->
            [yes] d'{ $name }
           *[no] de { $name }
        }
    }
    .to = { $gender ->
        [feminine] { $elision ->
            [yes] à l'{ $name }
           *[no] à la { $name }
        }
        [masculine] { $elision ->
            [yes] à l'{ $name }
           *[no] au { $name }
        }
       *[none] à { $name }
    }
    .as = { $elision ->
        [yes] qu'{ $name }
       *[no] que { $name }
    }
    .list = { $gender ->
        [feminine] { $elision ->
            [yes] l'{ $name }
           *[no] la { $name }
        }
        [masculine] { $elision ->
            [yes] l'{ $name }
           *[no] le { $name }
        }
       *[none] { $name }
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
reason-belongs-to = { $unit } appartient { $power_to }
reason-unit-is = l'unité en { $province } est { $unit }
reason-move-to-own-province = une unité ne peut pas se déplacer dans la province où elle se trouve
reason-army-to-sea = une armée ne peut pas aller en { $province }, qui est une mer
reason-army-cannot-be-convoyed = une armée ne peut pas être convoyée de { $from } à { $to }
reason-not-next-to = { $dest } n'est pas adjacente à { $src }
reason-only-armies-convoyed = seules les armées peuvent être convoyées
reason-fleet-inland = une flotte ne peut pas aller en { $province }, qui est à l'intérieur des terres
reason-coast-sea = { $province } est une mer : elle n'a pas de côte
reason-coast-inland = { $province } est à l'intérieur des terres : elle n'a pas de côte
reason-coast-one = { $province } n'a qu'une côte, il ne faut donc pas la préciser : écrivez { $province }
reason-coast-no-such = { $province } n'a pas de côte { $coast ->
    [nc] nord
    [sc] sud
    [ec] est
   *[wc] ouest
} (ses côtes : { $coasts })
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
reason-convoy-paradox = paradoxe de convoi : l'armée ne bouge pas (règle de Szykman)
reason-no-convoy-route = pas de route de convoi
reason-own-unit = ne peut pas déloger { $unit }, une unité de sa propre puissance
reason-lost-head-to-head = battue par { $unit }, qui allait en sens inverse ({ $attack } contre { $defend })
reason-bounced-off = bloquée par { $unit } ({ $attack } contre { $hold })
reason-bounced-with = bloquée avec { $unit } ({ $attack } contre { $prevent })
reason-bounced = bloquée
reason-cut-by = soutien coupé par { $unit }
reason-cut = soutien coupé
reason-convoy-disrupted = délogée par { $unit } ; le convoi est rompu
reason-disbanded = dissoute
reason-no-dislodged-unit = pas d'unité délogée en { $province }
reason-dislodged-belongs-to = l'unité délogée en { $province } appartient { $power_to }
reason-dislodged-unit-is = l'unité délogée en { $province } est { $unit }
reason-then-disbanded = { $why } ; l'unité est dissoute
reason-retreat-which-coast = précisez quelle côte de { $province }
reason-cannot-retreat = ne peut pas retraiter en { $to } : { $why ->
    [attacker] elle ne peut pas retraiter d'où est venu son assaillant
    [occupied] cette province est occupée
    [standoff] cette province est restée vide après un blocage
   *[unreachable] elle ne peut pas atteindre cette province
}
reason-retreat-bounced = bloquée avec { $unit } ; les deux unités sont dissoutes
reason-no-builds = { $power_the } n'a aucune construction cet hiver
reason-builds-only = { $power_the } ne peut construire que { $count }
reason-no-builds-to-waive = { $power_the } n'a aucune construction à laquelle renoncer
reason-builds-used = toutes les constructions sont déjà utilisées
reason-no-removals = { $power_the } n'a aucune unité à retirer cet hiver
reason-already-removed = cette unité est déjà retirée
reason-removes-only = { $power_the } ne doit retirer que { $count }
reason-dummy-never-builds = { $power_the } est une puissance fantoche, et une puissance fantoche ne construit jamais
reason-not-home-centre = { $province } n'est pas un { -home-centre } { $power_of }
reason-not-supply-centre = { $province } n'est pas un { -supply-centre }
reason-does-not-own = { $power_the } ne possède pas { $province }
reason-occupied = { $province } est occupée
reason-build-which-coast = précisez sur quelle côte de { $province } construire la flotte (par exemple { $province }/{ $coast })
reason-army-cannot-build = une armée ne peut pas être construite en { $province }
reason-fleet-cannot-build = une flotte ne peut pas être construite en { $place }
reason-read-as = { $why } : lu comme `{ $order }`
reason-replaced = remplacé avant l'arbitrage (voir le journal secret)
reason-replaced-see-espionage = remplacé avant l'arbitrage (voir l'espionnage)
reason-dislodged = délogée
reason-unreadable = ordre illisible : { $error }
reason-spy-accepted = ordre d'espionnage accepté
reason-warn-support-hold-moving = { $unit } a l'ordre d'aller en { $dest } ; un soutien défensif ne l'aide pas
reason-warn-support-elsewhere = { $unit } a l'ordre d'aller en { $moving }, pas en { $dest } : ce soutien ne comptera pas
reason-warn-support-no-move = { $unit } n'a pas d'ordre pour aller en { $dest } : ce soutien ne comptera que si elle en reçoit un
reason-warn-convoy-no-move = { $unit } n'a pas d'ordre pour aller en { $dest } : ce convoi ne comptera que si elle en reçoit un
reason-warn-via-convoy-no-fleet = le mouvement vers { $dest } est ordonné par convoi et aucune flotte n'est en position de transporter l'armée : il échouera si aucun convoi n'est ordonné
reason-warn-not-next-no-fleet = { $dest } n'est pas adjacente à { $src } et aucune flotte n'est en position de convoyer l'armée : le mouvement échouera si aucun convoi n'est ordonné

# espionage
#
# Un ordre d'espionnage refusé : la raison, puis la règle (src/text/espionage.rs).
spy-rejected = { $reason } ({ $rule })
spy-refusal-espionnite-not-in-force = les règles Espionnite ne s'appliquent pas dans cette partie
spy-refusal-movement-only = espions, contre-espions et réactions n'agissent qu'aux phases de mouvement
spy-refusal-no-units = { $power_the } n'a aucune unité, donc aucun espion
spy-refusal-no-unit = il n'y a pas d'unité en { $province }
spy-refusal-no-dislodged-unit = il n'y a pas d'unité délogée en { $province }
spy-refusal-unit-is = l'unité en { $province } est { $unit }
spy-refusal-spy-on-own-unit = { $unit } est votre propre unité : espionnez une unité d'une autre puissance
spy-refusal-counter-spy-not-own = { $unit } appartient { $power_to } : un contre-espion protège une de vos propres unités
spy-refusal-reaction-not-unit-order = une réaction est un ordre pour une de vos unités
spy-refusal-reaction-not-own = { $unit } appartient { $power_to } : une réaction modifie une de vos propres unités
spy-refusal-spionage-not-in-force = les règles Spionage ne s'appliquent pas dans cette partie
spy-refusal-first-phase = l'espionnage n'est pas permis pendant la première phase de mouvement de la partie
spy-refusal-no-organisation = { $power_the } n'a pas de { -spy-organisation } : fondez-en un en hiver avec `+ S <centre d'origine>`
spy-refusal-exposed = le réseau { $power_of } a été démasqué ce tour-ci : il pourra de nouveau faire des Fakes à partir du tour suivant
spy-refusal-fake-names-unit-or-build = un Fake désigne une unité ou une construction
spy-refusal-fake-for-other = un Fake vise une unité (ou les constructions) d'une autre puissance
spy-refusal-could-not-retreat = { $unit } ne pourrait pas retraiter en { $place }
spy-refusal-not-home-centre = { $province } n'est pas un { -home-centre }
spy-refusal-does-not-own = { $power_the } ne possède pas { $province }
spy-refusal-occupied = { $province } est occupée
spy-refusal-cannot-build = { $type ->
    [A] une armée
   *[other] une flotte
} ne peut pas être construite en { $place }
spy-refusal-anti-names-other = un Anti désigne une autre puissance, dont il arrête les Fakes
spy-refusal-found-in-winter = un réseau se fonde pendant une phase d'ajustement d'hiver
spy-refusal-already-founded = { $power_the } a déjà un { -spy-organisation }
spy-refusal-not-home-centre-of = { $province } n'est pas un { -home-centre } { $power_of }
spy-refusal-found-occupied = { $province } est occupée : fondez le réseau dans un { -home-centre } vide
spy-refusal-orders-frozen = les ordres de la phase { $phase } sont figés et les { -spy-report(number: "other") } sont partis ; seules les réactions (RÉACTION) et les ordres Spionage sont acceptés maintenant
spy-refusal-reaction-phase-only = les réactions ne sont acceptées que pendant la { -reaction-phase }, qui s'ouvre après la { -deadline } de la phase { $phase }, quand les { -spy-report(number: "other") } sont envoyés
# Ce que rapporte l'espion d'une puissance (ESP-5, ESP-6).
spy-told-learned-nothing = Votre espion auprès de { $unit } n'a rien appris.
spy-told-reports = Votre espion auprès de { $unit } rapporte : { $seen }
spy-told-no-order = tient (aucun ordre donné)
# Les lignes publiques des règles Spionage (SPI-10).
spy-public-fake-stopped = Un Fake a été arrêté par un Anti : { $order } (unité { $adjective })
spy-public-collision = Des Fakes sont entrés en collision, aucun n'a pris effet : { $tried }. Réseaux démasqués pour le reste du tour : { $exposed }.
spy-public-tried = { $power_start } a tenté { $order }
# Une puissance nommée dans une liste de puissances (les démasquées d'une
# collision).
power-in-list = { $power_list }

# notices
#
# Ce que la partie annonce aux joueurs, aux observateurs et au maître du
# jeu (src/text/notice.rs). Chaque annonce a un .subject et un .body.
# {"  "} garde le retrait d'une commande.

notice-game-full =
    .subject = { -brand } { $game } : chaque puissance a son joueur
    .body =
        La dernière puissance de la partie { $game } a trouvé son joueur. Lancez la partie avec un courriel contenant

        {"  "}MASTER <mot de passe>
        {"  "}START { $game }

notice-power-assigned =
    .subject = La partie { $game } est complète : vous jouez { $shown_the }
    .body =
        La partie { $game } est complète. Vous jouez { $shown_the }. Connectez-vous avec

        {"  "}SIGNON { $power } { $game } <votre mot de passe>

notice-resigned =
    .subject = { $shown_start } a quitté la partie { $game }
    .body =
        { $shown_start } a quitté la partie { $game } ; la puissance n'a plus de joueur. Chacun peut la demander :

        {"  "}{ $command } { $power } { $game } <mot de passe>

notice-ended-before-start =
    .subject = { -brand } { $game } : la partie est terminée
    .body = { -game-master(form: "the-cap") } a mis fin à la partie { $game } avant son début.

notice-deadline-moved =
    .subject = { -brand } { $game } : nouvelle { -deadline } pour { $phase }
    .body = La { -deadline } de la phase { $phase } dans la partie { $game } est désormais { $deadline }.

notice-deadline-absence =
    .subject = { -brand } { $game } : { -deadline } déplacée pour une absence
    .body = La { -deadline } de la phase { $phase } dans la partie { $game } est { $deadline } : elle serait tombée pendant l'absence { $shown_of }.

notice-vote =
    .subject = { -brand } { $game } : un vote
    .body = Dans la partie { $game }, { $shown_the } { $how ->
        [draw-all] vote pour une nulle entre tous les survivants
        [draw-some] vote pour une nulle
        [no-draw] retire son vote pour la nulle
        [concede] concède la victoire { $to_to }
       *[no-concede] retire sa concession
    }.

notice-paused =
    .subject = { -brand } { $game } : la partie est en pause
    .body = { -game-master(form: "the-cap") } a mis la partie { $game } en pause pendant la phase { $phase }. Aucune phase n'est traitée et aucune { -deadline } ne court jusqu'à la reprise ; la nouvelle { -deadline } vous sera communiquée.

notice-resumed =
    .subject = { -brand } { $game } : la partie reprend
    .body = { -game-master(form: "the-cap") } a relancé la partie { $game }. Les ordres de la phase { $phase } sont attendus pour le { $deadline }.

notice-deadline-set-paused =
    .subject = { -brand } { $game } : nouvelle { -deadline } pour { $phase }
    .body = { -game-master(form: "the-cap") } a fixé la { -deadline } de la phase { $phase } dans la partie { $game } : à la reprise, il restera { $left } ({ $deadline } si la partie reprenait maintenant).

notice-deadline-set =
    .subject = { -brand } { $game } : nouvelle { -deadline } pour { $phase }
    .body = { -game-master(form: "the-cap") } a déplacé la { -deadline } de la phase { $phase } dans la partie { $game } au { $deadline }.

notice-due-paused = La partie reste en pause ; la { -deadline } vous sera communiquée à la reprise.
notice-due-by = Les ordres sont attendus pour le { $deadline }.

notice-rolled-back =
    .subject = { -brand } { $game } : retour à { $phase }
    .body =
        { -game-master(form: "the-cap") } a ramené la partie { $game } au début de la phase { $long } ({ $phase }). Tout ce qui a été joué depuis est annulé. Les ordres que chaque puissance avait donnés pour la phase { $phase } sont rétablis ; chaque joueur reçoit les siens.
        { $due }

notice-orders-again-subject = { -brand } { $game } : vos ordres pour { $phase }, de nouveau
notice-orders-again-heading = La partie { $game } est revenue au début de la phase { $phase }. Vos ordres rétablis :
notice-orders-none = (aucun)
notice-orders-again-later = Vos ordres pour des phases ultérieures (PHASE) rétablis :

notice-takeover-requested =
    .subject = { -brand } { $game } : une demande de reprise { $shown_of }
    .body =
        { $email } demande à reprendre { $shown_the } dans la partie { $game }.
        Répondez par un courriel contenant

        {"  "}MASTER <mot de passe>
        {"  "}APPROVE { $game } { $power }

        ou REFUSE { $game } { $power }.

notice-takeover-refused =
    .subject = { -brand } { $game } : votre demande a été refusée
    .body = { -game-master(form: "the-cap") } ne vous a pas confié { $shown_the } dans la partie { $game }.

notice-ejected =
    .subject = { -brand } { $game } : vous ne jouez plus { $shown_the }
    .body = { -game-master(form: "the-cap") } vous a retiré { $shown_the } dans la partie { $game }.

notice-why-ejected = { -game-master(form: "the") } a retiré son joueur
notice-why-late = ses ordres manquaient encore à la fin du délai de grâce
notice-why-missed = aucun ordre reçu { $streak ->
    [one] pendant { $streak } phase de mouvement
   *[other] pendant { $streak } phases de mouvement d'affilée
}
notice-why-abandoned = elle est abandonnée ({ $why })

notice-no-player =
    .subject = { -brand } { $game } : { $shown_start } n'a pas de joueur
    .body =
        { $shown_start } n'a plus de joueur dans la partie { $game } : { $why }. Ses unités tiennent jusqu'à ce que quelqu'un la reprenne.
        Pour la reprendre, envoyez

        {"  "}TAKEOVER { $power } { $game } <mot de passe>

notice-welcome-subject = { -brand } { $game } : vous jouez { $shown_the }
notice-welcome-intro =
    Vous jouez désormais { $shown_the } dans la partie { $game }. Connectez-vous avec

    {"  "}SIGNON { $power } { $game } <votre mot de passe>

    La partie en est à la phase { $long } ({ $phase }).
notice-welcome-orders = Les ordres { $shown_of } en vigueur :
notice-welcome-later = Ordres { $shown_of } pour des phases ultérieures (PHASE), appliqués au début de leur phase sauf si vous envoyez CLEAR :
notice-welcome-deadline = Date limite : { $deadline }

notice-new-player =
    .subject = { -brand } { $game } : { $shown_start } a un nouveau joueur
    .body = { $shown_start } a un nouveau joueur dans la partie { $game }.

notice-orders-late =
    .subject = { -brand } { $game } : vos ordres pour { $phase } sont en retard
    .body =
        La { -deadline } de la phase { $phase } dans la partie { $game } est passée et vos ordres sont incomplets.
        { $missing }
        { -judge(form: "the-cap") } attend jusqu'au { $until }. La phase sera alors traitée sans eux, et { $shown_the } sera déclarée abandonnée.

notice-waiting-for-late =
    .subject = { -brand } { $game } : en attente d'ordres en retard
    .body =
        La { -deadline } de la phase { $phase } dans la partie { $game } est passée. Ordres en retard de : { $late }.
        La phase sera traitée au plus tard le { $until }.

notice-processed-late =
    .subject = { -brand } { $game } : vos ordres pour { $phase } sont arrivés trop tard
    .body =
        La phase { $phase } a été traitée dans la partie { $game } sans tous vos ordres.
        { $missing }
        Les unités sans ordre ont tenu (une unité délogée est dissoute, une construction est abandonnée, un retrait est choisi pour vous).

notice-abandoned =
    .subject = { -brand } { $game } : vous ne jouez plus { $shown_the }
    .body = { $shown_start } est déclarée abandonnée dans la partie { $game } : { $why }. Vous pouvez demander à la reprendre avec TAKEOVER.

notice-reminder =
    .subject = { -brand } { $game } : ordres manquants pour la phase { $phase_of }
    .body =
        { $none ->
            [yes] { -judge(form: "the-cap") } n'a reçu de vous aucun ordre pour la phase { $phase_of } dans la partie { $game }.
           *[no] Vos ordres pour la phase { $phase_of } dans la partie { $game } sont incomplets.
        }
        { $missing }
        La { -deadline } est le { $deadline } ; les unités sans ordre tiennent (les retraites
        deviennent des dissolutions, les constructions sont abandonnées, les retraits sont choisis pour vous).

notice-advance-subject = { -brand } { $game } : vos ordres envoyés à l'avance pour { $phase }
notice-advance-heading = Partie { $game } : la phase { $long } ({ $phase }) a commencé. Voici ce que sont devenus les ordres envoyés plus tôt pour cette phase (et pour les phases qui n'ont pas été jouées) :
notice-advance-applied = appliqué
notice-advance-not-taken = non retenu : sa condition était fausse au début de la phase
notice-advance-dropped = ÉCARTÉ : { $why }
notice-advance-replaced = remplacé par un ordre ultérieur de votre part pour la même unité
notice-advance-closing = Les ordres appliqués sont vos ordres pour la phase ; vous pouvez les modifier comme d'habitude.

notice-confirm-address =
    .subject = Confirmez votre adresse pour { $shown_the } dans la partie { $game }
    .body =
        Le joueur { $shown_of } dans la partie { $game } a demandé { -judge(form: "to") } d'écrire désormais à cette adresse.

        Si c'était vous, répondez à ce courriel (ou écrivez { -judge(form: "to") } depuis cette adresse) avec la ligne

        {"  "}CONFIRM ADDRESS { $code }

        dans les { $days } jours. D'ici là, { -judge(form: "the") } continue d'écrire à l'ancienne adresse.
        Si vous n'avez rien demandé, ignorez ce courriel : rien ne change.

notice-address-changed =
    .subject = Votre adresse pour { $shown_the } dans la partie { $game } a changé
    .body = Comme demandé avec SET ADDRESS et confirmé depuis la nouvelle adresse, { -judge(form: "the") } écrit désormais à { $email } pour { $shown_the } dans la partie { $game }. Si vous n'avez rien demandé, écrivez immédiatement { -game-master(form: "to") }.

notice-confirm-observer =
    .subject = Confirmez que vous voulez observer la partie { $game }
    .body =
        On a demandé { -judge(form: "to") } d'envoyer les résultats de la partie { $game } à cette adresse.

        Si c'était vous, répondez à ce courriel (ou écrivez { -judge(form: "to") } depuis cette adresse) avec la ligne

        {"  "}CONFIRM ADDRESS { $code }

        dans les { $days } jours. Si vous n'avez rien demandé, ignorez ce courriel : rien ne vous sera envoyé.

notice-press-everybody = tout le monde
notice-press-master = { -game-master(form: "the") }
notice-press-anonymous = une puissance anonyme
notice-press-opening = -- Presse écrite par : { $signed } (pas par { -judge(form: "the") }) ; chacune de ses lignes est marquée « | » --
notice-press =
    .subject = Presse dans la partie { $game }, de { $signed }
    .body =
        De : { $signed }
        À : { $to }

        { $text }
notice-press-unsigned =
    .subject = Presse dans la partie { $game }, { $sender_of } (envoyée sans signature)
    .body =
        Presse non signée dans la partie { $game } ; cette copie, réservée { -game-master(form: "to") }, nomme son auteur.
        {"                     "}Véritable auteur : { $sender }
        Présentée aux destinataires comme :
        {"  "}De : { $signed }
        {"  "}À : { $to }

        { $text }
notice-fake-press-truth =
    .subject = Presse dans la partie { $game }, { $sender_of } (fausse presse : la vérité)
    .body =
        Fausse presse dans la partie { $game } ; cette copie, réservée { -game-master(form: "to") }, dit la vérité.
        Véritable auteur : { $sender }{ $unsigned ->
            [yes] {" "}(envoyée sans signature)
           *[no] {""}
        }
        Véritables destinataires : { $real }
        Présentée aux destinataires comme :
        {"  "}De : { $signed }
        {"  "}À : { $to }

        { $text }

notice-master-acted =
    .subject = { -brand } { $game } : { -game-master(form: "the") } a agi pour { $shown_the }
    .body = { -game-master(form: "the-cap") } a agi pour { $shown_the } dans la partie { $game } avec ce courriel ; la réponse { -judge(form: "of") } suit.

# lang: the reader's language
#
# SET LANGUAGE (src/judge/language.rs) : la confirmation est écrite dans
# la langue choisie ; { $choices } énumère les codes avec le nom de chaque
# langue dans cette langue.
reply-language-set = désormais, { -judge(form: "the") } vous écrit en français
reply-language-replies-only = désormais, { -judge(form: "the") } répond à votre courrier en français ; le courrier de vos parties garde sa langue : connectez-vous (SIGNON) avant SET LANGUAGE pour la changer aussi
reply-language-unknown = { -judge(form: "the") } n'écrit pas en `{ $tag }` : écrivez SET LANGUAGE suivi de l'un de ces codes : { $choices }

# help: the text of HELP
#
# Toute la réponse à HELP (src/command/words.rs). Les mots des commandes
# restent en anglais : ce sont ceux que l'arbitre lit.
help-text =
    { -brand } : jouer par courriel
    ===========================

    Écrivez une commande par ligne dans le corps d'un courriel en texte brut
    adressé { -judge(form: "to") }. Majuscules et minuscules sont équivalentes. Les
    lignes citées avec `>` et tout ce qui suit une ligne de signature `-- `
    sont ignorés ; les lignes qui commencent par `#` sont des commentaires.
    Chaque courriel reçoit une réponse qui dit ce qui a été fait de chaque
    ligne. Les mots des commandes restent en anglais.

    Sans se connecter (tout le monde)
      HELP                              ce texte
      LIST                              les parties de { -judge(form: "this") }
      LIST <partie>                     une partie : phase, { -deadline },
                                        puissances
      LIST MAPS                         les cartes proposées par { -judge(form: "this") } (le
                                        maître du jeu en choisit une avec
                                        `CREATE <partie> variant=<carte>`)
      JOIN <partie> <mot de passe>      rejoindre une partie en formation ; une
                                        puissance vous est tirée au sort quand
                                        la partie est complète (aussi `SIGN ON
                                        ?<partie> <mot de passe>`)
      JOIN <puissance> <partie> <mot de passe>
                                        rejoindre une partie en formation avec
                                        cette puissance
      TAKEOVER <puissance> <partie> <mot de passe>
                                        demander une puissance sans joueur dans
                                        une partie en cours ({ -game-master(form: "the") }
                                        peut devoir l'approuver)
      OBSERVE <partie>                  recevoir les résultats publics de la
                                        partie
      SUMMARY <partie>                  qui a joué chaque puissance et quand, et
                                        les { -supply-centre(number: "other") } année par
                                        année
      WHOGAME <partie>                  les joueurs et les observateurs (les
                                        adresses seulement si la partie n'est
                                        pas anonyme)
      CONFIRM ADDRESS <code>            depuis une nouvelle adresse : le code
                                        que { -judge(form: "the") } y a envoyé après SET
                                        ADDRESS
      SET LANGUAGE fr|de|en             la langue dans laquelle { -judge(form: "the") } vous
                                        écrit, pour toutes vos parties
      SIGN OFF                          rien n'est lu après cette ligne

    Jouer : commencez le courriel par SIGNON
      SIGNON <puissance> <partie> <mot de passe>
                                        par exemple `SIGNON F mapartie secret`,
                                        `SIGNON france mapartie secret`, ou
                                        comme sur d'autres arbitres par courriel
                                        `SIGN ON Fmapartie secret` (l'initiale
                                        devant la partie) (le mot de passe peut
                                        être omis si la partie le permet et que
                                        vous écrivez depuis l'adresse avec
                                        laquelle vous l'avez rejointe)
      puis, dans le même courriel, au choix :
      <ordres>                          un par ligne, par exemple `A par - bur`,
                                        `F lon - nth`, ordres d'espionnage,
                                        réactions ; un ordre pour une unité
                                        remplace votre ordre précédent pour
                                        cette unité. Chaque ordre est vérifié
                                        aussitôt : un ordre qui ne peut jamais
                                        être exécuté (pas d'unité, provinces non
                                        adjacentes, construction sur un centre
                                        où vous ne pouvez pas construire...) est
                                        REFUSÉ et ne remplace rien ; un ordre
                                        qui a peu de chances de réussir (un
                                        soutien à un mouvement que votre unité
                                        n'a pas reçu l'ordre de faire) est
                                        enregistré avec la mention ATTENTION. La
                                        réponse liste les unités encore sans
                                        ordre.
      CLEAR                             retirer les ordres donnés avant ce
                                        courriel, y compris ceux des phases
                                        ultérieures (les ordres de ce courriel
                                        restent)
      PHASE <saison> <année> <type>     les ordres qui suivent sont pour cette
                                        phase ultérieure, par exemple `PHASE
                                        Fall 1902 Retreats`, `PHASE F1902R`,
                                        `PHASE Winter 1902` ; ils sont lus sur
                                        la carte dès maintenant et appliqués au
                                        début de la phase, aux unités qui s'y
                                        trouvent alors (un ordre dont l'unité a
                                        disparu est écarté, et vous en êtes
                                        averti). Ils vont jusqu'à la ligne PHASE
                                        suivante ou la fin du courriel
      IF <condition>                    les ordres qui suivent ne comptent que
      <ordres>                          si la condition est vraie au début de la
      ELSE IF <condition>               phase (pour la phase en cours :
      <ordres>                          maintenant). Une condition nomme une
      ELSE                              province et éventuellement une puissance
      <ordres>                          et un type d'unité, dans n'importe quel
      ENDIF                             ordre : `IF A bur`, `IF NOT F eng`, `IF
                                        france A bur AND NOT F eng` ; AND et OR
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
      SET ABSENCE <date> [TO <date>]    aucune { -deadline } ne tombe pendant
                                        votre absence (dates comme 2025-07-01, à
                                        l'heure de la partie)
      SET NO ABSENCE                    retirer vos absences
      SET PASSWORD <nouveau>            changer votre mot de passe
      SET ADDRESS <adresse>             faire écrire { -judge(form: "the") } à une autre
                                        adresse : il y envoie un code, et le
                                        changement est fait quand cette adresse
                                        répond avec CONFIRM ADDRESS <code>
      HISTORY <partie> [<phase>]        les phases jouées ; les ordres et
                                        résultats d'une phase (par exemple
                                        `HISTORY mapartie S1901M`)
      MAP <partie> [<phase>] [BEFORE]   une image du plateau (PNG) : maintenant,
                                        ou pour une phase jouée : ses ordres,
                                        ses résultats et le plateau après eux
                                        (BEFORE : les ordres sur le plateau
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
      PRESS TO M                        un message { -game-master(form: "to") }
      BROADCAST [ANON]                  un message à tous les joueurs et
      <votre texte>                     observateurs
      ENDPRESS
      Fausse presse, si la partie le permet ({ -game-master(form: "the") } connaît toujours
      la vérité) :
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
    en anglais, en français ou en allemand (`france`, `Frankreich`).

    Maître du jeu (depuis l'adresse du maître seulement)
      MASTER <mot de passe du maître>   d'abord, puis au choix :
      CREATE <partie> [clé=valeur ...]  clés : variant rules deadline retreat
                                        adjust timezone at press reaction
                                        reminder password_optional spy_at_start
                                        max_absence draws concessions
                                        clear_votes show_votes approve_takeovers
                                        grace abandon_after fake_press anonymous
                                        language ; par exemple `CREATE mapartie
                                        deadline=48h timezone=Europe/Paris
                                        press=grey language=fr`
      START <partie>   PROCESS <partie>   PAUSE <partie>   RESUME <partie>
      TERMINATE <partie>                terminer la partie en l'état :
                                        enregistrée comme terminée par le maître
                                        du jeu (ni vainqueur, ni nulle) ; chacun
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
      UNLOCK <partie> <puissance>       lever le blocage dû à des mots de passe
                                        erronés (UNLOCK MASTER : celui de MASTER)
      BECOME <partie> <puissance>       agir pour la puissance dans la suite du
                                        courriel ; son joueur en reçoit une
                                        copie

# La partie espionnage de HELP, après help-text (src/command/words.rs).
# Chaque exemple entre apostrophes inverses doit être un ordre que
# l'arbitre accepte, dans les mots d'ordre de cette langue
# (tests/it/help_orders.rs les vérifie).
help-espionage =
    Ordres d'espionnage, dans les parties avec règles d'espionnage (un par
    ligne parmi vos ordres ; les mots s'écrivent aussi en anglais ou en
    allemand)
      Espionnite, en phase de mouvement :
      ESPION <unité>                    espionner une unité d'une autre
                                        puissance : quand les ordres sont
                                        figés, son ordre vous est révélé, par
                                        exemple
                                        `ESPION A mun`
      CONTRE-ESPION <unité>             protéger une de vos unités des espions,
                                        par exemple
                                        `CONTRE-ESPION F bre`
      RÉACTION <ordre>                  une fois les ordres figés et les
                                        { -spy-report(number: "other") }
                                        envoyés : remplacer l'ordre d'UNE
                                        de vos unités, par exemple
                                        `RÉACTION A par - bur`
      RÉACTION AUCUNE                   vous gardez vos ordres tels quels
                                        `RÉACTION AUCUNE`
      Spionage (une fois que votre puissance a un { -spy-organisation }) :
      + ESPION <{ -home-centre }>       en phase d'ajustement, fonder votre
                                        réseau d'espions dans un centre
                                        d'origine vide, par exemple
                                        `+ ESPION par`
      ESPION FAKE <ordre>               un Fake : un ordre pour l'unité d'une
                                        autre puissance, qui remplace le sien,
                                        par exemple
                                        `ESPION FAKE A mun - ruh`
                                        avec entre parenthèses le Fake de la
                                        phase de retraite :
                                        `ESPION FAKE A mun - ruh (R: kie)`
                                        en phase de retraite :
                                        `ESPION FAKE A mun boh`
                                        en phase d'ajustement :
                                        `ESPION FAKE ber A`
                                        `ESPION FAKE remove F kie`
      ESPION ANTI <puissance>           un Anti : arrête les Fakes de cette
                                        puissance contre vous, par exemple
                                        `ESPION ANTI Allemagne`
      Formes courtes : S F, S A, + S.

# ---------------------------------------------------------------------
# sendtime: notices put into words per reader
# ---------------------------------------------------------------------

# Des mots de passe erronés bloquent les connexions d'une puissance
# (src/text/notice/guessing.rs) : l'avis au joueur, et celui au maître du
# jeu. L'objet est le même.
notice-signon-locked =
    .subject = Mots de passe erronés pour { $shown_the } dans la partie { $game } : connexions bloquées
    .body =
        { $after } mots de passe erronés pour { $shown_the } dans la partie { $game } sont parvenus { -judge(form: "to") } en { $minutes } minutes.

        Les connexions en tant { $shown_as } sont désormais bloquées pendant { $minutes } minutes : le mot de passe n'est pas vérifié entre-temps, même le bon, quelle que soit l'adresse d'où vient le courriel. Seuls les courriels dont le serveur { -judge(form: "of") } confirme qu'ils viennent de l'adresse avec laquelle vous jouez passent (là où { -judge(form: "the") } vérifie les expéditeurs). { -game-master(form: "the-cap") } peut lever le blocage. Si quelqu'un essaie de deviner votre mot de passe, choisissez-en un plus solide avec SET PASSWORD dès que vous pourrez vous connecter de nouveau.

        Vous n'êtes averti qu'une fois ; les mots de passe erronés suivants ne vous seront pas signalés.
notice-signon-locked-master =
    .subject = Mots de passe erronés pour { $shown_the } dans la partie { $game } : connexions bloquées
    .body = { $after } mots de passe erronés pour { $shown_the } dans la partie { $game } sont parvenus { -judge(form: "to") } en { $minutes } minutes. Les connexions en tant { $shown_as } sont bloquées pendant { $minutes } minutes depuis toute adresse (seuls les courriels authentifiés venant de l'adresse du joueur passent). Levez le blocage avec `dipspy master unlock { $game } { $shown }`, ou par courriel avec `UNLOCK { $game } { $shown }` après votre ligne MASTER. Le joueur a été averti.
# Des mots de passe du maître du jeu erronés bloquent MASTER
# (src/judge/guessing.rs), au maître du jeu.
notice-master-locked =
    .subject = Mots de passe { -game-master(form: "of") } erronés : MASTER bloqué
    .body = { $after } mots de passe { -game-master(form: "of") } erronés sont parvenus { -judge(form: "to") } en { $minutes } minutes. MASTER est bloqué pendant { $minutes } minutes : le mot de passe { -game-master(form: "of") } n'est pas vérifié entre-temps, même le bon, quelle que soit l'adresse d'où vient le courriel (seuls les courriels dont le serveur { -judge(form: "of") } confirme qu'ils viennent de votre adresse passent). Levez le blocage avec `dipspy master unlock master`. Si quelqu'un essaie de deviner le mot de passe { -game-master(form: "of") }, changez-le.

# HISTORY par courriel (src/text/history.rs) : l'en-tête, une ligne par
# phase, et la note sous une phase traitée sans résultats enregistrés.
history-heading = Historique de la partie { $game } :
history-phase = {"  "}{ $phase } ({ $status })
history-no-results = {"    "}(aucun résultat n'a été enregistré pour cette phase)

# words: game errors
#
# Pourquoi une commande de partie a été refusée (src/text/error.rs, une clé
# par variante de src/game/error.rs). { game-status } est l'état de la
# partie, choisi selon $status (l'état enregistré : forming, active,
# paused, finished).
game-status = { $status ->
    [forming] encore en formation (pas commencée)
    [active] en cours
    [paused] en pause
    [finished] terminée
   *[other] { $status }
}
error-unknown-game = il n'y a pas de partie nommée `{ $game }` (voir `dipspy game list`)
error-duplicate-game = une partie nommée `{ $game }` existe déjà ; choisissez un autre nom
error-bad-game-name = `{ $game }` n'est pas un nom de partie utilisable : employez des lettres, des chiffres, `-` et `_` (32 au plus)
error-unknown-power = la partie { $game } n'a pas de puissance `{ $power }` (puissances : { $known })
error-unknown-variant = variante inconnue `{ $variant }` : LIST MAPS par courriel (ou `dipspy maps`) donne la liste des cartes proposées par { -judge(form: "this") }
error-unknown-rules = jeu de règles inconnu `{ $rules }` (connus : espionnite, spionage)
error-bad-duration = `{ $text }` n'est pas un délai : écrivez-le sous la forme 48h, 30m, 2d ou 1d12h
error-bad-time-of-day = `{ $text }` n'est pas une heure de la journée : écrivez-la sous la forme 20:00
error-bad-timezone = fuseau horaire inconnu `{ $text }` : utilisez un nom comme Europe/Paris, America/New_York ou UTC
error-status-takes-no-orders = la partie { $game } est { game-status } : elle n'accepte pas d'ordres
error-status-no-phase-being-played = la partie { $game } est { game-status } : aucune phase n'y est en cours
error-status-not-started = la partie { $game } est { game-status } : elle n'a pas commencé
error-status-over = la partie { $game } est { game-status } : elle est terminée
error-status-takes-no-absences = la partie { $game } est { game-status } : elle n'accepte pas d'absences
error-status-only-running-paused = la partie { $game } est { game-status } : seule une partie en cours peut être mise en pause
error-status-only-paused-resumed = la partie { $game } est { game-status } : seule une partie en pause peut reprendre
error-status-no-phase-with-deadline = la partie { $game } est { game-status } : elle n'a aucune phase avec une { -deadline }
error-status-join-before-start = la partie { $game } est { game-status } : on ne peut rejoindre une partie qu'avant son début
error-status-all-powers-taken = la partie { $game } est { game-status } : chaque puissance a déjà son joueur
error-status-takeover-only-running = la partie { $game } est { game-status } : on ne peut reprendre que les puissances d'une partie en cours
error-status-no-phase-to-wait-for = la partie { $game } est { game-status } : il n'y a aucune phase à attendre
error-status-no-phase-to-preview = la partie { $game } est { game-status } : il n'y a aucune phase dont montrer l'aperçu
error-power-taken = { $power_start } a déjà un joueur dans la partie { $game }
error-already-joined = { $email } a déjà rejoint la partie { $game }
error-bad-email = `{ $text }` n'est pas une adresse électronique
error-empty-password = un joueur doit avoir un mot de passe (--password)
error-dummy-power = { $power_start } est une puissance fantoche dans la partie { $game } : personne ne la joue, et c'est { -game-master(form: "the") } qui donne les ordres à ses unités
error-not-full = la partie { $game } ne peut pas commencer : personne ne joue encore { $missing }
error-wrong-phase = la partie { $game } en est à { $current }, pas à { $given } : les ordres pour { $given } ne sont pas acceptés (les ordres n'ont pas été enregistrés)
error-bad-phase = `{ $text }` n'est pas une phase : écrivez-la sous la forme S1901M, F1901R, W1901A ou `Spring 1901 Movement`
error-not-vacant = { $power_start } n'est pas vacante dans la partie { $game } : seule une puissance sans joueur peut être reprise
error-no-takeover = personne n'a demandé à reprendre { $power_the } dans la partie { $game }
error-not-played = personne ne joue { $power_the } dans la partie { $game }
error-phase-not-played = la partie { $game } n'a pas joué { $phase } (phases jouées : { $played })
error-vote-refused = vote refusé : { $why }
error-no-such-phase = la partie { $game } n'a pas de phase traitée { $phase } à laquelle revenir
error-eliminated-give-orders = { $power_start } a été éliminée de la partie { $game } et ne peut plus donner d'ordres
error-eliminated-ask-to-wait = { $power_start } a été éliminée de la partie { $game } et ne peut plus demander d'attendre
error-eliminated-change-password = { $power_start } a été éliminée de la partie { $game } et ne peut plus changer de mot de passe
error-eliminated-resign = { $power_start } a été éliminée de la partie { $game } et ne peut plus abandonner
error-eliminated-vote = { $power_start } a été éliminée de la partie { $game } et ne peut plus voter
error-frozen = les ordres de la partie { $game } pour { $phase } sont figés pour la { -reaction-phase } : envoyez RÉACTION pour une unité, ou RÉACTION AUCUNE
error-no-orders = aucun ordre dans le texte reçu (seulement des lignes vides ou des commentaires) ; rien n'a été enregistré
error-corrupt = la partie { $game } enregistrée est endommagée : { $what }
error-database = erreur de base de données : { $error }
damage-map-file = sa carte `{ $variant }` : { $error }
damage-unknown-variant = variante inconnue `{ $variant }`
damage-settings = réglages : { $error }
damage-position = phase { $phase } : { $error }
damage-stored-order = l'ordre enregistré `{ $text }` n'est plus lisible : { $error }
damage-power-missing = puissance { $power } manquante
damage-unknown-power = puissance inconnue `{ $name }`
damage-unknown-province = province inconnue `{ $name }`
damage-unreadable-unit = unité illisible `{ $unit }`
damage-replayed-phase-missing = la phase rejouée est manquante
error-no-press = la partie { $game } n'autorise pas la presse : le message n'a pas été transmis
error-no-grey-press = la partie { $game } n'autorise que la presse signée (blanche) : envoyez-la sans ANON ; le message n'a pas été transmis
error-nobody-left = PRESS TO ALL BUT ne laisse aucune puissance de la partie { $game } à qui écrire : nommez moins de puissances ; le message n'a pas été transmis
error-bad-time = `{ $text }` n'est pas une heure : écrivez `24h` (à partir de maintenant) ou `2025-03-30 20:00` (à l'heure de la partie)
error-past-deadline = la { -deadline } { $time } est déjà passée ; donnez une heure plus tardive
error-absence-date = `{ $text }` n'est pas une date que { -judge(form: "the") } accepte : écrivez-la sous la forme 2025-03-30 (une année de 1000 à 9998)
error-absence-backwards = l'absence se termine avant de commencer : écrivez d'abord la date la plus ancienne
error-absence-past = l'absence est déjà terminée : donnez des dates à partir d'aujourd'hui
error-absence-too-long = une absence peut durer au plus { $max ->
    [one] { $max } jour
   *[other] { $max } jours
} dans la partie { $game } ; demandez-en une plus longue { -game-master(form: "to") } (PRESS TO M)
error-not-an-address = `{ $text }` n'est pas une adresse électronique : écrivez-la sous la forme anne@example.org
error-address-same = { -judge(form: "the") } vous écrit déjà à cette adresse
error-address-in-use = cette adresse est déjà utilisée dans la partie { $game } : donnez-en une autre
error-address-no-such-code = aucun changement d'adresse n'attend ce code depuis cette adresse (un code ne sert qu'une fois, pendant { $days } jours, et seulement depuis la nouvelle adresse à laquelle il a été envoyé)
error-address-stale = la puissance a changé de joueur depuis la demande de changement ; refaites la demande avec SET ADDRESS
error-fake-not-allowed = la partie { $game } n'autorise pas la fausse presse ({ -game-master(form: "the") } crée de telles parties avec fake_press=yes) : envoyez la presse sans FAKE
error-fake-to-master = la presse adressée { -game-master(form: "to") } n'est jamais falsifiée : écrivez { -game-master(form: "to") } sans FAKE
error-fake-nothing = une diffusion générale va déjà à tout le monde : nommez les puissances auxquelles elle est réellement destinée, comme dans `PRESS TO E, G FAKE BROADCAST` ou `BROADCAST TO E, G FAKE`

# words: settings
#
# Les réglages d'une partie, un par ligne, pour LIST <partie> et
# `dipspy game show` (src/text/settings.rs). Les durées s'écrivent 2d 4h,
# 3h 30m, 45m ; les arguments oui/non sont les identifiants `yes` et `no`.
settings-rules-and = { $first } et { $second }
settings-espionage = espionnage : { $rules }{ $espionnite ->
    [yes] {"\u00A0"}; délai de réaction : { $reaction } après le gel des ordres
   *[no] {""}
}{ $spionage ->
    [yes] {"\u00A0"}; spy_at_start : { $spy_at_start ->
        [yes] oui (chaque puissance a un { -spy-organisation } dès le début)
       *[no] non (les réseaux d'espions se fondent en hiver)
    }
   *[no] {""}
}
settings-deadlines = délais : mouvements { $movement }, retraites { $retreats }, ajustements { $adjustments } ({ $timezone })
settings-deadlines-at = délais : mouvements { $movement }, retraites { $retreats }, ajustements { $adjustments }, à { $at } ({ $timezone })
settings-press = presse : { $press ->
        [none] aucune
        [white] blanche
        [grey] grise
       *[other] { $press }
    } ; rappels : aucun
settings-press-reminders = presse : { $press ->
        [none] aucune
        [white] blanche
        [grey] grise
       *[other] { $press }
    } ; rappels : { $reminder } avant une { -deadline }
settings-votes = nulles : { $draws } ; concessions : { $concessions ->
    [yes] oui
   *[no] non
} ; votes { $kept ->
    [yes] conservés d'une phase à l'autre
   *[no] effacés à chaque phase
} et { $shown ->
    [yes] annoncés
   *[no] secrets
}
settings-players = absences : jusqu'à { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} ; ordres en retard : { $late ->
    [wait] attendus pendant { $grace }, puis la puissance est abandonnée
   *[disorder] traités aussitôt, en désordre civil
} ; abandon : { $abandon ->
    [0] jamais ({ -game-master(form: "the") } décide)
    [one] après { $abandon } phase de mouvement sans ordres
   *[other] après { $abandon } phases de mouvement sans ordres
} ; reprises : { $approve ->
    [yes] approuvées par { -game-master(form: "the") }
   *[no] libres
}
settings-pictures = images du plateau : { $pictures }
settings-fake-press = fausse presse : { $fake ->
    [yes] autorisée
   *[no] interdite
} ; adresses des joueurs : { $anonymous ->
    [yes] secrètes (partie anonyme)
   *[no] affichées par WHOGAME
}

# words: order lines refused
#
# Pourquoi une ligne d'ordre, un ordre pour une phase ultérieure ou un
# ordre futur enregistré a été refusé ou écarté (src/text/refused.rs). Les
# ordres sont en notation (`A par - bur`) ; $phase_name est le nom long
# d'une phase.
phase-name = { $season ->
    [spring] Printemps
    [fall] Automne
   *[winter] Hiver
} { $year } { $kind ->
    [movement] Mouvements
    [retreat] Retraites
   *[adjustment] Ajustements
}
    .the = { $season ->
        [spring] le printemps
        [fall] l'automne
       *[winter] l'hiver
    } { $year } ({ $kind ->
        [movement] mouvements
        [retreat] retraites
       *[adjustment] ajustements
    })
    .of = { $season ->
        [spring] du printemps
        [fall] de l'automne
       *[winter] de l'hiver
    } { $year } ({ $kind ->
        [movement] mouvements
        [retreat] retraites
       *[adjustment] ajustements
    })
refused-not-an-order = `{ $what }` : ni une commande connue de { -judge(form: "this") }, ni le début d'un ordre ; envoyez HELP pour la liste des commandes (un ordre commence par une unité ou une province, comme dans `A par - bur`)
refused-unreadable = impossible de lire l'ordre { $error }
refused-unreadable-as = impossible de lire l'ordre comme un ordre pour la phase { $phase } { $error }
refused-no-espionage = `{ $order }` est un ordre d'espionnage, et la partie { $game } se joue sans règles d'espionnage
refused-frozen = `{ $order }` ne peut pas être accepté : les ordres de la phase { $phase } sont figés pour la { -reaction-phase } ; modifiez une unité avec RÉACTION { $order } (ESP-7)
refused-late = la phase { $phase } a été traitée le { $at } ; ces ordres n'ont pas été utilisés
refused-no-spying-in-blocks = les ordres d'espionnage (espion, contre-espion, Fake, Anti, réaction, fondation d'un réseau) ne sont jamais acceptés pour une phase ultérieure ni dans un IF ... ENDIF : envoyez-les sans condition pendant la phase qu'ils concernent
refused-already-over = { $target } ({ $target_name }) est déjà passée : la partie { $game } en est à { $current }
refused-never-army-stands = `{ $order }` ne pourra jamais être exécuté : une armée ne peut pas se trouver en { $province }
refused-never-fleet-stands = `{ $order }` ne pourra jamais être exécuté : une flotte ne peut pas se trouver en { $province }
refused-never-leads = `{ $order }` ne pourra jamais être exécuté : { $from } ne mène pas à { $to } sur cette carte
refused-never-build-site = `{ $order }` ne pourra jamais être exécuté : { $province } n'est pas un des { $sites ->
    [home] { -home-centre(number: "other") }
   *[any] { -supply-centre(number: "other") }
} { $power_of }
refused-unknown-unit-test = `{ $words }` n'est pas un test d'unité que cette carte connaît : écrivez une province, et éventuellement une puissance et un type d'unité, comme dans `A bur`, `france A bur` ou `french army ruhr`
refused-no-power = aucune puissance `{ $power }`
refused-condition-unreadable = sa condition est illisible : { $error }
refused-stored-unreadable = il est illisible { $error }
refused-not-played = { $phase } ({ $phase_name }) n'a pas été jouée (la partie est passée à { $current })
refused-phase-unreadable = sa phase est illisible
refused-cannot-carry-out = `{ $order }` ne peut pas être exécuté : { $reason }

# words: views
#
# Des éléments des vues d'une partie (src/text/views.rs).
error-none-yet = rien pour l'instant
view-dislodged = { $power } { $unit } : { $count ->
    [0] aucune retraite possible
   *[other] peut retraiter en { $retreats }
}
view-missing-units = Encore sans ordre : { $units }
view-missing-dislodged-unit = { $unit } (délogée)
view-missing-removals = Encore à faire : { $count ->
    [one] { $count } retrait
   *[other] { $count } retraits
}
view-missing-builds = Encore à faire : { $count ->
    [one] { $count } construction (ou WAIVE)
   *[other] { $count } constructions (ou WAIVE pour chacune)
}
view-absence-span = du { $first } au { $last } (heure de la partie, { $timezone })
view-by-default = { $what ->
    [disbanded] { $power } { $unit } : dissoute (aucun ordre)
    [civil_disorder] { $power } { $unit } : retirée (désordre civil, aucun ordre)
   *[builds_unused] { $power } : { $count ->
        [one] { $count } construction non faite
       *[other] { $count } constructions non faites
    }
}

# words: order parser
#
# Pourquoi une ligne d'ordre n'a pas pu être lue (src/text/parse.rs) :
# « à la colonne 9 : attendu `-`, `S`, `C` ou `H` après l'unité, trouvé
# `bur` ». Ce qu'attend la grammaire est énuméré avec parse-list ; les
# ordres entre accents graves sont de la notation et restent tels quels.
parse-error = à la colonne { $column } : attendu { $expected }, trouvé { $found }
parse-found-token = `{ $token }`
parse-found-end = la fin de la ligne
parse-list = { $init } ou { $last }
parse-after-unit = { $what } après l'unité
parse-after-convoyed-army = { $what } après l'armée convoyée
parse-other-phase = { $what } ({ $kind ->
    [hold] un ordre de tenir
    [move] un mouvement
    [support] un soutien
    [convoy] un convoi
    [retreat] une retraite
    [disband] une dissolution
    [build] une construction
    [removal] un retrait
   *[waive] une renonciation
} n'est pas un ordre de phase { $phase ->
    [movement] de mouvement
    [retreat] de retraite
   *[adjustment] d'ajustement
})
parse-examples = { $phase ->
    [movement] un ordre comme `A par H`, `A par - bur`, `F mar S A par - bur` ou `F nth C A lon - nwy`
    [retreat] une retraite comme `A mun R boh` ou une dissolution comme `A mun D`
   *[adjustment] une construction comme `Build A par`, un retrait comme `Remove F kie`, ou `Waive`
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
parse-want-end = la fin de l'ordre
parse-want-coast = une côte (`nc`, `sc`, `ec` ou `wc`)
parse-want-unit-type = un type d'unité (`A` ou `F`)
parse-want-province = un nom de province comme `{ $abbr }` ou `{ $name }`
parse-want-order = un ordre
parse-want-nation = une puissance comme `{ $name }`
parse-want-nation-default = une puissance comme `france` ou `Frankreich`

# words: replay
#
# Ce que `dipspy game replay` a trouvé de différent de ce qui est
# enregistré (src/text/replay.rs), pour l'arbitre. Les issues sont des
# identifiants (`moved`) ; $stored vaut `none` quand aucun résultat n'a été
# enregistré.
replay-espionage-at-start = espionnage au début de la partie : { $difference }
replay-order-result = ordre `{ $order }` : enregistré { $stored ->
    [none] sans résultat
   *[other] { $stored }
} ({ $stored_reason }), recalculé { $recomputed } ({ $recomputed_reason })
replay-reactions-never-opened = réactions dues (reaction_opened_at) : la phase a été traitée mais sa { -reaction-phase } n'a jamais été ouverte (ESP-7)
replay-espionage-carried = espionnage reporté depuis { $from } : { $difference }
replay-produced-missing = la phase qu'elle a produite est manquante
replay-next-position = la position suivante enregistrée diffère de la position recalculée :
    {"  "}enregistrée : { $stored }
    {"  "}recalculée :  { $recomputed }
replay-future-decision = ordre futur `{ $order }` { $power_of } : enregistré { $stored }, décidé à nouveau { $again }
replay-future-not-applied = l'ordre futur `{ $order }` { $power_of } est appliqué, mais aucun ordre de la phase n'en provient
replay-spy-order = ordre d'espionnage `{ $order }` { $power_of } : { $field } enregistré `{ $stored }`, le journal secret a consigné `{ $logged }`
replay-spy-order-unlogged = ordre d'espionnage `{ $order }` { $power_of } : le journal secret n'a aucune trace de sa réception
replay-spy-order-missing = ordre d'espionnage `{ $order }` { $power_of } : le journal secret a consigné sa réception, mais il n'est plus enregistré

# mails: the long mails
#
# Le courriel de début de partie, les rapports d'espionnage, l'avis de
# réaction et le dernier courriel d'une partie (src/text/start.rs,
# spy_report.rs, game_over.rs). Le code aligne les colonnes ; les mots
# sont ici.
mails-power-label = { $power } :

# Le courriel de début de partie (src/text/start.rs).
mails-start-subject = { -brand } { $game } : la partie a commencé
mails-start-intro =
    La partie { $game } a commencé.

    Carte : { $map }
mails-start-rules-standard = Règles : les règles standard, sans espionnage
mails-start-rules-espionage = Règles : les règles standard, avec { $espionage }
mails-start-players = Joueurs :
mails-start-players-secret = Joueurs : secrets (la partie est anonyme ; WHOGAME les montrera une fois la partie terminée)
mails-start-position = Position de départ :
mails-start-first-phase = La première phase est { $phase } ; les ordres sont attendus pour le { $deadline }.

# Espionnite : le rapport d'espionnage d'une puissance (ESP-6) et la phase
# de réaction (ESP-7).
mails-spy-report-subject = { -brand } { $game } : { -spy-report } { $phase_of }
mails-spy-report-heading = Rapport d'espionnage { $phase_of } (confidentiel).
mails-spy-report-no-order = Vous n'avez donné aucun ordre à votre espion pendant cette phase.
mails-spy-report-react =
    Vous pouvez maintenant remplacer l'ordre d'UNE de vos unités, par exemple
    {"  "}{ $example }
    ou indiquer que vous ne réagirez pas avec
    {"  "}{ $none }
    Une réaction ultérieure remplace la précédente. Les réactions sont closes le { $deadline } ; sans réaction, vos ordres restent tels que vous les avez donnés.
mails-reaction-opened =
    .subject = { -brand } { $game } : { -reaction-phase } { $phase_of }
    .body =
        Les ordres { $phase_of } sont figés et les { -spy-report(number: "other") } ont été envoyés.
        Chaque puissance peut maintenant modifier l'ordre d'une de ses unités avec RÉACTION, ou envoyer
        RÉACTION AUCUNE. La { -reaction-phase } se termine le { $deadline }, ou plus tôt si toutes
        les puissances qui ont des unités ont répondu.

# Comment une partie s'est terminée, et son dernier courriel
# (src/text/game_over.rs). $centres et $units arrivent alignés sur deux
# positions ; $ncentres et $nunits sont les nombres.
mails-ended-draw = une nulle entre { $powers }, acceptée par vote
mails-ended-conceded = une victoire { $power_of }, à qui les autres joueurs ont concédé la partie
mails-ended-master = terminée par { -game-master(form: "the") }
mails-ended-calendar = la fin du calendrier : aucune partie ne se joue au-delà de l'année { $year }
mails-ended-solo = une victoire en solo { $power_of }
mails-over-subject = { -brand } { $game } : la partie est terminée
mails-over-heading =
    La partie { $game } est terminée : { $how }.

    Centres de ravitaillement à la fin :
mails-over-count = { $centres } centres, { $units } unités
mails-over-picture = L'image montre le plateau à la fin de la partie.

# mails: secret log
#
# Les mots du journal secret, des marques de l'image de l'arbitre et de
# l'histoire de l'espionnage d'une phase sont ceux de l'arbitre seul :
# src/text/judge/en.ftl, qui n'est pas traduit.

# mails: results
#
# Les résultats d'une phase (src/text/results.rs) : le compte rendu que
# montrent les vues de l'arbitre, et le courriel de résultats qui
# l'entoure. $centres et $units arrivent alignés sur deux positions ;
# $ncentres et $nunits sont les nombres.
results-subject = { -brand } { $game } : résultats { $phase_of }
results-heading = { $phase } ({ $map })
results-outcome-succeeds = réussit
results-outcome-fails = échoue
results-outcome-invalid = invalide
results-outcome-void = sans effet
results-outcome-replaced = remplacé
results-verdict-why = { $outcome } : { $reason }
results-dislodged = Unités délogées :
results-dislodged-from = { $unit } { $adjective } (attaquée depuis { $from }) : { $options }
results-dislodged-convoy = { $unit } { $adjective } (attaquée par convoi) : { $options }
results-retreat-none = aucune retraite possible ; elle sera dissoute
results-retreat-to = peut retraiter en { $places }
results-standoffs = Blocages : { $provinces }
results-centres = Centres de ravitaillement :
results-centres-line = { $centres } centres, { $units } unités : { $list }
results-newly-taken = (* nouvellement pris)
results-next-phase = Phase suivante : { $phase }
results-no-order = (aucun ordre)
results-board = Le plateau maintenant :
results-changed = Centres qui ont changé de mains : { $list }
results-changed-from = { $province } → { $to } (auparavant { $from })
results-changed-to = { $province } → { $to }
results-nobody = personne
results-adjustments = { $phase } : { $counts }
results-builds = { $power_start } construit { $count }
results-removes = { $power_start } retire { $count }
results-no-adjustments = ni construction ni retrait
results-espionage = Espionnage :
results-missed = Aucun ordre reçu de : { $powers }
results-incomplete = Ordres incomplets de : { $powers }
results-eliminated = Éliminées : { $powers }
results-game-over = La partie est terminée : { $how }.
results-orders-due = Les ordres pour { $phase_the } sont attendus pour le { $deadline }.

# mails: signed heads
#
# Une tête signée du journal secret (src/text/signed_head.rs) ; le bloc
# signé suit le corps tel quel.
# The event after which a head was signed, as a signed head's mail names it.
mails-head-event-processed = phase traitée
mails-head-event-reaction = { -reaction-phase } ouverte
mails-head-event-ended = partie terminée
mails-head-signed =
    .subject = { -brand } { $game } : tête signée du journal secret après { $phase } (entrée { $seq })
    .body = Le journal secret de la partie { $game } après { $phase } ({ $event }) se termine à l'entrée { $seq } avec l'empreinte ci-dessous, signée avec la clé { -judge(form: "of") }. Conservez ce courriel : `dipspy secret-log { $game } --verify --against FILE` vérifie le journal par rapport aux têtes que vous avez conservées, et personne ne peut réécrire le journal sans disposer à la fois de la clé privée { -judge(form: "of") } et de votre boîte aux lettres.
mails-head-published =
    .subject = { -brand } { $game } : la dernière tête signée du journal secret
    .body = La partie { $game } est terminée. Son journal secret se termine à l'entrée { $seq } avec l'empreinte ci-dessous, signée avec la clé { -judge(form: "of") }. Quiconque reçoit un export du journal peut le vérifier par rapport à cette tête : les empreintes des entrées doivent mener à cette empreinte, et la signature doit être valide pour la clé publique { -judge(form: "of") } ({ $key }).

# mails: the judge's espionage picture
#
# Les légendes des marques sur l'image de l'espionnage d'une phase que
# dessine l'arbitre (src/game/pictures.rs), pour l'arbitre seul comme le
# journal secret.
# Les entrées que la partie ajoute au journal secret.
# Ce qu'affiche `dipspy game process` quand la phase de réaction s'ouvre.
mails-reaction-report = { $phase } : ordres figés, { -spy-report(number: "other") } envoyés ; { -reaction-phase } ouverte jusqu'au { $deadline }.

# mails: the judge's espionage story
#
# `game history PHASE`, unité par unité (src/game/esp_views.rs), pour
# l'arbitre seul comme le journal secret.

# mails: pictures
#
# Le titre de l'image qui accompagne le dernier courriel (src/game/draw.rs).
mails-final-picture-title = { $game } : la fin
