# dipspy: the pictures words, en (joined after ../en.ftl; a key lives in one file only).
#
# The title and legend of a picture of the board (src/render/words.rs).
# The words of the key go under small drawn marks and are short; a
# power's counts stand under its name in a column about 25 letters wide.
pictures-shows-results-after = results, and the board after them
pictures-shows-orders-results = orders and results
pictures-shows-position = position
pictures-shows-orders = orders
pictures-counts = { $centres } centres, { $units } units
pictures-key-army = army
pictures-key-fleet = fleet
pictures-key-centre = centre
pictures-key-moves = moves
pictures-key-fails = fails
pictures-key-supports = supports
pictures-key-convoys = convoys
pictures-key-holds = holds
pictures-key-dislodged = dislodged
pictures-key-may-retreat = may retreat to
pictures-key-standoff = standoff
pictures-key-impossible = impossible
pictures-key-retreats = retreats
pictures-key-disbanded = disbanded
pictures-key-standoff-no-retreat = standoff: no retreat there
pictures-key-built = built
pictures-key-removed = removed
# A power that waived a build, under the legend; $outcome is one of
# results-outcome-*.
pictures-waives = { $power } waives a build
pictures-waive-outcome = { $power }: Waive ({ $outcome })
pictures-notes-joined = { $first }; { $rest }
#
# MAP by mail (src/judge/pictures.rs): $phase is the phase's long name,
# $file the attached file's name.
pictures-map-attached = the picture of game { $game }, { $phase }, is attached ({ $file })
pictures-map-not-drawn = not done: the picture could not be drawn; the { -game-master } has been told in the log
#
# The judge's picture only (secret-log --map): the key to the tags of
# espionage, drawn under the legend, and the heading of the list of the
# phase's espionage below it.
pictures-key-spy = spy on this unit, in the spying power's colour
pictures-key-counter-spy = counter-spy on its power's own unit
pictures-key-reaction = unit whose power reacted
pictures-key-fake = Fake applied, in the faking power's colour
pictures-key-anti = Anti: the first power's units safe from the second power's Fakes
pictures-key-clash = Fakes that collided here (none took effect), every power named
pictures-key-founded = organisation founded in this centre
pictures-key-no-effect = dashed: no effect (spy covered, Fake stopped by an Anti or void, collision)
# What the picture is, for a reader who cannot see it (a mail's
# alternative text).
pictures-description = The board
pictures-espionage-heading = Espionage this phase (the { -judge }'s eyes only)
