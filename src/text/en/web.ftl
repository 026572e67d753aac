# dipspy: the web pages' words, en (joined after ../en.ftl; a key lives in one file only).

# words: the web pages
#
# Every word of the public pages (src/web): the frame, the list of games,
# a game's and a phase's page, the centre chart and the Atom feed.
web-skip = Skip to the content
web-nav = Pages
web-home = All games
web-languages = Language
web-index-title = Games on this judge
web-index-forming = Open for joining
web-index-playing = In play
web-index-finished = Finished
web-index-none = No game.
web-index-caption-forming = Games open for joining
web-index-caption-playing = Games in play
web-index-caption-finished = Finished games
web-col-game = Game
web-col-map = Map
web-col-rules = Rules
web-col-players = Players
web-col-phase = Phase
web-col-deadline = Deadline
web-col-status = Status
web-col-power = Power
web-col-order = Order
web-col-result = Result
web-col-units = Units
web-col-count = Number
web-col-centres = Supply centres
web-players-count = { $taken } of { $powers }
web-rules-none = standard
web-rule = { $rule ->
    [espionnite] Espionnite
    [spionage] Spionage
   *[other] { $rule }
}
web-no-deadline = none
web-not-started = not started
web-game-title = Game { $game }
web-phase-title = Game { $game }: { $phase }
web-game-facts = About this game
web-col-outcome = Outcome
web-board = The board
web-board-title = The board of game { $game }: { $phase }
web-board-adjudicated = The picture shows this phase's orders with what became of them, on the board that resulted; the tables below say the same in words.
web-board-position = The picture shows the units at the start of this phase; the tables below list them.
web-board-power = { $power }: { $units ->
    [0] no unit
    [one] one unit
   *[other] { $units } units
}, { $centres ->
    [0] no supply centre
    [one] one supply centre
   *[other] { $centres } supply centres
}.
web-results = Results
web-results-none = This phase has not been processed yet: its orders stay secret until it is.
web-orders-caption = The orders of { $phase } and what became of them
web-units = Units
web-units-caption-after = Units after { $phase }
web-units-caption-now = Units during { $phase }
web-centres = Supply centres
web-centres-caption-after = Supply centres after { $phase }
web-centres-caption-now = Supply centres during { $phase }
web-press = Press
web-press-none = No press to everyone in this phase.
web-deadline = Deadline:
web-deadline-none = No deadline runs now.
web-phases = Every phase
web-phase-nav = Phases
web-previous = Previous phase: { $phase }
web-next = Next phase: { $phase }
web-chart = Supply centres over the years
web-chart-title = Supply centres of each power in game { $game }, at the end of each year
web-chart-caption = Supply centres of each power at the end of each year
web-chart-none = No year has ended yet.
web-feed = The results as an Atom feed
web-feed-title = Results of game { $game }
web-not-found = Not found
web-not-found-text = There is no such page here.
web-failed = The page could not be made
web-failed-text = Something went wrong on the judge's side; its log says what.
