# dipspy: the powers' web pages' words, en (joined after ../en.ftl; a key lives in one file only).

# words: a power's page
#
# Every word of a power's page (src/web/players): signing on with the
# power's password or a one-time link, the power's own view of the
# game, and the forms that send commands as a mail would.
web-power-title = { $power } in game { $game }
web-power-signon-title = { $power } in game { $game }: sign on
web-power-signon-intro = This page is { $power }'s in game { $game }. Sign on with the power's password, the one you use by mail.
web-power-password = Password
web-power-signon = Sign on
web-power-signoff = Sign off
web-power-wrong = The password is wrong.
web-power-locked = Too many wrong passwords: this power's password is locked for now, here and by mail. Try again later, or ask for a link by mail.
web-power-unknown = Nobody plays this power in this game, or there is no such game or power.
web-power-link-ask-intro = Or have a one-time link mailed to the address this power is played from: it opens this page once, without the password.
web-power-link-ask = Mail me a link
web-power-link-asked-title = Link asked for
web-power-link-asked = If this power has a player, a one-time link was mailed to the address it is played from. It works once, for a short while.
web-power-link-title = { $power } in game { $game }: one-time link
web-power-link-intro = This one-time link signs you on as { $power } in game { $game }. Press the button to use it: it then works no more.
web-power-link-use = Sign on with this link
web-power-link-refused-title = Link not valid
web-power-link-refused = This link cannot be used: it is unknown, it has expired or was used already, or the power is played from another address now. Ask for a new one on the power's page.
web-power-refused-title = Refused
web-power-refused = This form was not sent from the power's own page (its security token is missing or wrong), or the session has ended. Load the page again and sign on.
web-power-gone = The power has another player now: this session is over.
web-power-reply = The judge's reply
web-power-send-lines = Commands, one a line, as in a mail
web-power-send = Send
