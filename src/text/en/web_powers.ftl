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

# words: a power's own view and its forms
#
# What a power's page shows of the game (the power's own part only) and
# the forms that write commands as a mail would carry them.
web-power-no-phase = No phase is being played.
web-power-public = The game's public pages
web-power-sent = The commands sent
web-power-units-h = Your units
web-power-dislodged-h = Dislodged, to retreat or disband
web-power-orders-h = Your orders
web-power-spy-h = Your espionage lines
web-power-later-h = Your orders for later phases
web-power-owes-h = Still to do
web-power-owes-nothing = Nothing more: your orders are complete.
web-power-owes-reaction = A reaction for the reaction phase (an order for one of your units, or NONE).
web-power-reacted = You have sent your reaction.
web-power-vote-draw-all = You vote for a draw of every power still in the game.
web-power-vote-draw-some = You vote for a draw between { $powers }.
web-power-vote-draw-none = You do not vote for a draw.
web-power-vote-concede = You concede the game to { $power }.
web-power-wait-on = You asked the judge to wait for the deadline (SET WAIT).
web-power-wait-off = The judge may process the phase early once every order is in.
web-power-reports-h = Your spy reports
web-power-reports-none = No spy report for you yet.
web-power-press-h = Press to you
web-power-press-none = No private press for you yet.
web-power-orders-form = Orders
web-power-orders-help = Write each order as in a mail (- bur, H, S A mar - bur); a row left empty sends nothing, and the order that stands is kept.
web-power-order-for = Order for { $unit }
web-power-adjust-row = Build or removal { $n } (build A par, remove F kie, waive)
web-power-orders-send = Send the orders
web-power-esp-h = Espionage
web-power-esp-spy = Spy on a foreign unit (A mun)
web-power-esp-counterspy = Counter-spy on one of your units (F kie)
web-power-esp-reaction = Reaction: a new order for one of your units, or NONE
web-power-esp-fake = Fake: an order for another power's unit (F mun - sil)
web-power-esp-anti = Anti: stop the Fakes of
web-power-esp-found = Found a spy organisation in an empty home centre (ber)
web-power-esp-send = Send the espionage lines
web-power-later-form = Orders for a later phase
web-power-later-phase = Phase (F1902R, Fall 1902 Retreats)
web-power-later-lines = Orders, one a line
web-power-later-send = Send the orders for that phase
web-power-press-form = Press
web-power-press-private = To the powers ticked
web-power-press-broadcast = To everybody
web-power-press-to = To:
web-power-press-master = The game master
web-power-press-anon = Unsigned (grey press)
web-power-press-fake = Fake press: shown as addressed to (powers, or BROADCAST)
web-power-press-text = Your message
web-power-press-send = Send the message
web-power-votes-h = Draw and concession
web-power-keep = Leave as it is
web-power-draw = Draw
web-power-draw-yes = Vote for a draw
web-power-draw-no = Withdraw my draw vote
web-power-draw-with = Between these powers only (empty: every power still in the game)
web-power-concede = Concede
web-power-concede-no = Withdraw my concession
web-power-votes-send = Send the votes
web-power-settings-h = Settings
web-power-wait = Wait for the deadline
web-power-wait-yes = Yes (SET WAIT)
web-power-wait-no = No (SET NOWAIT)
web-power-new-password = New password (to change it)
web-power-new-password-again = The new password again
web-power-mail-copy = Also mail me the judge's replies
web-power-settings-send = Save
web-power-saved = Your settings are saved.
web-power-nothing = Nothing to send: every field was empty.
web-power-later-no-phase = Name the phase these orders are for.
web-power-press-empty = The message is empty: nothing was sent.
web-power-press-nobody = Tick at least one power, or send it to everybody: nothing was sent.
web-power-press-end = The { -judge } would not read this text whole as the message's text (a line of it would end the message, such as ENDPRESS or SIGN OFF, or would be left out as quoted text or a signature, such as a line --): nothing was sent. Change that line and send again.
web-power-password-mismatch = The two new passwords differ: nothing was sent.
web-power-password-space = A password is one word, without spaces: nothing was sent.
