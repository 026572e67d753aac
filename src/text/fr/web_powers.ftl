# dipspy: the powers' web pages' words, fr (joined after ../fr.ftl; a key lives in one file only).

# words: a power's page
web-power-title = { $power } dans la partie { $game }
web-power-signon-title = { $power } dans la partie { $game } : connexion
web-power-signon-intro = Cette page est celle de { $power } dans la partie { $game }. Connectez-vous avec le mot de passe de la puissance, celui que vous utilisez par courriel.
web-power-password = Mot de passe
web-power-signon = Se connecter
web-power-signoff = Se déconnecter
web-power-wrong = Le mot de passe est faux.
web-power-locked = Trop de mots de passe faux : le mot de passe de cette puissance est bloqué pour le moment, ici et par courriel. Réessayez plus tard, ou demandez un lien par courriel.
web-power-unknown = Personne ne joue cette puissance dans cette partie, ou cette partie ou puissance n'existe pas.
web-power-link-ask-intro = Ou recevez un lien à usage unique à l'adresse depuis laquelle cette puissance est jouée : il ouvre cette page une fois, sans le mot de passe.
web-power-link-ask = M'envoyer un lien
web-power-link-asked-title = Lien demandé
web-power-link-asked = Si cette puissance a un joueur, un lien à usage unique a été envoyé à l'adresse depuis laquelle elle est jouée. Il sert une fois, pendant peu de temps.
web-power-link-title = { $power } dans la partie { $game } : lien à usage unique
web-power-link-intro = Ce lien à usage unique vous connecte comme { $power } dans la partie { $game }. Appuyez sur le bouton pour l'utiliser : il ne servira plus ensuite.
web-power-link-use = Se connecter avec ce lien
web-power-link-refused-title = Lien non valable
web-power-link-refused = Ce lien ne peut pas servir : il est inconnu, il a expiré ou a déjà servi, ou la puissance est maintenant jouée depuis une autre adresse. Demandez-en un nouveau sur la page de la puissance.
web-power-refused-title = Refusé
web-power-refused = Ce formulaire n'a pas été envoyé depuis la page de la puissance (son jeton de sécurité manque ou est faux), ou la session a pris fin. Rechargez la page et connectez-vous.
web-power-gone = La puissance a maintenant un autre joueur : cette session est terminée.
web-power-reply = La réponse du juge
web-power-send-lines = Commandes, une par ligne, comme dans un courriel
web-power-send = Envoyer
