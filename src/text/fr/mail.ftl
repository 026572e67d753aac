# dipspy: the mail words, fr (joined after ../fr.ftl; a key lives in one file only).

# La note à l'expéditeur d'un courriel trop gros pour être lu (src/mail/inbox.rs).
# $size et $limit sont des tailles en octets, écrites en chiffres.
mail-too-large-body =
    Votre message n'a pas été lu : il fait { $size } octets et l'arbitre lit au plus { $limit } octets.
    Envoyez vos commandes en texte brut, sans pièce jointe.
    (Vous recevez cette note au plus une fois par heure.)

# Les avis au maître du jeu sur le courrier de l'arbitre (src/mail/health.rs).
# $failures : ce qui a échoué, une ligne par échec, tel que le serveur l'a dit.
mail-failing =
    .subject = { -brand } : le courrier de l'arbitre ne passe plus
    .body =
        Le courrier de l'arbitre échoue depuis le { $since } :
        {"  "}{ $failures }
        Lancez `dipspy check` et `dipspy status` sur la machine de l'arbitre ; le courrier attend dans la file d'envoi et sera renvoyé.
mail-works-again =
    .subject = { -brand } : le courrier de l'arbitre passe de nouveau
    .body = Le courrier de l'arbitre passe de nouveau depuis le { $now } ; il échouait depuis le { $since }.

mail-also-heading = Également : { $subject }
