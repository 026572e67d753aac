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

# Terms: the words other entries share. A term (-name) is used inside
# other entries only and never shown alone.
-brand = dipspy

# The shared vocabulary. A term with forms takes a parameter:
# { -supply-centre(number: "other") } gives "supply centres".
-judge = judge
-game-master = game master
-spy-organisation = spy organisation
-reaction-phase = reaction phase
-supply-centre = { $number ->
   *[one] supply centre
    [other] supply centres
}
-home-centre = { $number ->
   *[one] home centre
    [other] home centres
}
-deadline = { $number ->
   *[one] deadline
    [other] deadlines
}
-spy-report = { $number ->
   *[one] spy report
    [other] spy reports
}

# The powers of the standard map, by the map's name of each
# (src/text/powers.rs); a map with no term for a power shows the map's
# own name. English needs no grammar for them.
-power-austria = Austria
-power-england = England
-power-france = France
-power-germany = Germany
-power-italy = Italy
-power-russia = Russia
-power-turkey = Turkey

# The forms of a power's name that entries ask for as { $power_<form> }:
# $name is the power's term. English has one form, the name itself.
power-forms = { $name }
    .start = { $name }

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
reason-dislodged-unit-is = the dislodged unit in { $province } is { $unit }
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
reason-not-home-centre = { $province } is not a { -home-centre } of { $power }
reason-not-supply-centre = { $province } is not a { -supply-centre }
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
spy-refusal-no-organisation = { $power } has no { -spy-organisation }: found one in a winter with `+ S <home centre>`
spy-refusal-exposed = { $power } was exposed this round: its organisation may fake again from the next round
spy-refusal-fake-names-unit-or-build = a Fake names a unit or a build
spy-refusal-fake-for-other = a Fake is for a unit (or the builds) of another power
spy-refusal-could-not-retreat = { $unit } could not retreat to { $place }
spy-refusal-not-home-centre = { $province } is not a { -home-centre }
spy-refusal-does-not-own = { $power } does not own { $province }
spy-refusal-occupied = { $province } is occupied
spy-refusal-cannot-build = { $type } cannot be built in { $place }
spy-refusal-anti-names-other = an Anti names another nation, whose Fakes it stops
spy-refusal-found-in-winter = an organisation is founded in a winter adjustment phase
spy-refusal-already-founded = { $power } already has a { -spy-organisation }
spy-refusal-not-home-centre-of = { $province } is not a { -home-centre } of { $power }
spy-refusal-found-occupied = { $province } is occupied: found the organisation in an empty { -home-centre }
spy-refusal-orders-frozen = the orders for { $phase } are frozen and the { -spy-report(number: "other") } are out; only REACTION (and Spionage orders) are taken now
spy-refusal-reaction-phase-only = reactions are taken only in the { -reaction-phase }, which opens after the { -deadline } for { $phase } when the { -spy-report(number: "other") } are sent
# What a power's spy reports (ESP-5, ESP-6).
spy-told-learned-nothing = Your spy on { $unit } learned nothing.
spy-told-reports = Your spy on { $unit } reports: { $seen }
spy-told-no-order = hold (no order given)
# The public lines of Spionage (SPI-10).
spy-public-fake-stopped = A Fake was stopped by an Anti: { $order } ({ $adjective } orders)
spy-public-collision = Fakes collided, none took effect: { $tried }. Exposed for the rest of the round: { $exposed }.
spy-public-tried = { $power } tried { $order }
# A power named in a list of powers (the exposed of a collision).
power-in-list = { $power }

# notices
#
# What the game layer tells players, observers and the game master
# (src/text/notice.rs). Each notice has a .subject and a .body; the body's
# last line is ended by the code. {"  "} keeps a command's indent.

notice-game-full =
    .subject = { -brand } { $game }: every power has a player
    .body =
        The last power of game { $game } has its player. Start the game with a mail holding

        {"  "}MASTER <password>
        {"  "}START { $game }

notice-power-assigned =
    .subject = Game { $game } is full: you play { $shown }
    .body =
        Game { $game } is full. You play { $shown }. Sign on with

        {"  "}SIGNON { $power } { $game } <your password>

notice-resigned =
    .subject = { $shown } resigned from game { $game }
    .body =
        { $shown } resigned from game { $game }; the power has no player now. Anybody may ask for it:

        {"  "}{ $command } { $power } { $game } <password>

notice-ended-before-start =
    .subject = { -brand } { $game }: the game is over
    .body = Game { $game } was ended by the { -game-master } before it started.

notice-deadline-moved =
    .subject = { -brand } { $game }: new { -deadline } for { $phase }
    .body = The { -deadline } for { $phase } in game { $game } has moved to { $deadline }.

notice-deadline-absence =
    .subject = { -brand } { $game }: { -deadline } moved for an absence
    .body = The { -deadline } for { $phase } in game { $game } is { $deadline }: it would have fallen while { $shown } is absent.

notice-vote =
    .subject = { -brand } { $game }: a vote
    .body = In game { $game }, { $shown } { $how ->
        [draw-all] votes for a draw including all survivors
        [draw-some] votes for a draw
        [no-draw] withdraws its draw vote
        [concede] concedes to { $to }
       *[no-concede] withdraws its concession
    }.

notice-paused =
    .subject = { -brand } { $game }: the game is paused
    .body = The { -game-master } has paused game { $game }, in { $phase }. No phase is processed and no { -deadline } runs until the game is resumed; you will be told the new { -deadline }.

notice-resumed =
    .subject = { -brand } { $game }: the game is resumed
    .body = The { -game-master } has resumed game { $game }. Orders for { $phase } are due by { $deadline }.

notice-deadline-set-paused =
    .subject = { -brand } { $game }: new { -deadline } for { $phase }
    .body = The { -game-master } has set the { -deadline } for { $phase } in game { $game }: once the game is resumed, { $left } is left ({ $deadline } if it were resumed now).

notice-deadline-set =
    .subject = { -brand } { $game }: new { -deadline } for { $phase }
    .body = The { -game-master } has moved the { -deadline } for { $phase } in game { $game } to { $deadline }.

notice-due-paused = The game stays paused; you will be told the { -deadline } when it resumes.
notice-due-by = Orders are due by { $deadline }.

notice-rolled-back =
    .subject = { -brand } { $game }: rolled back to { $phase }
    .body =
        The { -game-master } has rolled game { $game } back to the start of { $long } ({ $phase }). Everything played since is undone. The orders each power had given for { $phase } stand again; each player is sent their own.
        { $due }

notice-orders-again-subject = { -brand } { $game }: your orders for { $phase } again
notice-orders-again-heading = Game { $game } is back at the start of { $phase }. Your orders that stand again:
notice-orders-none = (none)
notice-orders-again-later = Your orders for later phases (PHASE) that stand again:

notice-takeover-requested =
    .subject = { -brand } { $game }: a request to take over { $shown }
    .body =
        { $email } asks to take over { $shown } in game { $game }.
        Answer with a mail holding

        {"  "}MASTER <password>
        {"  "}APPROVE { $game } { $power }

        or REFUSE { $game } { $power }.

notice-takeover-refused =
    .subject = { -brand } { $game }: your request was refused
    .body = The { -game-master } did not give you { $shown } in game { $game }.

notice-ejected =
    .subject = { -brand } { $game }: you no longer play { $shown }
    .body = The { -game-master } has removed you from { $shown } in game { $game }.

notice-why-ejected = the { -game-master } removed its player
notice-why-late = its orders were still missing when the grace period ran out
notice-why-missed = no orders came for { $streak ->
    [one] { $streak } movement phase
   *[other] { $streak } movement phases in a row
}
notice-why-abandoned = it is abandoned ({ $why })

notice-no-player =
    .subject = { -brand } { $game }: { $shown } has no player
    .body =
        { $shown } in game { $game } has no player now: { $why }. Its units hold until somebody takes it over.
        To take it over, send

        {"  "}TAKEOVER { $power } { $game } <password>

notice-welcome-subject = { -brand } { $game }: you play { $shown }
notice-welcome-intro =
    You now play { $shown } in game { $game }. Sign on with

    {"  "}SIGNON { $power } { $game } <your password>

    The game is in { $long } ({ $phase }).
notice-welcome-orders = The orders of { $shown } that stand:
notice-welcome-later = Orders of { $shown } for later phases (PHASE), applied when their phase begins unless you send CLEAR:
notice-welcome-deadline = Deadline: { $deadline }

notice-new-player =
    .subject = { -brand } { $game }: { $shown } has a new player
    .body = { $shown } in game { $game } has a new player.

notice-orders-late =
    .subject = { -brand } { $game }: your orders for { $phase } are late
    .body =
        The { -deadline } for { $phase } in game { $game } has passed and your orders are not complete.
        { $missing }
        The { -judge } waits until { $until }. Then the phase is processed without them, and { $shown } is declared abandoned.

notice-waiting-for-late =
    .subject = { -brand } { $game }: waiting for late orders
    .body =
        The { -deadline } for { $phase } in game { $game } has passed. Orders are late from: { $late }.
        The phase will be processed at { $until } at the latest.

notice-processed-late =
    .subject = { -brand } { $game }: your orders for { $phase } were late
    .body =
        { $phase } in game { $game } was processed without all your orders.
        { $missing }
        Units without an order held (a dislodged one is disbanded, a build is waived, a removal is chosen for you).

notice-abandoned =
    .subject = { -brand } { $game }: you no longer play { $shown }
    .body = { $shown } in game { $game } is declared abandoned: { $why }. You may ask to take it over again with TAKEOVER.

notice-reminder =
    .subject = { -brand } { $game }: orders for { $phase } missing
    .body =
        { $none ->
            [yes] The { -judge } has no orders from you for { $phase } in game { $game }.
           *[no] Your orders for { $phase } in game { $game } are not complete.
        }
        { $missing }
        The { -deadline } is { $deadline }; units without orders hold (retreats disband,
        builds are waived, removals are chosen for you).

notice-advance-subject = { -brand } { $game }: your orders sent in advance for { $phase }
notice-advance-heading = Game { $game }: { $long } ({ $phase }) has begun. What became of the orders you sent earlier for it (and for phases that were not played):
notice-advance-applied = applied
notice-advance-not-taken = not taken: its condition was false as the phase began
notice-advance-dropped = DROPPED: { $why }
notice-advance-replaced = replaced by a later order of yours for the same unit
notice-advance-closing = The applied orders stand as your orders for the phase; you may change them as usual.

notice-confirm-address =
    .subject = Confirm your address for { $shown } in game { $game }
    .body =
        The player of { $shown } in game { $game } asked the { -judge } to write to this address from now on.

        If that was you, answer this mail (or write to the { -judge } from this address) with the line

        {"  "}CONFIRM ADDRESS { $code }

        within { $days } days. Until then the { -judge } keeps writing to the old address.
        If you did not ask for this, ignore this mail: nothing changes.

notice-address-changed =
    .subject = Your address for { $shown } in game { $game } changed
    .body = As asked with SET ADDRESS and confirmed from the new address, the { -judge } now writes to { $email } for { $shown } in game { $game }. If you did not ask for this, write to the { -game-master } at once.

notice-confirm-observer =
    .subject = Confirm that you want to observe game { $game }
    .body =
        The { -judge } was asked to send the results of game { $game } to this address.

        If that was you, answer this mail (or write to the { -judge } from this address) with the line

        {"  "}CONFIRM ADDRESS { $code }

        within { $days } days. If you did not ask for this, ignore this mail: nothing is sent to you.

notice-press-everybody = everybody
notice-press-master = the { -game-master }
notice-press-anonymous = an anonymous power
notice-press-opening = -- Press written by: { $signed } (not by the { -judge }); each line of it is marked "|" --
notice-press =
    .subject = Press in game { $game } from { $signed }
    .body =
        From: { $signed }
        To: { $to }

        { $text }
# The master's copy has always indented "Really from:" by 21 spaces.
notice-press-unsigned =
    .subject = Press in game { $game } from { $sender } (sent unsigned)
    .body =
        Unsigned press in game { $game }; this copy, for the { -game-master } only, names its author.
        {"                     "}Really from: { $sender }
        Shown to them as:
        {"  "}From: { $signed }
        {"  "}To: { $to }

        { $text }
notice-fake-press-truth =
    .subject = Press in game { $game } from { $sender } (fake press: the truth)
    .body =
        Fake press in game { $game }; this copy, for the { -game-master } only, tells the truth.
        Really from: { $sender }{ $unsigned ->
            [yes] {" "}(sent unsigned)
           *[no] {""}
        }
        Really to: { $real }
        Shown to them as:
        {"  "}From: { $signed }
        {"  "}To: { $to }

        { $text }

notice-master-acted =
    .subject = { -brand } { $game }: the { -game-master } acted for { $shown }
    .body = The { -game-master } acted for { $shown } in game { $game } with this mail; the { -judge }'s answer follows.

# lang: the reader's language
#
# SET LANGUAGE (src/judge/language.rs): the confirmation is written in the
# language chosen; { $choices } lists the tags with each language's own
# name.
reply-language-set = from now on the { -judge } writes to you in English
reply-language-replies-only = from now on the { -judge } answers your mail in English; the mail of your games keeps its language: sign on (SIGNON) before SET LANGUAGE to change that too
reply-language-unknown = the { -judge } does not write in `{ $tag }`: write SET LANGUAGE followed by one of { $choices }

# help: the text of HELP
#
# The whole reply to HELP (src/command/words.rs). Command words stay in
# English in every language: they are what the judge reads.
help-text =
    { -brand }: how to play by email
    ============================

    Write one command per line in the body of a plain-text mail to the { -judge }.
    Upper or lower case does not matter. Lines quoted with `>` and everything
    after a `-- ` signature line are ignored; lines starting with `#` are
    comments. Every mail gets one reply listing what was done with each line.

    Without signing on (anybody)
      HELP                              this text
      LIST                              the games on this { -judge }
      LIST <game>                       one game: phase, { -deadline }, powers
      LIST MAPS                         the maps this { -judge } offers (a game
                                        master plays one with `CREATE <game>
                                        variant=<map>`)
      JOIN <game> <password>            join a forming game; you get a power
                                        at random when the game fills (also
                                        `SIGN ON ?<game> <password>`)
      JOIN <power> <game> <password>    join a forming game as that power
      TAKEOVER <power> <game> <password>
                                        ask for a power that has no player in
                                        a running game (the { -game-master } may
                                        have to approve)
      OBSERVE <game>                    receive the game's public results
      SUMMARY <game>                    who played each power when, and the
                                        supply centres year by year
      WHOGAME <game>                    the players and observers (addresses
                                        only where the game is not anonymous)
      CONFIRM ADDRESS <code>            from a new address: the code the
                                        judge mailed there after SET ADDRESS
      SET LANGUAGE en|fr|de             the language the { -judge } writes to you
                                        in, for all your games
      SIGN OFF                          nothing below this line is read

    Playing: start the mail with SIGNON
      SIGNON <power> <game> <password>  e.g. `SIGNON F mygame secret`,
                                        `SIGNON france mygame secret`, or as on
                                        other email judges `SIGN ON Fmygame
                                        secret` (the initial before the game)
                                        (the password may be left out when the
                                        game allows it and you write from the
                                        address you joined with)
      then, in the same mail, any of:
      <orders>                          one per line, e.g. `A par - bur`,
                                        `F lon - nth`, spy orders, reactions;
                                        an order for a unit replaces your
                                        earlier order for that unit. Each order
                                        is checked at once: one that can never
                                        be carried out (no such unit, not
                                        adjacent, a build on a centre you
                                        cannot build on...) is REJECTED and
                                        replaces nothing; one that looks
                                        unlikely to work (a support for a move
                                        your unit was not ordered to make) is
                                        stored with a WARNING. The reply lists
                                        the units still without an order.
      CLEAR                             withdraw the orders you gave before
                                        this mail, those for later phases
                                        too (orders in this mail stand)
      PHASE <season> <year> <kind>      the orders below are for that later
                                        phase, e.g. `PHASE Fall 1902
                                        Retreats`, `PHASE F1902R`, `PHASE
                                        Winter 1902`; they are read against
                                        the map now and applied when the
                                        phase begins, to the units there
                                        then (an order whose unit is gone is
                                        dropped, and you are told). They
                                        run to the next PHASE line or the
                                        end of the mail
      IF <condition>                    the orders below count only if the
      <orders>                          condition holds when the phase
      ELSE IF <condition>               begins (for the current phase: now).
      <orders>                          A condition names a province and
      ELSE                              maybe a power and a unit type, in
      <orders>                          any order: `IF A bur`, `IF NOT F
      ENDIF                             eng`, `IF france A bur AND NOT F
                                        eng`; AND and OR are read left to
                                        right, parentheses group. IF blocks
                                        nest and may stand inside a PHASE
                                        block. Spy orders are never taken
                                        for a later phase or inside IF
      SET WAIT / SET NOWAIT             do / do not process early this phase
      SET DRAW                          vote for a draw including all
                                        survivors
      SET DRAW <power> <power> ...      a draw between those powers, where the
                                        game allows it
      SET NO DRAW                       withdraw your draw vote
      SET CONCEDE <power>               concede the game to that power
      SET NO CONCEDE                    withdraw your concession
      SET ABSENCE <date> [TO <date>]    no { -deadline } falls while you are away
                                        (dates as 2025-07-01, the game's time)
      SET NO ABSENCE                    withdraw your absences
      SET PASSWORD <new>                change your password
      SET ADDRESS <email>               have the { -judge } write to another
                                        address: it mails a code there, and
                                        the change is made when that address
                                        answers with CONFIRM ADDRESS <code>
      HISTORY <game> [<phase>]          phases played; a phase's orders and
                                        results (e.g. `HISTORY mygame S1901M`)
      MAP <game> [<phase>] [BEFORE]     a picture of the board (PNG): now, or
                                        a phase played: its orders, results
                                        and the board after them (BEFORE:
                                        the orders on the board before them)
      RESIGN                            give up your power
      PRESS TO <power>[, <power>...]    a message to those powers, signed with
      <your text>                       your power, up to a line reading
      ENDPRESS                          ENDPRESS (or to the end of the mail).
                                        The text is never read as orders, even
                                        when the PRESS line itself is wrong
                                        (then nothing is sent, and the reply
                                        says why)
      PRESS TO <power>... ANON          unsigned (grey press), where allowed
      PRESS TO ALL BUT <power>...       to every other power still playing
      PRESS TO M                        a message to the { -game-master }
      BROADCAST [ANON]                  a message to every player and observer
      <your text>
      ENDPRESS
      Fake press, where the game allows it (the { -game-master } is always told
      the truth):
      PRESS TO <powers> FAKE BROADCAST  to those powers, who see a broadcast
      BROADCAST TO <powers> FAKE        the same
      PRESS TO <powers> FAKE TO <others>
                                        to those powers, who see it addressed
                                        to the others
      PRESS FAKE TO <powers>            to everybody, who see it addressed to
                                        those powers

    Powers may be given by letter (A E F G I R T) or by name in English,
    French or German (`france`, `Frankreich`).

    Game master (from the master address only)
      MASTER <master password>          first, then any of:
      CREATE <game> [key=value ...]     keys: variant rules deadline retreat
                                        adjust timezone at press reaction
                                        reminder password_optional spy_at_start
                                        max_absence draws concessions
                                        clear_votes show_votes
                                        approve_takeovers grace abandon_after
                                        fake_press anonymous language
                                        e.g. `CREATE mygame deadline=48h
                                        timezone=Europe/Berlin press=grey
                                        language=en` (language: the game's
                                        mail for players who chose none)
      START <game>   PROCESS <game>   PAUSE <game>   RESUME <game>
      TERMINATE <game>                  end the game as it stands: recorded
                                        as ended by the { -game-master } (no
                                        winner, no draw); everyone gets the
                                        final summary
      SET DEADLINE <game> <when>        `24h` from now, or `2025-03-30 20:00`
                                        in the game's timezone
      ROLLBACK <game> <phase>           play again from that phase
      PREVIEW <game>                    what the current orders would produce
      PUBLISH HEAD <game>               when the game is over, mail the final
                                        signed head of its secret log to every
                                        player, to check an export of it later
      APPROVE <game> <power>            give a vacant power to who asked for it
      REFUSE <game> <power>             turn the request down
      EJECT <game> <power>              remove a power's player
      UNLOCK <game> <power>             lift the lock wrong passwords put on
                                        the power (UNLOCK MASTER: on MASTER)
      BECOME <game> <power>             act for the power in the rest of the
                                        mail; its player gets a copy

# The espionage part of HELP, after help-text (src/command/words.rs). Each
# example between backquotes must be an order the judge accepts, in this
# language's order words (tests/it/help_orders.rs checks them).
help-espionage =
    Espionage orders, in games with espionage rules (one per line among your
    orders; the words may also be written in French or German)
      Espionnite, in a movement phase:
      SPY <unit>                        spy on another power's unit: when the
                                        orders are frozen you are told its
                                        order, e.g.
                                        `SPY A mun`
      COUNTERSPY <unit>                 guard one of your units against spies,
                                        e.g.
                                        `COUNTERSPY F bre`
      REACTION <order>                  once the orders are frozen and the spy
                                        reports sent: replace the order of ONE
                                        of your units, e.g.
                                        `REACTION A par - bur`
      REACTION NONE                     you keep your orders as given
                                        `REACTION NONE`
      Spionage (once your power has an organisation):
      + S <{ -home-centre }>                 in an adjustment phase, found your
                                        organisation in an empty { -home-centre },
                                        e.g.
                                        `+ S par`
      S F <order>                       a Fake: an order for another power's
                                        unit that replaces its own, e.g.
                                        `S F A mun - ruh`
                                        with the retreat phase's Fake in
                                        brackets:
                                        `S F A mun - ruh (R: kie)`
                                        in a retreat phase:
                                        `S F A mun boh`
                                        in an adjustment phase:
                                        `S F ber A`
                                        `S F remove F kie`
      S A <power>                       an Anti: stops that power's Fakes
                                        against you, e.g.
                                        `S A germany`
      Also written SPY FAKE, SPY ANTI, BUILD SPY.

# ---------------------------------------------------------------------
# sendtime: notices put into words per reader
# ---------------------------------------------------------------------

# Wrong passwords lock a power's sign-ons (src/text/notice/guessing.rs):
# the player's note, and the game master's. The subject is the same.
notice-signon-locked =
    .subject = Wrong passwords for { $shown } in game { $game }: sign-ons locked
    .body =
        { $after } wrong passwords for { $shown } in game { $game } reached the { -judge } within { $minutes } minutes.

        Sign-ons as { $shown } are now locked for { $minutes } minutes: the password is not checked meanwhile, the right one included, whatever address the mail comes from. Only mail that the { -judge }'s mail server confirms comes from the address you play from gets through (where the { -judge } checks senders). The { -game-master } can lift the lock. If somebody is guessing your password, choose a stronger one with SET PASSWORD once you can sign on again.

        You are told this once; further wrong passwords are not reported.
notice-signon-locked-master =
    .subject = Wrong passwords for { $shown } in game { $game }: sign-ons locked
    .body = { $after } wrong passwords for { $shown } in game { $game } reached the { -judge } within { $minutes } minutes. Sign-ons as { $shown } are locked for { $minutes } minutes from any address (only authenticated mail from the player's address gets through). Lift the lock with `dipspy master unlock { $game } { $shown }`, or by mail with `UNLOCK { $game } { $shown }` after your MASTER line. The player has been told.
# Wrong master passwords lock MASTER (src/judge/guessing.rs), to the
# game master.
notice-master-locked =
    .subject = Wrong master passwords: MASTER locked
    .body = { $after } wrong master passwords reached the { -judge } within { $minutes } minutes. MASTER is locked for { $minutes } minutes: the master password is not checked meanwhile, the right one included, whatever address the mail comes from (only mail that the { -judge }'s mail server confirms comes from your address gets through). Lift the lock with `dipspy master unlock master`. If somebody is guessing the master password, change it.

# HISTORY by mail (src/text/history.rs): the heading, one line per phase,
# and the note under a processed phase without recorded results.
history-heading = History of game { $game }:
history-phase = {"  "}{ $phase } ({ $status })
history-no-results = {"    "}(no results were recorded for this phase)
# words: game errors
#
# Why a game command was refused (src/text/error.rs, one key per variant
# of src/game/error.rs). { game-status } is the game's state, chosen by
# $status (the stored status: forming, active, paused, finished).
game-status = { $status ->
    [forming] still forming (not started)
    [active] running
    [paused] paused
    [finished] finished
   *[other] { $status }
}
error-unknown-game = there is no game called `{ $game }` (see `dipspy game list`)
error-duplicate-game = a game called `{ $game }` already exists; choose another name
error-bad-game-name = `{ $game }` is not a usable game name: use letters, digits, `-` and `_` (at most 32)
error-unknown-power = game { $game } has no power `{ $power }` (powers: { $known })
error-unknown-variant = unknown variant `{ $variant }`: LIST MAPS by mail (or `dipspy maps`) lists the maps this { -judge } offers
error-unknown-rules = unknown rule set `{ $rules }` (known: espionnite, spionage)
error-bad-duration = `{ $text }` is not a { -deadline }: write it as 48h, 30m, 2d or 1d12h
error-bad-time-of-day = `{ $text }` is not a time of day: write it as 20:00
error-bad-timezone = unknown timezone `{ $text }`: use a name such as Europe/Berlin, America/New_York or UTC
error-status-takes-no-orders = game { $game } is { game-status }: it takes no orders
error-status-no-phase-being-played = game { $game } is { game-status }: it has no phase being played
error-status-not-started = game { $game } is { game-status }: it has not started
error-status-over = game { $game } is { game-status }: it is over
error-status-takes-no-absences = game { $game } is { game-status }: it takes no absences
error-status-only-running-paused = game { $game } is { game-status }: only a running game can be paused
error-status-only-paused-resumed = game { $game } is { game-status }: only a paused game can be resumed
error-status-no-phase-with-deadline = game { $game } is { game-status }: it has no phase with a { -deadline }
error-status-join-before-start = game { $game } is { game-status }: players can only join before the game starts
error-status-all-powers-taken = game { $game } is { game-status }: every power already has a player
error-status-takeover-only-running = game { $game } is { game-status }: only a running game's powers are taken over
error-status-no-phase-to-wait-for = game { $game } is { game-status }: there is no phase to wait for
error-status-no-phase-to-preview = game { $game } is { game-status }: there is no phase to preview
error-power-taken = { $power } in game { $game } already has a player
error-already-joined = { $email } has already joined game { $game }
error-bad-email = `{ $text }` is not an e-mail address
error-empty-password = a player needs a password (--password)
error-dummy-power = { $power } in game { $game } is a dummy power: nobody plays it, and the { -game-master } orders its units
error-not-full = game { $game } cannot start: nobody plays { $missing } yet
error-wrong-phase = game { $game } is in { $current }, not { $given }: orders for { $given } are not accepted (the orders were not stored)
error-bad-phase = `{ $text }` is not a phase: write it as S1901M, F1901R, W1901A or "Spring 1901 Movement"
error-not-vacant = { $power } in game { $game } is not vacant: only a power without a player can be taken over
error-no-takeover = nobody asked to take over { $power } in game { $game }
error-not-played = nobody plays { $power } in game { $game }
error-phase-not-played = game { $game } has not played { $phase } (phases played: { $played })
error-vote-refused = vote refused: { $why }
error-no-such-phase = game { $game } has no processed phase { $phase } to roll back to
error-eliminated-give-orders = { $power } has been eliminated from game { $game } and can no longer give orders
error-eliminated-ask-to-wait = { $power } has been eliminated from game { $game } and can no longer ask to wait
error-eliminated-change-password = { $power } has been eliminated from game { $game } and can no longer change the password
error-eliminated-resign = { $power } has been eliminated from game { $game } and can no longer resign
error-eliminated-vote = { $power } has been eliminated from game { $game } and can no longer vote
error-frozen = the orders of game { $game } for { $phase } are frozen for the { -reaction-phase }: send REACTION for one unit, or REACTION NONE
error-no-orders = no orders in the input (only blank lines or comments); nothing was stored
error-corrupt = the stored game { $game } is damaged: { $what }
error-database = database error: { $error }
damage-map-file = its map `{ $variant }`: { $error }
damage-unknown-variant = unknown variant `{ $variant }`
damage-settings = settings: { $error }
damage-position = phase { $phase }: { $error }
damage-stored-order = stored order `{ $text }` no longer reads: { $error }
damage-power-missing = power { $power } missing
damage-unknown-power = unknown power `{ $name }`
damage-unknown-province = unknown province `{ $name }`
damage-unreadable-unit = unreadable unit `{ $unit }`
damage-replayed-phase-missing = the phase played again is missing
error-no-press = game { $game } allows no press: the message was not relayed
error-no-grey-press = game { $game } allows only signed (white) press: send it without ANON; the message was not relayed
error-nobody-left = PRESS TO ALL BUT leaves no power of game { $game } to send to: name fewer powers; the message was not relayed
error-bad-time = `{ $text }` is not a time: write `24h` (from now) or `2025-03-30 20:00` (the game's time)
error-past-deadline = the { -deadline } { $time } has already passed; give a later time
error-absence-date = `{ $text }` is not a date the { -judge } takes: write it as 2025-03-30 (a year from 1000 to 9998)
error-absence-backwards = the absence ends before it starts: write the earlier date first
error-absence-past = the absence is over already: give dates from today on
error-absence-too-long = an absence may last at most { $max ->
    [one] { $max } day
   *[other] { $max } days
} in game { $game }; ask the { -game-master } for a longer one (PRESS TO M)
error-not-an-address = `{ $text }` is not a mail address: write it as anne@example.org
error-address-same = the { -judge } already writes to you at that address
error-address-in-use = that address is already in use in game { $game }: give another
error-address-no-such-code = no change of address waits for this code from this address (a code works once, for { $days } days, and only from the new address it was mailed to)
error-address-stale = the power has had another player since the change was asked for; ask again with SET ADDRESS
error-fake-not-allowed = game { $game } does not allow fake press (the { -game-master } creates such games with fake_press=yes): send the press without FAKE
error-fake-to-master = press to the { -game-master } is never faked: write to the master without FAKE
error-fake-nothing = a broadcast already goes to everybody: name the powers it really goes to, as in `PRESS TO E, G FAKE BROADCAST` or `BROADCAST TO E, G FAKE`

# words: settings
#
# A game's settings, one line each, for LIST <game> and `dipspy game show`
# (src/text/settings.rs). Spans are written 2d 4h, 3h 30m, 45m; yes/no
# arguments are the ids `yes` and `no`.
settings-rules-and = { $first } and { $second }
settings-espionage = espionage: { $rules }{ $espionnite ->
    [yes] ; reaction { -deadline } { $reaction } after the orders are frozen
   *[no] {""}
}{ $spionage ->
    [yes] ; spy_at_start: { $spy_at_start ->
        [yes] yes (every power has a { -spy-organisation } from the start)
       *[no] no (organisations are founded in winter)
    }
   *[no] {""}
}
settings-deadlines = { -deadline(number: "other") }: movement { $movement }, retreats { $retreats }, adjustments { $adjustments } ({ $timezone })
settings-deadlines-at = { -deadline(number: "other") }: movement { $movement }, retreats { $retreats }, adjustments { $adjustments }, at { $at } ({ $timezone })
settings-press = press: { $press }; reminders: none
settings-press-reminders = press: { $press }; reminders: { $reminder } before a { -deadline }
settings-votes = draws: { $draws }; concessions: { $concessions ->
    [yes] yes
   *[no] no
}; votes { $kept ->
    [yes] kept from phase to phase
   *[no] cleared each phase
} and { $shown ->
    [yes] announced
   *[no] secret
}
settings-players = absences: up to { $days ->
    [one] { $days } day
   *[other] { $days } days
}; late orders: { $late ->
    [wait] waited for { $grace }, then the power is abandoned
   *[disorder] processed at once in civil disorder
}; abandoned after { $abandon ->
    [0] never (the master decides)
    [one] { $abandon } movement phase without orders
   *[other] { $abandon } movement phases without orders
}; takeovers: { $approve ->
    [yes] approved by the master
   *[no] open
}
settings-pictures = pictures of the board: { $pictures }
settings-fake-press = fake press: { $fake ->
    [yes] allowed
   *[no] not allowed
}; players' addresses: { $anonymous ->
    [yes] secret (anonymous game)
   *[no] shown by WHOGAME
}

# words: order lines refused
#
# Why an order line, an order for a later phase, or a stored future order
# was refused or dropped (src/text/refused.rs). Orders are in notation
# (`A par - bur`); $phase_name is a phase's long name.
phase-name = { $season ->
    [spring] Spring
    [fall] Fall
   *[winter] Winter
} { $year } { $kind ->
    [movement] Movement
    [retreat] Retreat
   *[adjustment] Adjustment
}
refused-not-an-order = `{ $what }`: not a command this { -judge } knows, nor the start of an order; send HELP for the commands (an order begins with a unit or a province, as in `A par - bur`)
refused-unreadable = cannot read the order { $error }
refused-unreadable-as = cannot read the order as an order of { $phase } { $error }
refused-no-espionage = `{ $order }` is an espionage order, and game { $game } plays without espionage rules
refused-frozen = `{ $order }` cannot be taken: the orders for { $phase } are frozen for the { -reaction-phase }; change one unit with REACTION { $order } (ESP-7)
refused-late = { $phase } was processed at { $at }; these orders were not used
refused-no-spying-in-blocks = espionage orders (spy, counter-spy, Fake, Anti, reaction, founding) are never accepted for a later phase or inside IF ... ENDIF: send them unconditionally in the phase they are for
refused-already-over = { $target } ({ $target_name }) is already over: game { $game } is playing { $current }
refused-never-army-stands = `{ $order }` can never be carried out: an army cannot stand in { $province }
refused-never-fleet-stands = `{ $order }` can never be carried out: a fleet cannot stand in { $province }
refused-never-leads = `{ $order }` can never be carried out: { $from } does not lead to { $to } on this map
refused-never-build-site = `{ $order }` can never be carried out: { $province } is not one of { $power }'s { $sites ->
    [home] { -home-centre(number: "other") }
   *[any] { -supply-centre(number: "other") }
}
refused-unknown-unit-test = `{ $words }` is not a unit test this map knows: write a province, and maybe a power and a unit type, as in `A bur`, `france A bur` or `french army ruhr`
refused-no-power = no power `{ $power }`
refused-condition-unreadable = its condition cannot be read: { $error }
refused-stored-unreadable = it cannot be read { $error }
refused-not-played = { $phase } ({ $phase_name }) was not played (the game went on to { $current })
refused-phase-unreadable = its phase cannot be read
refused-cannot-carry-out = `{ $order }` cannot be carried out: { $reason }

# words: views
#
# Parts of the views of a game (src/text/views.rs).
error-none-yet = none yet
view-dislodged = { $power } { $unit }: { $count ->
    [0] no retreat
   *[other] may retreat to { $retreats }
}
view-missing-units = Still without an order: { $units }
view-missing-dislodged-unit = { $unit } (dislodged)
view-missing-removals = Still open: { $count ->
    [one] { $count } removal
   *[other] { $count } removals
}
view-missing-builds = Still open: { $count ->
    [one] { $count } build (or WAIVE)
   *[other] { $count } builds (or WAIVE for each)
}
view-absence-span = { $first } to { $last } (the game's time, { $timezone })
view-by-default = { $what ->
    [disbanded] { $power } { $unit }: disbanded (no order)
    [civil_disorder] { $power } { $unit }: removed by civil disorder
   *[builds_unused] { $power }: { $count ->
        [one] { $count } build not used
       *[other] { $count } builds not used
    }
}

# words: order parser
#
# Why an order line could not be read (src/text/parse.rs): "at column 9:
# expected `-`, `S`, `C` or `H` after the unit, found `bur`". What the
# grammar wants is listed with parse-list; orders in backticks are
# notation and stay as they are.
parse-error = at column { $column }: expected { $expected }, found { $found }
parse-found-token = `{ $token }`
parse-found-end = end of line
parse-list = { $init } or { $last }
parse-after-unit = { $what } after the unit
parse-after-convoyed-army = { $what } after the convoyed army
parse-other-phase = { $what } ({ $kind ->
    [hold] a hold
    [move] a move
    [support] a support
    [convoy] a convoy
    [retreat] a retreat
    [disband] a disband
    [build] a build
    [removal] a removal
   *[waive] a waive
} is not a { $phase ->
    [movement] movement
    [retreat] retreat
   *[adjustment] adjustment
}-phase order)
parse-examples = { $phase ->
    [movement] an order such as `A par H`, `A par - bur`, `F mar S A par - bur` or `F nth C A lon - nwy`
    [retreat] a retreat such as `A mun R boh` or a disband such as `A mun D`
   *[adjustment] a build such as `Build A par`, a removal such as `Remove F kie`, or `Waive`
}
parse-want-move = `-`
parse-want-support = `S`
parse-want-convoy = `C`
parse-want-hold = `H`
parse-want-retreat = `R`
parse-want-disband = `D`
parse-want-build = `Build`
parse-want-remove = `Remove`
parse-want-waive = `Waive`
parse-want-via = `via convoy`
parse-want-convoy-word = `convoy`
parse-want-close = `)`
parse-want-end = the end of the order
parse-want-coast = a coast (`nc`, `sc`, `ec` or `wc`)
parse-want-unit-type = a unit type (`A` or `F`)
parse-want-province = a province name such as `{ $abbr }` or `{ $name }`
parse-want-order = an order
parse-want-nation = a nation such as `{ $name }`
parse-want-nation-default = a nation such as `france` or `Frankreich`

# words: replay
#
# What `dipspy game replay` found different from what is stored
# (src/text/replay.rs), for the judge. Outcomes are ids (`moved`); $stored
# is `none` when no result was stored.
replay-espionage-at-start = espionage at the start of the game: { $difference }
replay-order-result = order `{ $order }`: stored { $stored ->
    [none] no result
   *[other] { $stored }
} ({ $stored_reason }), recomputed { $recomputed } ({ $recomputed_reason })
replay-reactions-never-opened = reactions owed (reaction_opened_at): the phase was processed but its { -reaction-phase } was never opened (ESP-7)
replay-espionage-carried = espionage carried from { $from }: { $difference }
replay-produced-missing = the phase it produced is missing
replay-next-position = stored next position differs from the recomputed one:
    {"  "}stored:     { $stored }
    {"  "}recomputed: { $recomputed }
replay-future-decision = future order `{ $order }` of { $power }: stored { $stored }, decided again { $again }
replay-future-not-applied = future order `{ $order }` of { $power } is applied but no order of the phase came from it
replay-spy-order = espionage order `{ $order }` of { $power }: { $field } stored `{ $stored }`, the secret log recorded `{ $logged }`
replay-spy-order-unlogged = espionage order `{ $order }` of { $power }: the secret log has no record of its receipt
replay-spy-order-missing = espionage order `{ $order }` of { $power }: the secret log recorded its receipt, but it is no longer stored
# mails: the long mails
#
# The start mail, the spy reports, the reaction notice and the last mail
# of a game (src/text/start.rs, spy_report.rs, game_over.rs). The code
# pads the columns; the words are here.
mails-power-label = { $power }:

# The start mail (src/text/start.rs).
mails-start-subject = { -brand } { $game }: the game has started
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
# In the report, $example is a reaction for one of the reader's own units
# and $none the reaction that changes nothing, both in the reader's order
# words (`RÉACTION A par - bur`, `REAKTION KEINE`).
mails-spy-report-subject = { -brand } { $game }: { $phase } { -spy-report }
mails-spy-report-heading = Spy report for { $phase } (private).
mails-spy-report-no-order = You gave your spy no order this phase.
mails-spy-report-react =
    You may now replace the order of ONE of your units, for example
    {"  "}{ $example }
    or say you are done with
    {"  "}{ $none }
    A later reaction replaces an earlier one. Reactions close at { $deadline }; without one your orders stand as given.
mails-reaction-opened =
    .subject = { -brand } { $game }: { $phase } { -reaction-phase }
    .body =
        The orders for { $phase } are frozen and the { -spy-report(number: "other") } have been sent.
        Each power may now change the order of one of its units with REACTION, or send
        REACTION NONE. The { -reaction-phase } ends at { $deadline }, or earlier when every
        power with units has answered.

# How a game ended, and its last mail (src/text/game_over.rs). $centres and
# $units come padded to two places; $ncentres and $nunits are the numbers.
mails-ended-draw = a draw between { $powers }, agreed by vote
mails-ended-conceded = a win for { $power }, to whom the other players conceded
mails-ended-master = ended by the { -game-master }
mails-ended-calendar = the end of the calendar: no game plays past the year { $year }
mails-ended-solo = solo victory for { $power }
mails-over-subject = { -brand } { $game }: the game is over
mails-over-heading =
    Game { $game } is over: { $how }.

    Final { -supply-centre(number: "other") }:
mails-over-count = { $centres } centres, { $units } units
mails-over-picture = The picture shows the board at the end of the game.

# mails: secret log
#
# The secret log's words, like the marks on the judge's picture and the
# story of a phase's espionage, are the judge's own: src/text/judge/en.ftl,
# not translated.

# mails: results
#
# The results of a phase (src/text/results.rs): the report the judge's
# views show, and the results mail around it. $centres and $units come
# padded to two places; $ncentres and $nunits are the numbers.
results-subject = { -brand } { $game }: { $phase } results
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
results-no-order = (no order)
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
# The event after which a head was signed, as a signed head's mail names it.
mails-head-event-processed = phase processed
mails-head-event-reaction = { -reaction-phase } opened
mails-head-event-ended = game ended
mails-head-signed =
    .subject = { -brand } { $game }: signed head of the secret log after { $phase } (entry { $seq })
    .body = The secret log of game { $game } after { $phase } ({ $event }) ends at entry { $seq } with the hash below, signed with the { -judge }'s key. Keep this mail: `dipspy secret-log { $game } --verify --against FILE` checks the log against the heads you kept, and nobody can rewrite the log without both the { -judge }'s private key and your mailbox.
mails-head-published =
    .subject = { -brand } { $game }: the final signed head of the secret log
    .body = Game { $game } is over. Its secret log ends at entry { $seq } with the hash below, signed with the { -judge }'s key. Anyone given an export of the log can check it against this head: the hashes of the entries must lead to this hash, and the signature must be valid under the { -judge }'s public key ({ $key }).

# mails: the judge's espionage picture
#
# The captions of the marks on the judge's picture of a phase's espionage
# (src/game/pictures.rs), English only like the secret log.
# The entries the game adds to the secret log.
# What `dipspy game process` prints when the reaction phase opens.
mails-reaction-report = { $phase }: orders frozen, { -spy-report(number: "other") } sent; { -reaction-phase } open until { $deadline }.

# mails: the judge's espionage story
#
# `game history PHASE`, unit by unit (src/game/esp_views.rs), English only
# like the secret log.

# mails: pictures
#
# The title of the picture that goes with the last mail (src/game/draw.rs).
mails-final-picture-title = { $game }: the end
