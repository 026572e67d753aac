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

# engine reasons
#
# Why an order did what it did (src/text/reason.rs). Units are written
# `F tri`, provinces `tri`, places with a coast `spa/nc`.
reason-superseded = superseded by a later order for the same unit
reason-not-for-phase = not an order for { $phase ->
    [movement] a movement phase
    [retreat] a retreat phase
   *[adjustment] an adjustment phase
}
reason-no-unit = there is no unit in { $province }
reason-belongs-to = { $unit } belongs to { $power }
reason-unit-is = the unit in { $province } is { $unit }
reason-move-to-own-province = a unit cannot move to the province it is in
reason-army-to-sea = an army cannot move to { $province }, a sea
reason-army-cannot-be-convoyed = an army cannot be convoyed from { $from } to { $to }
reason-not-next-to = { $dest } is not next to { $src }
reason-only-armies-convoyed = only armies can be convoyed
reason-fleet-inland = a fleet cannot move to { $province }, inland
reason-coast-sea = { $province } is a sea: it has no coasts
reason-coast-inland = { $province } is inland: it has no coasts
reason-coast-one = { $province } has one coast, so no coast is written: write { $province }
reason-coast-no-such = { $province } has no { $coast ->
    [nc] north
    [sc] south
    [ec] east
   *[wc] west
} coast (its coasts: { $coasts })
reason-coast-army = an army takes no coast in { $province }
reason-fleet-cannot-go = a fleet cannot go from { $from } to { $to }
reason-fleet-cannot-reach = a fleet in { $from } cannot reach { $to }
reason-which-coast = say which coast of { $province } (for example { $example })
reason-support-self = a unit cannot support itself
reason-cannot-reach-to-support = { $unit } cannot reach { $province }, so it cannot support there
reason-cannot-reach-to-support-move = { $unit } cannot reach { $province }, so it cannot support a move there
reason-support-into-own-province = a unit cannot support a move into its own province
reason-support-own-move = a unit cannot support its own move
reason-only-fleets-convoy = only fleets can convoy
reason-only-fleet-at-sea-convoys = only a fleet at sea can convoy
reason-convoy-to-sea = an army cannot be convoyed to { $province }, a sea
reason-not-on-convoy-route = { $fleet } cannot be part of any convoy route from { $from } to { $to }
reason-no-fleet-could-convoy = no fleet could convoy it to { $province }
reason-ordered-to-move-not-hold = { $unit } was ordered to move, not to hold
reason-not-ordered-to-move-to = { $unit } was not ordered to move to { $province }
reason-moved-over-land = { $unit } moved over land
reason-dislodged-by = dislodged by { $unit }
reason-convoy-paradox = convoy paradox: the army does not move (Szykman rule)
reason-no-convoy-route = no convoy route
reason-own-unit = cannot dislodge { $unit }, a unit of its own power
reason-lost-head-to-head = lost to { $unit } moving the other way ({ $attack } against { $defend })
reason-bounced-off = bounced off { $unit } ({ $attack } against { $hold })
reason-bounced-with = bounced with { $unit } ({ $attack } against { $prevent })
reason-bounced = bounced
reason-cut-by = cut by { $unit }
reason-cut = cut
reason-convoy-disrupted = dislodged by { $unit }; the convoy is disrupted
reason-disbanded = disbanded
reason-no-dislodged-unit = no dislodged unit in { $province }
reason-dislodged-belongs-to = the dislodged unit in { $province } belongs to { $power }
reason-then-disbanded = { $why }; the unit is disbanded
reason-retreat-which-coast = say which coast of { $province }
reason-cannot-retreat = cannot retreat to { $to }: { $why ->
    [attacker] it may not retreat to where its attacker came from
    [occupied] that province is occupied
    [standoff] that province was left empty by a standoff
   *[unreachable] it cannot reach that province
}
reason-retreat-bounced = bounced with { $unit }; both units are disbanded
reason-no-builds = { $power } has no builds this winter
reason-builds-only = { $power } may build only { $count }
reason-no-builds-to-waive = { $power } has no builds to waive
reason-builds-used = every build is already used
reason-no-removals = { $power } has no units to remove this winter
reason-already-removed = that unit is already removed
reason-removes-only = { $power } must remove only { $count }
reason-dummy-never-builds = { $power } is a dummy power, and dummy powers never build
reason-not-home-centre = { $province } is not a home centre of { $power }
reason-not-supply-centre = { $province } is not a supply centre
reason-does-not-own = { $power } does not own { $province }
reason-occupied = { $province } is occupied
reason-build-which-coast = say which coast of { $province } to build the fleet on (for example { $province }/{ $coast })
reason-army-cannot-build = an army cannot be built in { $province }
reason-fleet-cannot-build = a fleet cannot be built in { $place }
reason-read-as = { $why }: read as `{ $order }`
reason-replaced = replaced before adjudication (see the secret log)
reason-replaced-see-espionage = replaced before adjudication (see espionage)
reason-dislodged = dislodged
reason-unreadable = cannot read the order: { $error }
reason-spy-accepted = espionage order accepted
reason-warn-support-hold-moving = { $unit } is ordered to move to { $dest }; a support to hold does not help it
reason-warn-support-elsewhere = { $unit } is ordered to move to { $moving }, not to { $dest }: this support will not count
reason-warn-support-no-move = { $unit } has no order to move to { $dest }: this support will not count unless it gets one
reason-warn-convoy-no-move = { $unit } has no order to move to { $dest }: this convoy will not count unless it gets one
reason-warn-via-convoy-no-fleet = the move to { $dest } is ordered via convoy and no fleet stands where it could carry it: the move will fail unless a convoy is ordered
reason-warn-not-next-no-fleet = { $dest } is not next to { $src } and no fleet stands where it could convoy it: the move will fail unless a convoy is ordered

# espionage
#
# A refused spy order: the reason, then the rule (src/text/espionage.rs).
spy-rejected = { $reason } ({ $rule })
spy-refusal-espionnite-not-in-force = the Espionnite rules are not in force in this game
spy-refusal-movement-only = spies, counter-spies and reactions act in movement phases only
spy-refusal-no-units = { $power } has no units, and so no spy
spy-refusal-no-unit = there is no unit in { $province }
spy-refusal-no-dislodged-unit = there is no dislodged unit in { $province }
spy-refusal-unit-is = the unit in { $province } is { $unit }
spy-refusal-spy-on-own-unit = { $unit } is your own unit: spy on a unit of another power
spy-refusal-counter-spy-not-own = { $unit } belongs to { $power }: a counter-spy covers one of your own units
spy-refusal-reaction-not-unit-order = a reaction is an order for one of your units
spy-refusal-reaction-not-own = { $unit } belongs to { $power }: a reaction changes one of your own units
spy-refusal-spionage-not-in-force = the Spionage rules are not in force in this game
spy-refusal-first-phase = espionage may not be used in the first movement phase of the game
spy-refusal-no-organisation = { $power } has no spy organisation: found one in a winter with `+ S <home centre>`
spy-refusal-exposed = { $power } was exposed this round: its organisation may fake again from the next round
spy-refusal-fake-names-unit-or-build = a Fake names a unit or a build
spy-refusal-fake-for-other = a Fake is for a unit (or the builds) of another power
spy-refusal-could-not-retreat = { $unit } could not retreat to { $place }
spy-refusal-not-home-centre = { $province } is not a home centre
spy-refusal-does-not-own = { $power } does not own { $province }
spy-refusal-occupied = { $province } is occupied
spy-refusal-cannot-build = { $type } cannot be built in { $place }
spy-refusal-anti-names-other = an Anti names another nation, whose Fakes it stops
spy-refusal-found-in-winter = an organisation is founded in a winter adjustment phase
spy-refusal-already-founded = { $power } already has a spy organisation
spy-refusal-not-home-centre-of = { $province } is not a home centre of { $power }
spy-refusal-found-occupied = { $province } is occupied: found the organisation in an empty home centre
spy-refusal-orders-frozen = the orders for { $phase } are frozen and the spy reports are out; only REACTION (and Spionage orders) are taken now
spy-refusal-reaction-phase-only = reactions are taken only in the reaction phase, which opens after the deadline for { $phase } when the spy reports are sent
# What a power's spy reports (ESP-5, ESP-6).
spy-told-learned-nothing = Your spy on { $unit } learned nothing.
spy-told-reports = Your spy on { $unit } reports: { $seen }
spy-told-no-order = hold (no order given)
# The public lines of Spionage (SPI-10).
spy-public-fake-stopped = A Fake was stopped by an Anti: { $order } ({ $adjective } orders)
spy-public-collision = Fakes collided, none took effect: { $tried }. Exposed for the rest of the round: { $exposed }.
spy-public-tried = { $power } tried { $order }

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

notice-paused-subject = dipspy { $game }: the game is paused
notice-paused-body = The game master has paused game { $game }, in { $phase }. No phase is processed and no deadline runs until the game is resumed; you will be told the new deadline.

notice-resumed-subject = dipspy { $game }: the game is resumed
notice-resumed-body = The game master has resumed game { $game }. Orders for { $phase } are due by { $deadline }.

notice-deadline-set-paused-subject = dipspy { $game }: new deadline for { $phase }
notice-deadline-set-paused-body = The game master has set the deadline for { $phase } in game { $game }: once the game is resumed, { $left } is left ({ $deadline } if it were resumed now).

notice-deadline-set-subject = dipspy { $game }: new deadline for { $phase }
notice-deadline-set-body = The game master has moved the deadline for { $phase } in game { $game } to { $deadline }.

notice-due-paused = The game stays paused; you will be told the deadline when it resumes.
notice-due-by = Orders are due by { $deadline }.

notice-rolled-back-subject = dipspy { $game }: rolled back to { $phase }
notice-rolled-back-body =
    The game master has rolled game { $game } back to the start of { $long } ({ $phase }). Everything played since is undone. The orders each power had given for { $phase } stand again; each player is sent their own.
    { $due }

notice-orders-again-subject = dipspy { $game }: your orders for { $phase } again
notice-orders-again-heading = Game { $game } is back at the start of { $phase }. Your orders that stand again:
notice-orders-none = (none)
notice-orders-again-later = Your orders for later phases (PHASE) that stand again:

notice-takeover-requested-subject = dipspy { $game }: a request to take over { $shown }
notice-takeover-requested-body =
    { $email } asks to take over { $shown } in game { $game }.
    Answer with a mail holding

    {"  "}MASTER <password>
    {"  "}APPROVE { $game } { $power }

    or REFUSE { $game } { $power }.

notice-takeover-refused-subject = dipspy { $game }: your request was refused
notice-takeover-refused-body = The game master did not give you { $shown } in game { $game }.

notice-ejected-subject = dipspy { $game }: you no longer play { $shown }
notice-ejected-body = The game master has removed you from { $shown } in game { $game }.

notice-why-ejected = the game master removed its player
notice-why-late = its orders were still missing when the grace period ran out
notice-why-missed = no orders came for { $streak } movement phases in a row
notice-why-abandoned = it is abandoned ({ $why })

notice-no-player-subject = dipspy { $game }: { $shown } has no player
notice-no-player-body =
    { $shown } in game { $game } has no player now: { $why }. Its units hold until somebody takes it over.
    To take it over, send

    {"  "}TAKEOVER { $power } { $game } <password>

notice-welcome-subject = dipspy { $game }: you play { $shown }
notice-welcome-intro =
    You now play { $shown } in game { $game }. Sign on with

    {"  "}SIGNON { $power } { $game } <your password>

    The game is in { $long } ({ $phase }).
notice-welcome-orders = The orders of { $shown } that stand:
notice-welcome-later = Orders of { $shown } for later phases (PHASE), applied when their phase begins unless you send CLEAR:
notice-welcome-deadline = Deadline: { $deadline }

notice-new-player-subject = dipspy { $game }: { $shown } has a new player
notice-new-player-body = { $shown } in game { $game } has a new player.

notice-orders-late-subject = dipspy { $game }: your orders for { $phase } are late
notice-orders-late-body =
    The deadline for { $phase } in game { $game } has passed and your orders are not complete.
    { $missing }
    The judge waits until { $until }. Then the phase is processed without them, and { $shown } is declared abandoned.

notice-waiting-for-late-subject = dipspy { $game }: waiting for late orders
notice-waiting-for-late-body =
    The deadline for { $phase } in game { $game } has passed. Orders are late from: { $late }.
    The phase will be processed at { $until } at the latest.

notice-processed-late-subject = dipspy { $game }: your orders for { $phase } were late
notice-processed-late-body =
    { $phase } in game { $game } was processed without all your orders.
    { $missing }
    Units without an order held (a dislodged one is disbanded, a build is waived, a removal is chosen for you).

notice-abandoned-subject = dipspy { $game }: you no longer play { $shown }
notice-abandoned-body = { $shown } in game { $game } is declared abandoned: { $why }. You may ask to take it over again with TAKEOVER.

notice-reminder-subject = dipspy { $game }: orders for { $phase } missing
notice-reminder-body =
    { $none ->
        [yes] The judge has no orders from you for { $phase } in game { $game }.
       *[no] Your orders for { $phase } in game { $game } are not complete.
    }
    { $missing }
    The deadline is { $deadline }; units without orders hold (retreats disband,
    builds are waived, removals are chosen for you).

notice-advance-subject = dipspy { $game }: your orders sent in advance for { $phase }
notice-advance-heading = Game { $game }: { $long } ({ $phase }) has begun. What became of the orders you sent earlier for it (and for phases that were not played):
notice-advance-applied = applied
notice-advance-not-taken = not taken: its condition was false as the phase began
notice-advance-dropped = DROPPED: { $why }
notice-advance-replaced = replaced by a later order of yours for the same unit
notice-advance-closing = The applied orders stand as your orders for the phase; you may change them as usual.

notice-confirm-address-subject = Confirm your address for { $shown } in game { $game }
notice-confirm-address-body =
    The player of { $shown } in game { $game } asked the judge to write to this address from now on.

    If that was you, answer this mail (or write to the judge from this address) with the line

    {"  "}CONFIRM ADDRESS { $code }

    within { $days } days. Until then the judge keeps writing to the old address.
    If you did not ask for this, ignore this mail: nothing changes.

notice-address-changed-subject = Your address for { $shown } in game { $game } changed
notice-address-changed-body = As asked with SET ADDRESS and confirmed from the new address, the judge now writes to { $email } for { $shown } in game { $game }. If you did not ask for this, write to the game master at once.

notice-confirm-observer-subject = Confirm that you want to observe game { $game }
notice-confirm-observer-body =
    The judge was asked to send the results of game { $game } to this address.

    If that was you, answer this mail (or write to the judge from this address) with the line

    {"  "}CONFIRM ADDRESS { $code }

    within { $days } days. If you did not ask for this, ignore this mail: nothing is sent to you.

notice-press-everybody = everybody
notice-press-master = the game master
notice-press-anonymous = an anonymous power
notice-press-subject = Press in game { $game } from { $signed }
notice-press-body =
    From: { $signed }
    To: { $to }

    { $text }
# The master's copy has always indented "Really from:" by 21 spaces.
notice-press-unsigned-subject = Press in game { $game } from { $sender } (sent unsigned)
notice-press-unsigned-body =
    Unsigned press in game { $game }; this copy, for the game master only, names its author.
    {"                     "}Really from: { $sender }
    Shown to them as:
    {"  "}From: { $signed }
    {"  "}To: { $to }

    { $text }
notice-fake-press-truth-subject = Press in game { $game } from { $sender } (fake press: the truth)
notice-fake-press-truth-body =
    Fake press in game { $game }; this copy, for the game master only, tells the truth.
    Really from: { $sender }{ $unsigned ->
        [yes] {" "}(sent unsigned)
       *[no] {""}
    }
    Really to: { $real }
    Shown to them as:
    {"  "}From: { $signed }
    {"  "}To: { $to }

    { $text }

notice-master-acted-subject = dipspy { $game }: the game master acted for { $shown }
notice-master-acted-body = The game master acted for { $shown } in game { $game } with this mail; the judge's answer follows.

# mails: the long mails
#
# The start mail, the spy reports, the reaction notice and the last mail
# of a game (src/text/start.rs, spy_report.rs, game_over.rs). The code
# pads the columns; the words are here.
mails-power-label = { $power }:

# The start mail (src/text/start.rs).
mails-start-subject = dipspy { $game }: the game has started
mails-start-intro =
    Game { $game } has started.

    Map: { $map }
mails-start-rules-standard = Rules: the standard rules, without espionage
mails-start-rules-espionage = Rules: the standard rules, with { $espionage }
mails-start-players = Players:
mails-start-players-secret = Players: secret (the game is anonymous; WHOGAME shows them when it is over)
mails-start-position = Starting position:
mails-start-first-phase = The first phase is { $phase }; orders are due by { $deadline }.

# Espionnite: a power's spy report (ESP-6) and the reaction phase (ESP-7).
mails-spy-report-subject = dipspy { $game }: { $phase } spy report
mails-spy-report-heading = Spy report for { $phase } (private).
mails-spy-report-no-order = You gave your spy no order this phase.
mails-spy-report-react =
    You may now replace the order of ONE of your units, for example
    {"  "}REACTION A mun - boh
    or say you are done with
    {"  "}REACTION NONE
    A later reaction replaces an earlier one. Reactions close at { $deadline }; without one your orders stand as given.
mails-reaction-opened-subject = dipspy { $game }: { $phase } reaction phase
mails-reaction-opened-body =
    The orders for { $phase } are frozen and the spy reports have been sent.
    Each power may now change the order of one of its units with REACTION, or send
    REACTION NONE. The reaction phase ends at { $deadline }, or earlier when every
    power with units has answered.

# How a game ended, and its last mail (src/text/game_over.rs). $centres and
# $units come padded to two places; $ncentres and $nunits are the numbers.
mails-ended-draw = a draw between { $powers }, agreed by vote
mails-ended-conceded = a win for { $power }, to whom the other players conceded
mails-ended-master = ended by the game master
mails-ended-calendar = the end of the calendar: no game plays past the year { $year }
mails-ended-solo = solo victory for { $power }
mails-over-subject = dipspy { $game }: the game is over
mails-over-heading =
    Game { $game } is over: { $how }.

    Final supply centres:
mails-over-count = { $centres } centres, { $units } units
mails-over-picture = The picture shows the board at the end of the game.

# mails: secret log
#
# The judge's secret log (src/text/secret_log.rs), English only: only the
# judge reads it. $power is who acted (the sender, the spy, the faker,
# the owner of an adjudicated unit).
secret-received = { $power } sent `{ $order }`
secret-rejected = { $power }'s `{ $order }` refused
secret-counter-spy-covers = { $power }'s counter-spy covers { $unit }
secret-spy-covered = { $power }'s spy on { $unit } failed: covered by { $owner }'s counter-spy; { $power } told it learned nothing
secret-spy-succeeded = { $power }'s spy on { $unit } succeeded; { $power } told `{ $seen }`
secret-no-order-given = hold (no order given)
secret-reacted-none = { $power } reacted with NONE: its frozen orders stand
secret-reacted = { $power } reacted: { $before } → { $after }
secret-no-order-hold = no order (hold)
secret-founded = { $power } founded its spy organisation in { $province }
secret-fake-while-exposed = { $power }'s Fake `{ $order }` does nothing: { $power } is exposed this round (SPI-8)
secret-fake-stopped = { $power }'s Fake `{ $order }` stopped by { $owner }'s Anti against { $power }
secret-collision = collision: { $tried }
secret-tried = { $power } tried { $order }
secret-exposed = { $power } exposed for the rest of the round
secret-fake-applied = { $power }'s Fake `{ $order }` took effect as { $owner }'s order (replacing { $before })
secret-no-order = no order
secret-fake-nothing-to-replace = { $power }'s Fake `{ $order }` had nothing to replace and did nothing
secret-adjudicated = { $power }: adjudicated with { $order } ({ $how })
secret-as-ordered = as ordered
secret-by-reaction = by reaction
secret-by-fake = by { $faker }'s Fake

# mails: results
#
# The results of a phase (src/text/results.rs): the report the judge's
# views show, and the results mail around it. $centres and $units come
# padded to two places; $ncentres and $nunits are the numbers.
results-subject = dipspy { $game }: { $phase } results
results-heading = { $phase } ({ $map })
results-outcome-succeeds = succeeds
results-outcome-fails = fails
results-outcome-invalid = invalid
results-outcome-void = void
results-outcome-replaced = replaced
results-verdict-why = { $outcome }: { $reason }
results-dislodged = Dislodged:
results-dislodged-from = { $adjective } { $unit } (attacked from { $from }): { $options }
results-dislodged-convoy = { $adjective } { $unit } (attacked by convoy): { $options }
results-retreat-none = no retreat; it will be disbanded
results-retreat-to = may retreat to { $places }
results-standoffs = Standoffs: { $provinces }
results-centres = Supply centres:
results-centres-line = { $centres } centres, { $units } units: { $list }
results-newly-taken = (* newly taken)
results-next-phase = Next phase: { $phase }
results-board = The board now:
results-changed = Centres that changed hands: { $list }
results-changed-from = { $province } to { $to } (from { $from })
results-changed-to = { $province } to { $to }
results-nobody = nobody
results-adjustments = { $phase }: { $counts }
results-builds = { $power } builds { $count }
results-removes = { $power } removes { $count }
results-no-adjustments = no builds or removals
results-espionage = Espionage:
results-missed = No orders received from: { $powers }
results-incomplete = Orders incomplete from: { $powers }
results-eliminated = Eliminated: { $powers }
results-game-over = The game is over: { $how }.
results-orders-due = Orders for { $phase } are due by { $deadline }.

# mails: signed heads
#
# A signed head of the secret log (src/text/signed_head.rs); the signed
# block follows the body as it is.
mails-head-signed-subject = dipspy { $game }: signed head of the secret log after { $phase } (entry { $seq })
mails-head-signed-body = The secret log of game { $game } after { $phase } ({ $event }) ends at entry { $seq } with the hash below, signed with the judge's key. Keep this mail: `dipspy secret-log { $game } --verify --against FILE` checks the log against the heads you kept, and nobody can rewrite the log without both the judge's private key and your mailbox.
mails-head-published-subject = dipspy { $game }: the final signed head of the secret log
mails-head-published-body = Game { $game } is over. Its secret log ends at entry { $seq } with the hash below, signed with the judge's key. Anyone given an export of the log can check it against this head: the hashes of the entries must lead to this hash, and the signature must be valid under the judge's public key ({ $key }).

# mails: the judge's espionage picture
#
# The captions of the marks on the judge's picture of a phase's espionage
# (src/game/pictures.rs), English only like the secret log.
mark-spied = { $spy } spied on { $unit } of { $owner }
mark-spied-covered = { $spy } spied on { $unit } of { $owner } (covered: learned nothing)
mark-counter-spy = { $power } counter-spy on { $unit }
mark-reacted = { $power } reacted: { $after } instead of { $before }
mark-no-order = no order
mark-anti = { $giver }'s Anti against { $against } on { $unit }
mark-exposed = { $power } exposed for the rest of the round
mark-founded = { $power } founded its organisation in { $province }
mark-fake-applied = { $faker }'s Fake { $order } applied to { $owner }
mark-fake-stopped = { $faker }'s Fake { $order } stopped by { $owner }'s Anti
mark-fake-void = { $faker }'s Fake { $order } did nothing
mark-collision = collision on { $owner }'s { $target }: { $tried }
mark-collision-builds = builds
mark-tried = { $power } { $order }
# The entries the game adds to the secret log.
secret-received-replacing = { $power } sent `{ $order }` (replacing `{ $old }`)
secret-refused-at-once = { $power }'s `{ $order }` refused at once: { $why }
secret-frozen = orders frozen ({ $orders }); reaction phase open until { $deadline }
secret-frozen-order = { $power }: { $order }
secret-told = { $power } was told: { $told }
secret-told-nothing = that it gave its spy no order
secret-processed = { $phase } processed; next { $next }; organisations founded: { $founded }; exposed: { $exposed }
# What `dipspy game process` prints when the reaction phase opens.
mails-reaction-report = { $phase }: orders frozen, spy reports sent; reaction phase open until { $deadline }.

# mails: the judge's espionage story
#
# `game history PHASE`, unit by unit (src/game/esp_views.rs), English only
# like the secret log.
story-no-order-hold = no order (hold)
story-no-order = no order
story-reaction = { $order } (in place of { $before })
story-fake-applied = { $order } ({ $faker }'s Fake)
story-fake-stopped = { $order } ({ $faker }'s Fake, stopped by { $owner }'s Anti)
story-fake-void = { $order } ({ $faker }'s Fake did nothing)
story-collision = { $tried }: none took effect
story-tried = { $power } tried { $order }
story-as-given = as given
story-by-reaction = by reaction
story-by-fake = by { $faker }'s Fake
story-adjudicated = { $order } ({ $how })
story-replaced = nothing (replaced)

# mails: pictures
#
# The title of the picture that goes with the last mail (src/game/draw.rs).
mails-final-picture-title = { $game }: the end
