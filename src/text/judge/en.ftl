# The judge's own words, in English: the secret log (src/text/secret_log.rs),
# the marks on the judge's picture (src/game/judge_marks.rs) and the story
# of a phase's espionage (src/game/esp_views.rs). Only the judge reads
# them, so they are not translated: every language's bundle carries this
# file as it is (src/text/mod.rs), and translators leave it alone.
#
# $power is who acted (the sender, the spy, the faker, the owner of an
# adjudicated unit).

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
secret-received-replacing = { $power } sent `{ $order }` (replacing `{ $old }`)
secret-refused-at-once = { $power }'s `{ $order }` refused at once: { $why }
secret-frozen = orders frozen ({ $orders }); reaction phase open until { $deadline }
secret-frozen-order = { $power }: { $order }
secret-told = { $power } was told: { $told }
secret-told-nothing = that it gave its spy no order
secret-processed = { $phase } processed; next { $next }; organisations founded: { $founded }; exposed: { $exposed }
secret-game-ended = the game ended in { $phase }: { $how }; the final head is signed
secret-final-head-late = the game ended before { -brand } signed final heads; its final head is signed now, as it is published
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
story-fake-applied-in-place = { $order } ({ $faker }'s Fake, in place of { $before })
story-no-order-disbanded = no order (disbanded)
story-civil-disorder = no order: removed by civil disorder
story-civil-disorder-removal = civil disorder's removal of { $unit }
story-builds = builds
story-builds-unused = { $count ->
    [one] { $count } build not used (no order)
   *[other] { $count } builds not used (no order)
}
