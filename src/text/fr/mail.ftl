# dipspy: the mail words, fr (joined after ../fr.ftl; a key lives in one file only).

# La note à l'expéditeur d'un courriel trop gros pour être lu (src/mail/inbox.rs).
# $size et $limit sont des tailles en octets, écrites en chiffres.
mail-too-large-body =
    Votre message n'a pas été lu : il fait { $size } octets et { -judge(form: "the") } lit au plus { $limit } octets.
    Envoyez vos commandes en texte brut, sans pièce jointe.
    (Vous recevez cette note au plus une fois par heure.)

# Les avis au maître du jeu sur le courrier de l'arbitre (src/mail/health.rs).
# $failures : ce qui a échoué, une ligne par échec, tel que le serveur l'a dit.
mail-failing =
    .subject = { -brand } : le courrier { -judge(form: "of") } ne passe plus
    .body =
        Le courrier { -judge(form: "of") } échoue depuis le { $since } :
        {"  "}{ $failures }
        Lancez `dipspy check` et `dipspy status` sur la machine { -judge(form: "of") } ; le courrier attend dans la file d'envoi et sera renvoyé.
mail-works-again =
    .subject = { -brand } : le courrier { -judge(form: "of") } passe de nouveau
    .body = Le courrier { -judge(form: "of") } passe de nouveau depuis le { $now } ; il échouait depuis le { $since }.

mail-also-heading = Également : { $subject }

# Un lien à usage unique vers la page web d'une puissance, envoyé à son
# joueur qui l'a demandé sur la page (src/mail/web_link.rs).
mail-web-link =
    .subject = { -brand } { $game } : un lien vers la page de { $power_the }
    .body =
        Quelqu'un a demandé sur les pages web un lien qui ouvre la page de { $power_the } dans la partie { $game } sans le mot de passe :
        {"  "}{ $link }
        Ouvrez-le et appuyez sur le bouton de la page qu'il affiche : vous êtes alors connecté comme { $power }. Le lien ne sert qu'une fois, et seulement pendant { $minutes } minutes.
        Si vous ne l'avez pas demandé, ignorez ce message : rien ne se passe tant que le lien n'est pas utilisé.
