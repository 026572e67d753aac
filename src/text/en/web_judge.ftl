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
