# dipspy: the judge's web pages' words, en (joined after ../en.ftl; a key lives in one file only).

# words: the judge's pages
#
# Every word of the judge's pages (src/web/judge), behind the master
# password: logging in, the secret logs, their check and export.
web-judge-login-title = The judge's pages: log in
web-judge-password = Master password
web-judge-login = Log in
web-judge-logout = Log out
web-judge-wrong = The password is wrong.
web-judge-locked = Too many wrong master passwords: the master password is locked for now, here and by mail. Try again later.
web-judge-forbidden-title = Refused
web-judge-forbidden = This form was not sent from the judge's own page (its security token is missing or wrong), or the session has ended. Load the page again and retry.
web-judge-games-title = Secret logs
web-judge-games-caption = Games with a secret log
web-judge-games-none = No game has a secret log.
web-judge-col-entries = Entries
web-judge-game-title = Secret log of game { $game }
web-judge-verify = Verification
web-judge-verify-ok = The secret log checks: { $entries } entries, the hash chain is intact; { $signed } signed heads and { $mailed } heads the master kept check with the judge's key, and every processed phase has its head.
web-judge-verify-broken = The secret log is damaged at entry { $seq }:
web-judge-verify-no-key = The secret log could not be checked: the judge's key cannot be used.
web-judge-verify-no-mail = The secret log could not be checked against the heads the master kept: they cannot be read.
web-judge-verify-none-mailed = No signed head of this game was found in the heads the master kept.
web-judge-filters = Filters
web-judge-filter-power = Power
web-judge-filter-kind = Kind
web-judge-filter-all = all
web-judge-filter-apply = Show
web-judge-shown = { $shown } of { $total } entries shown.
web-judge-export = Download the export (JSON, for a dispute panel)
web-judge-timeline = Timeline
web-judge-none = No entry for this choice.
web-judge-phase-caption = Secret log entries of { $phase }
web-judge-col-seq = No.
web-judge-col-time = Time
web-judge-col-kind = Kind
web-judge-col-power = Power
web-judge-col-words = What happened
web-judge-col-source = Source
web-judge-picture-link = The judge's picture of { $phase }
web-judge-phase-title = Game { $game }, { $phase }: the judge's view
web-judge-picture-title = The judge's picture of game { $game }, { $phase }: the board with its espionage
web-judge-picture-summary = The espionage the picture shows:
web-judge-picture-none = No espionage in this phase.
web-judge-back = Back to the timeline

# words: the master's commands on the judge's pages
#
# The master's page of a game (src/web/judge/master.rs): its forms give
# the master's commands, the judge's reply shown with the command sent.
web-master-title = The master's commands: game { $game }
web-master-link = The master's commands
web-master-to-log = Its secret log
web-master-every = The master's commands, game by game
web-master-every-none = There is no game.
web-master-phase = Phase
web-master-deadline = Deadline
web-master-reply = The judge's reply
web-master-sent = Command sent:
web-master-to-send = Command to send:
web-master-commands = The master's commands
web-master-process = Process now
web-master-process-note = (a confirmation page comes first)
web-master-pause = Pause
web-master-resume = Resume
web-master-when = New deadline
web-master-set-deadline = Set the deadline
web-master-when-note = A time from now (48h, 90m, 2d) or a date and time in the game's timezone (2026-01-05 18:00).
web-master-rollback-to = Roll back to the start of
web-master-rollback = Roll back
web-master-no-phase = No phase has been processed yet: there is nothing to roll back to.
web-master-takeovers = Takeovers waiting for the master
web-master-no-takeover = No takeover is waiting.
web-master-approve = Approve
web-master-refuse = Refuse
web-master-confirm-title = Confirm a command for game { $game }
web-master-confirm-process = Processing adjudicates the current phase of game { $game } now, with the orders that are in, and sends the results to every player. Only a rollback undoes it.
web-master-confirm-rollback = Rolling back undoes every phase of game { $game } played from the chosen one on: they stay in the history, marked rolled back, and the players are told.
web-master-confirm = Yes, send this command
web-master-cancel = No, back to the master's commands
web-master-unfit-action = There is no such command.
web-master-unfit-when = Give the new deadline, on one line.
web-master-unfit-phase = Choose a phase that was played.
web-master-unfit-power = Choose a power.
web-master-unfit-game = There is no such game.
