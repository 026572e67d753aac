# dipspy: the engine words, en (joined after ../en.ftl; a key lives in one file only).

# The game layer's refusals to start, end, vote on, process or publish a
# game (src/game/lifecycle.rs, draw.rs, process.rs, esp.rs), with how a
# finished game ended as its outcome is stored.
engine-status-resume-before-processing = game { $game } is { game-status }: resume it before processing
engine-status-nothing-to-process = game { $game } is { game-status }: the game is over ({ $how }): there is nothing to process
engine-status-nothing-to-vote-on = game { $game } is { game-status }: there is nothing to vote on
engine-status-already-started = game { $game } is { game-status }: it has already started
engine-status-already-over = game { $game } is { game-status }: it is already over
engine-status-head-only-when-over = game { $game } is { game-status }: the final signed head is published when the game is over
engine-status-no-signed-head = game { $game } is { game-status }: its secret log has no signed head
engine-status-entries-after-head = game { $game } is { game-status }: entries logged after its last signed head do not chain on from it; check the log with `dipspy secret-log { $game } --verify`
engine-ended-won-by = won by { $powers }
engine-ended-drawn-between = drawn between { $powers }
engine-ended-by-master = ended by the { -game-master }
engine-ended-unknown = over

# Why a draw vote or a concession is refused (src/game/draw.rs); SET DRAW
# is a command word and stays as typed.
engine-vote-no-draws = game { $game } allows no draws
engine-vote-only-all-survivors = game { $game } allows only draws including all survivors: write SET DRAW alone
engine-vote-no-concessions = game { $game } allows no concessions
engine-vote-eliminated = { $power } has been eliminated
engine-vote-concede-to-itself = a power cannot concede to itself

# A phase not named: the one being played (in "has not played …").
engine-the-current-phase = the current phase
