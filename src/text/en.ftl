# dipspy's words in English.
#
# One message per key; arguments are written { $name }. Numbers choose
# their plural form with a selector ([one] / *[other]). Each part of
# dipspy keeps its keys in its own section below.

# The catalogue's own check (src/text/mod.rs tests).
text-self-check = { $count ->
    [one] { $count } line
   *[other] { $count } lines
}

# notices
#
# What the game layer tells players, observers and the game master
# (src/text/notice.rs). Each notice has a -subject and a -body; the body's
# last line is ended by the code. {"  "} keeps a command's indent.

notice-game-full-subject = dipspy { $game }: every power has a player
notice-game-full-body =
    The last power of game { $game } has its player. Start the game with a mail holding

    {"  "}MASTER <password>
    {"  "}START { $game }

notice-power-assigned-subject = Game { $game } is full: you play { $shown }
notice-power-assigned-body =
    Game { $game } is full. You play { $shown }. Sign on with

    {"  "}SIGNON { $power } { $game } <your password>

notice-resigned-subject = { $shown } resigned from game { $game }
notice-resigned-body =
    { $shown } resigned from game { $game }; the power has no player now. Anybody may ask for it:

    {"  "}{ $command } { $power } { $game } <password>

notice-ended-before-start-subject = dipspy { $game }: the game is over
notice-ended-before-start-body = Game { $game } was ended by the game master before it started.

notice-deadline-moved-subject = dipspy { $game }: new deadline for { $phase }
notice-deadline-moved-body = The deadline for { $phase } in game { $game } has moved to { $deadline }.

notice-deadline-absence-subject = dipspy { $game }: deadline moved for an absence
notice-deadline-absence-body = The deadline for { $phase } in game { $game } is { $deadline }: it would have fallen while { $shown } is absent.

notice-vote-subject = dipspy { $game }: a vote
notice-vote-body = In game { $game }, { $shown } { $how ->
    [draw-all] votes for a draw including all survivors
    [draw-some] votes for a draw
    [no-draw] withdraws its draw vote
    [concede] concedes to { $to }
   *[no-concede] withdraws its concession
}.
