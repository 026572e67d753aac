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
web-power-refused-title = Refusé
web-power-refused = Ce formulaire n'a pas été envoyé depuis la page de la puissance (son jeton de sécurité manque ou est faux), ou la session a pris fin. Rechargez la page et connectez-vous.
web-power-gone = La puissance a maintenant un autre joueur : cette session est terminée.
web-power-reply = La réponse du juge
web-power-send-lines = Commandes, une par ligne, comme dans un courriel
web-power-send = Envoyer
