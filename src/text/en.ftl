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
