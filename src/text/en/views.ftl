# dipspy: the views words, en (joined after ../en.ftl; a key lives in one file only).

# words: states in views
#
# The state of a game, a power, a phase as a view shows it (LIST,
# SUMMARY, WHOGAME, HISTORY), chosen by its stored value.
views-game-status = { $status ->
    [forming] forming
    [active] active
    [paused] paused
    [finished] finished
   *[other] { $status }
}
views-power-status = { $status ->
    [vacant] vacant
    [playing] playing
    [eliminated] eliminated
   *[other] { $status }
}
# $shown is the stored value with `_` as a space, for a value not listed.
views-phase-status = { $status ->
    [current] current
    [processed] processed
    [final] final
    [rolled_back] rolled back
   *[other] { $shown }
}

# words: LIST by mail (src/judge/views.rs)
views-maps-heading = Maps on this { -judge } (CREATE <game> variant=<map> plays one):
views-maps-done = the list of maps is at the end of this reply
views-list-heading = Games on this { -judge }:
views-list-none = {"  "}(none)
views-list-deadline = { -deadline } { $deadline }
views-list-done = the list of games is at the end of this reply
views-game-heading = Game { $game }: { $status } ({ $timezone }), variant { $variant }, press { $press ->
    [none] none
    [white] white
    [grey] grey
   *[other] { $press }
}
views-game-phase = {"  "}phase: { $name } ({ $phase })
views-game-deadline = {"  "}{ -deadline }: { $deadline }
# $centres and $units come padded to two places (a table: the labels
# stay plural).
views-game-power-counts = centres { $centres }, units { $units }
views-game-votes-draw-with = ; votes a draw with { $powers }
views-game-votes-draw = ; votes a draw (all survivors)
views-game-concedes = ; concedes to { $power }
views-game-done = game { $game } is described at the end of this reply
views-history-done = the history is at the end of this reply

# words: SUMMARY and WHOGAME (src/text/roster.rs)
views-whogame-heading = Players of game { $game } ({ $status }):
views-nobody = nobody
views-player-number = player { $number }
views-whogame-waiting = Joined, waiting for a power when the game fills: { $who }
views-whogame-no-observers = Observers: none
views-whogame-observers = Observers ({ $count }):
views-whogame-observer-count = Observers: { $count }
views-anonymous-note = Game { $game } is anonymous: its players' addresses are not shown (players are numbered instead).
views-summary-heading = Summary of game { $game } ({ $variant }, { $status }):
views-summary-done = the summary of game { $game } is at the end of this reply
views-whogame-done = the list of players of game { $game } is at the end of this reply
views-stints-heading = Who played each power when:
views-stint-from = from { $phase }
views-stint-from-start = from the start
# $how: how the player left (resigned, abandoned, ejected).
views-stint-until = until { $phase } ({ $how ->
    [resigned] resigned
    [abandoned] abandoned
    [ejected] ejected
   *[other] { $how }
})
views-stint-until-before-start = until before the start ({ $how ->
    [resigned] resigned
    [abandoned] abandoned
    [ejected] ejected
   *[other] { $how }
})
views-eliminated-in = ; eliminated in { $phase }
views-no-player-now = ; no player now
views-no-centres-yet = No phase has been played yet: there are no supply-centre counts.
views-centres-heading = Supply centres:
views-centres-start = start
views-centres-now = now ({ $phase })

# words: the game master's replies (src/judge/master.rs)
#
# $info is a phase and its deadline (views-master-phase-info...).
views-master-phase-info = { $name } ({ $phase })
views-master-phase-info-deadline = { $name } ({ $phase }), { -deadline } { $deadline }
views-master-started = game { $game } started: { $info }
views-master-paused = game { $game } paused
views-master-resumed = game { $game } resumed: { $info }
views-master-deadline-moved = { -deadline } moved: { $info }
views-master-rolled-back = game { $game } rolled back; now { $info }
views-master-ejected = { $power } in game { $game } has no player now; everyone was told
views-master-not-master = not done: not a master command
# UNLOCK by mail (src/judge/master.rs). $what is the power and its game, or the master password.
views-master-unlocked = { $what ->
    [master] the lock on the master password is lifted
   *[power] the lock on { $power } in game { $game } is lifted
}
views-master-not-locked = { $what ->
    [master] the master password was not locked
   *[power] { $power } in game { $game } was not locked
}
views-master-created = game { $game } created; players may JOIN it now
views-master-not-created = not created: { $why }
views-master-processed-next = { $phase } processed; now { $info }
views-master-processed-ended = { $phase } processed; { $ended }
views-master-game-over = the game is over
views-master-results-heading = Results of game { $game }:
views-master-terminated = game { $game } ended by the { -game-master }; its outcome is recorded as `ended` (no winner, no draw), its last phase is final, and everyone was sent the summary
views-master-preview-done = the preview is at the end of this reply (nothing was stored)
views-master-preview-heading = Preview of game { $game } (not stored):
views-master-head-published = the final signed head of game { $game } (secret log entry { $seq }) was mailed to every player
views-master-approved = approved: { $power } in game { $game } has its new player, who was sent the board
views-master-refused = refused: the request for { $power } in game { $game } is turned down
# $copy: yes when the power has a player, who gets a copy.
views-master-become = you act for { $power } in game { $game } in the rest of this mail; { $copy ->
    [yes] its player gets a copy
   *[no] it has no player now, so nobody else gets a copy
}

# words: CREATE's settings refused (src/judge/master.rs); $value is as
# the master wrote it.
views-create-yes-no = { $key } must be yes or no, not `{ $value }`
views-create-press = press must be none, white or grey, not `{ $value }`
views-create-draws = draws must be dias, any or none, not `{ $value }`
views-create-language = language must be en, fr or de, not `{ $value }`
views-create-pictures = pictures must be png, png+svg or off, not `{ $value }`
views-create-abandon-after = abandon_after is a number of phases such as 3, not `{ $value }`
views-create-max-absence = max_absence is a number of days such as 15, not `{ $value }`
views-create-unknown = unknown setting `{ $key }`
