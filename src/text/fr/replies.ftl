# dipspy: the replies words, fr (joined after ../fr.ftl; a key lives in one file only).
#
# La réponse à un courriel (src/judge/session.rs, mod.rs, address.rs,
# fake_press.rs, texts.rs) : ce qui a été fait de chaque ligne, puis les
# ordres de chaque puissance connectée. Les marques `Line 3:`, `OK:`,
# `REJECTED:` et les mots des commandes restent tels quels ; le code
# indente les lignes des ordres.

# L'objet de la réponse.
replies-subject-none = Votre message { -judge(form: "to") }
replies-subject-re = Re: { $subject }
replies-own-address = Le courrier venu de l'adresse { -judge(form: "of") } lui-même n'est pas lu.

# La fin de la réponse.
replies-no-commands = Votre message ne contenait aucune commande. Envoyez HELP pour la liste des commandes.
replies-cut = Les lignes à partir de la ligne { $line } n'ont pas été lues : un message peut contenir au plus { $max } commandes.
replies-rejected-count = { $count ->
    [one] { $count } ligne refusée ; rien n'a été fait pour elle.
   *[other] { $count } lignes refusées ; rien n'a été fait pour elles.
}

# Erreurs de partie telles que la réponse les formule.
replies-unknown-game = il n'y a pas de partie nommée `{ $game }` (envoyez LIST pour la liste des parties de { -judge(form: "this") })
replies-empty-password = il faut un mot de passe
replies-unknown-rules = il n'existe pas de règles `{ $rules }` : écrivez rules=espionnite, rules=spionage ou les deux

# Lignes qui demandent une connexion ou le maître du jeu ; SIGN OFF, HELP, MASTER.
replies-after-failed-signon = non exécuté, car le SIGNON de la ligne { $line } a échoué
replies-master-not-player = non exécuté : c'est une commande de joueur ou un ordre ; { -game-master(form: "the") } la donne pour une puissance après `BECOME <partie> <puissance>`
replies-sign-on-first = non exécuté : connectez-vous d'abord, avec `SIGNON <puissance> <partie> <mot de passe>` au-dessus de cette ligne
replies-master-needed = non exécuté : les commandes { -game-master(form: "of") } demandent une ligne `MASTER <mot de passe>` au-dessus d'elles, envoyée depuis l'adresse { -game-master(form: "of") }
replies-signoff = fin des commandes : rien n'est lu au-delà
replies-help = le texte d'aide se trouve à la fin de cette réponse
replies-map-not-allowed = non exécuté : les cartes sont réservées aux joueurs et aux observateurs de la partie ; connectez-vous ou observez d'abord la partie avec OBSERVE
replies-history-not-allowed = non exécuté : l'historique est réservé aux joueurs et aux observateurs de la partie ; connectez-vous ou observez d'abord la partie avec OBSERVE
replies-master-signed-on = connecté en tant que { -game-master }
replies-master-refused = refusé : MASTER demande le mot de passe { -game-master(form: "of") }, envoyé depuis l'adresse { -game-master(form: "of") }
replies-signon-locked = connexion refusée : trop de mots de passe erronés ont été donnés pour { $power_the } dans la partie { $game }, ses connexions sont donc bloquées pendant un certain temps et le mot de passe n'est pas vérifié ; seuls les courriels dont le serveur { -judge(form: "of") } confirme qu'ils viennent de l'adresse du joueur passent, et { -game-master(form: "the") } peut lever le blocage
replies-master-locked = refusé : trop de mots de passe { -game-master(form: "of") } erronés ont été donnés, MASTER est donc bloqué pendant un certain temps et le mot de passe n'est pas vérifié ; seuls les courriels dont le serveur { -judge(form: "of") } confirme qu'ils viennent de l'adresse { -game-master(form: "of") } passent
replies-master-needs-authentication = refusé : MASTER n'est accepté que dans un courriel dont le serveur { -judge(form: "of") } confirme qu'il vient de l'adresse { -game-master(form: "of") }


# Une ligne qui peut contenir un mot de passe n'est citée que par son premier mot.
replies-quote-hidden = { $first } ... (la suite n'est pas reproduite : elle peut contenir un mot de passe)
replies-quote-secret = (non reproduite : cette ligne peut contenir un mot de passe)
replies-secret-line = non lue : cette ligne ressemble à une commande avec un mot de passe (SIGNON, JOIN, MASTER, SET PASSWORD...) mais n'en est pas une, donc rien n'en est reproduit ni gardé ; écrivez le mot de la commande en tête de ligne, en lettres simples
# La ligne qui suit une commande dont le mot de passe ou le code manque.
replies-secret-next-line = non lue : la commande au-dessus n'a pas son mot de passe ou son code, donc cette ligne peut être ce mot de passe ; rien n'en est lu, reproduit ni gardé. Écrivez le mot de passe sur la même ligne que sa commande (`SIGNON france mygame motdepasse`) et renvoyez le courrier

# Lignes d'ordres.
replies-order-stored = ordre enregistré : `{ $order }`
replies-order-stored-same = ordre enregistré : `{ $order }` (le même qu'avant)
replies-order-stored-replacing = ordre enregistré : `{ $order }`, à la place de `{ $replaced }`
replies-order-stored-plain = ordre enregistré
replies-order-replaces-nothing = { $error } ; il ne remplace aucun ordre précédent
replies-order-not-read = ordre non lu par la partie
replies-order-not-stored = ordre non enregistré : { $why }

# Les ordres d'une puissance connectée, à la fin de la réponse.
replies-no-phase = La partie { $game } n'a aucune phase en cours (elle n'a pas commencé, ou elle est terminée).
replies-orders-heading = Vos ordres pour { $power_the } dans la partie { $game }, { $phase_name } ({ $phase }) :
replies-orders-none = (aucun)
replies-spy-heading = Vos ordres d'espionnage (que seuls vous et { -judge(form: "the") } voyez) :
replies-waiting = Vous avez demandé d'attendre la { -deadline } (SET WAIT).
replies-later-heading = Vos ordres pour des phases ultérieures (PHASE), appliqués au début de leur phase :
replies-absences = Vos absences (SET ABSENCE) : { $spans }
replies-absence-span = du { $from } au { $to }
replies-deadline = Date limite : { $time }
replies-deadline-paused = Date limite : aucune tant que la partie est en pause

# SET ADDRESS et CONFIRM ADDRESS.
replies-address-code-sent = un code a été envoyé à { $address } ; { -judge(form: "the") } y écrira pour { $power_the } dans la partie { $game } dès qu'un courriel de cette adresse portera `CONFIRM ADDRESS` et le code (sous { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}) ; d'ici là, il écrit ici
replies-address-not-changed = adresse non modifiée : { $why }
replies-address-confirmed = confirmé : { -judge(form: "the") } écrit désormais à { $address } pour { $power_the } dans la partie { $game }
replies-observer-confirmed = confirmé : vous observez désormais la partie { $game } ; vous en recevrez les résultats

# Fausse presse.
replies-fake-press-sent = presse envoyée ({ $signed ->
    [yes] signée
   *[no] sans signature
}) à { $real }, adressée comme si elle allait à { $shown } (fausse presse ; { -game-master(form: "the") } connaît la vérité)
replies-press-not-sent = presse NON envoyée : { $why }

# Les repères de la réponse : chaque ligne du message est citée après
# « Ligne N : », suivie de son verdict, marqué OK ou REFUSÉ ; les
# remarques sous un ordre sont marquées NOTE ou ATTENTION.
replies-mark-line = Ligne { $line } :
replies-mark-ok = OK :
replies-mark-rejected = REFUSÉ :
replies-mark-note = NOTE :
replies-mark-warning = ATTENTION :
