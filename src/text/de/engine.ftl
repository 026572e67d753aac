# dipspy: the engine words, de (joined after ../de.ftl; a key lives in one file only).

# The game layer's refusals to start, end, vote on, process or publish a
# game (src/game/lifecycle.rs, draw.rs, process.rs, esp.rs), with how a
# finished game ended as its outcome is stored.
engine-status-resume-before-processing = die Partie { $game } ist { game-status }: setzen Sie sie fort, bevor sie ausgewertet wird
engine-status-nothing-to-process = die Partie { $game } ist { game-status }: die Partie ist vorbei ({ $how }): es gibt nichts auszuwerten
engine-status-nothing-to-vote-on = die Partie { $game } ist { game-status }: es gibt nichts abzustimmen
engine-status-already-started = die Partie { $game } ist { game-status }: sie hat bereits begonnen
engine-status-already-over = die Partie { $game } ist { game-status }: sie ist bereits beendet
engine-status-head-only-when-over = die Partie { $game } ist { game-status }: der letzte signierte Kopf wird erst veröffentlicht, wenn die Partie vorbei ist
engine-status-no-signed-head = die Partie { $game } ist { game-status }: ihr geheimes Protokoll hat keinen signierten Kopf
engine-status-entries-after-head = die Partie { $game } ist { game-status }: nach dem letzten signierten Kopf wurden Einträge protokolliert, die nicht an ihn anschließen; prüfen Sie das Protokoll mit `dipspy secret-log { $game } --verify`
engine-ended-won-by = Sieger: { $powers }
engine-ended-drawn-between = Remis zwischen { $powers }
engine-ended-by-master = vom { -game-master } beendet
engine-ended-unknown = vorbei

# Why a draw vote or a concession is refused (src/game/draw.rs); SET DRAW
# is a command word and stays as typed.
engine-vote-no-draws = die Partie { $game } lässt kein Remis zu
engine-vote-only-all-survivors = die Partie { $game } lässt nur ein Remis aller Überlebenden zu: schreiben Sie SET DRAW allein
engine-vote-no-concessions = die Partie { $game } lässt keine Aufgabe zugunsten einer Macht zu
engine-vote-eliminated = { $power_the } ist ausgeschieden
engine-vote-concede-to-itself = eine Macht kann nicht zu ihren eigenen Gunsten aufgeben

# A phase not named: the one being played (in "has not played …").
engine-the-current-phase = die laufende Phase
