# dipspy: the engine words, fr (joined after ../fr.ftl; a key lives in one file only).

# The game layer's refusals to start, end, vote on, process or publish a
# game (src/game/lifecycle.rs, draw.rs, process.rs, esp.rs), with how a
# finished game ended as its outcome is stored.
engine-status-resume-before-processing = la partie { $game } est { game-status } : reprenez-la avant de la traiter
engine-status-nothing-to-process = la partie { $game } est { game-status } : elle est terminée ({ $how }), il n'y a rien à traiter
engine-status-nothing-to-vote-on = la partie { $game } est { game-status } : il n'y a rien à mettre au vote
engine-status-already-started = la partie { $game } est { game-status } : elle a déjà commencé
engine-status-already-over = la partie { $game } est { game-status } : elle est déjà terminée
engine-status-head-only-when-over = la partie { $game } est { game-status } : la dernière tête signée n'est publiée qu'une fois la partie terminée
engine-status-no-signed-head = la partie { $game } est { game-status } : son journal secret n'a aucune tête signée
engine-status-entries-after-head = la partie { $game } est { game-status } : des entrées consignées après la dernière tête signée ne s'enchaînent pas à elle ; vérifiez le journal avec `dipspy secret-log { $game } --verify`
engine-ended-won-by = gagnée par { $powers }
engine-ended-drawn-between = nulle entre { $powers }
engine-ended-by-master = terminée par { -game-master(form: "the") }
engine-ended-unknown = terminée

# Why a draw vote or a concession is refused (src/game/draw.rs); SET DRAW
# is a command word and stays as typed.
engine-vote-no-draws = la partie { $game } n'admet pas de nulle
engine-vote-only-all-survivors = la partie { $game } n'admet que les nulles entre tous les survivants : écrivez SET DRAW seul
engine-vote-no-concessions = la partie { $game } n'admet pas de concession
engine-vote-eliminated = { $power_the } a été éliminée
engine-vote-concede-to-itself = une puissance ne peut pas concéder la partie à elle-même

# A phase not named: the one being played (in "has not played …").
engine-the-current-phase = la phase en cours
