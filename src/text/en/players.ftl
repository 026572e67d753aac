# dipspy: the players words, en (joined after ../en.ftl; a key lives in one file only).
#
# The judge's reply about a player's commands (src/judge/players.rs):
# SIGNON, JOIN, TAKEOVER, OBSERVE, CLEAR, SET ABSENCE, votes, SET WAIT,
# SET PASSWORD, RESIGN, PRESS. $power is a power's name as shown
# (`France`), $game a game's name; command words stay as typed.
players-quote-hidden = { $command } ... (not repeated: it may hold a password)
players-signon-refused = sign-on refused: { $why }
players-signon-no-game = sign-on refused: no game on this { -judge } has the name written (write `SIGNON <power> <game> <password>` or `SIGN ON <initial><game> <password>`; send LIST for the games)
players-signon-nobody-plays = sign-on refused: nobody plays { $power } in game { $game } (JOIN the game to play)
players-signon-wrong-password = sign-on refused: wrong password for { $power } in game { $game }
players-signon-needs-own-address = sign-on refused: the password may be left out only in mail that the { -judge }'s mail server confirms comes from the address { $power } joined with; add the password
# $word is the power as the command is typed (`france`).
players-signon-needs-password = sign-on refused: game { $game } needs the password: `SIGNON { $word } { $game } <password>`
players-signed-on = signed on as { $power } in game { $game }
players-takeover-seated = you now play { $power } in game { $game }; the board and its orders are on their way
players-takeover-waiting = your request to take over { $power } in game { $game } is with the { -game-master }; you will hear the answer by mail
players-join-no-game = not joined: no game on this { -judge } has the name written (write `JOIN <power> <game> <password>`; send LIST for the games)
players-join-refused = not joined: { $why }
players-joined-as = you joined game { $game } as { $power }
players-joined-random = you joined game { $game }; you will get a power at random when the game fills
# $joined is one of the two above; $powers the powers drawn at random.
players-joined-full = { $joined }; the game is now full and every player has a power ({ $powers }); the { -game-master } starts it
# The code to confirm OBSERVE with is in the reply itself (its own line).
players-observe-code =
    you observe game { $game } once you send the { -judge }, from this address and within { $days } days, a mail with the line
    {"    "}CONFIRM ADDRESS { $code }
players-observe-repeated = asked already on line { $line }: its code stands
players-observe-already = you already observe game { $game }
players-not-here = not done: this command cannot be used here
players-password-changed = your password is changed
players-note-outside-if = NOTE: only orders depend on IF; this line was read as if it stood outside the IF block
players-cleared = { $count ->
    [0] you had no orders to withdraw
    [one] 1 earlier order withdrawn
   *[other] { $count } earlier orders withdrawn
}
# $cleared is the line above.
players-cleared-later = { $cleared }; { $count ->
    [one] 1 order for a later phase withdrawn
   *[other] { $count } orders for later phases withdrawn
}
# $span: `2025-03-30 to 2025-04-02 (the game's time, UTC)`.
players-absence-recorded = absence recorded: { $span }
players-absence-recorded-moved = absence recorded: { $span }; the current { -deadline } moved to { $deadline }
players-absences-withdrawn = { $count ->
    [0] you had no absence to withdraw
    [one] your absence is withdrawn ({ -deadline(number: "other") } already moved stay)
   *[other] { $count } absences withdrawn ({ -deadline(number: "other") } already moved stay)
}
players-vote = { $vote ->
    [draw] your draw vote is recorded
    [nodraw] your draw vote is withdrawn
    [concede] your concession is recorded
   *[noconcede] your concession is withdrawn
}
# $vote is the line above; $how how the game ended.
players-vote-ended = { $vote }; the game is over: { $how }
players-vote-secret = { $vote } (votes are secret unless the game shows them)
players-wait = the phase will not be processed before its { -deadline }
players-nowait = the phase may be processed as soon as all orders are in
players-resigned = you resigned: { $power } in game { $game } has no player now
# $to: the recipients, `France, Italy`, or everybody.
players-press-sent = press sent ({ $signed ->
    [no] unsigned
   *[yes] signed
}) to { $to }
#
# PHASE and IF blocks (src/judge/blocks.rs). $phase is a phase as typed
# (`F1902R`), $phase_name its long name; $when is `now` when the block's
# phase is the one being played, `later` when it is a later one.
players-block-phase-unreadable = not stored: the PHASE line { $line } could not be read (write it as `PHASE Fall 1902 Retreats` or `PHASE F1902R`)
players-block-if-unreadable = not stored: line { $line } of its IF block could not be read
players-phase-inside-if = not done: the IF on line { $line } is still open; close it with ENDIF before a PHASE line (a PHASE block may hold IF blocks, not the other way round)
players-phase-over = { $phase } ({ $phase_name }) is over (the game is playing { $current }): the orders below it are refused
players-phase-current = { $phase } is the phase being played: the orders below are for it, as usual
players-phase-later = the orders below are for { $phase_name } ({ $phase }); they are applied when that phase begins, to the units there then
players-if-too-deep = not done: at most { $max } IF blocks may be open at once
players-else-without-if = not done: there is no IF above this line for it to continue (write `IF <condition>` first)
players-else-after-else = not done: the IF on line { $line } already had its ELSE; close it with ENDIF first
players-endif-without-if = not done: there is no IF above this line for it to close
# Added after "this branch is taken" when the IF stands in a branch
# today's position does not take ($around below).
players-around-branch = (if the branch around this IF is: on today's position it is not)
players-around-endif = (inside a branch today's position does not take)
players-if-broken = read, but the orders of this IF block are not stored: line { $line } could not be read
players-else-taken = no condition above is true on today's position: this branch { $when ->
    [later] would be taken
   *[now] is taken
}{ $around }
players-else-other-taken = the branch of line { $line } is taken on today's position, not this one
players-else-unknown = taken when no condition above holds
players-if-error = not done: { $why }; the orders of this IF block are not stored
players-if-not-understood = not understood: { $why }; the orders of this IF block are not stored
players-condition = condition `{ $condition }` is { $truth ->
    [true] true
   *[false] false
} on today's position
players-condition-after = condition `{ $condition }` is { $truth ->
    [true] true
   *[false] false
} on today's position; the branch of line { $line } comes first, so this one is not taken
players-condition-taken = condition `{ $condition }` is true on today's position: this branch { $when ->
    [later] would be taken
   *[now] is taken
}{ $around }
players-endif-broken = end of the IF block of line { $line } (its orders were not stored)
players-endif-taken = end of the IF block of line { $line }: on today's position the branch of line { $branch } { $when ->
    [later] would be taken
   *[now] is taken
}{ $around }
players-endif-none = end of the IF block of line { $line }: on today's position no branch { $when ->
    [later] would be taken
   *[now] is taken
}
players-note-no-endif = NOTE: there was no ENDIF for this IF: it was closed at the end of the mail (or at the next SIGNON)
# An order of a block kept for a later phase. $condition and $replacing
# are the two short texts below, or empty.
players-kept = kept for { $phase_name } ({ $phase }) as `{ $order }`{ $condition }{ $replacing }; it is applied when that phase begins, if the unit is there then
players-kept-condition = , if { $condition }
# $orders: `A par - bur`, `F bre - mao` (with their backquotes).
players-kept-replacing = , replacing { $orders }
players-not-taken = `{ $order }` not taken: its condition `{ $condition }` is false on today's position (kept on record, not as an order)
players-block-not-stored = order not stored: { $why }
