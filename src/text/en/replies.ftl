# dipspy: the replies words, en (joined after ../en.ftl; a key lives in one file only).
#
# The reply to a mail (src/judge/session.rs, mod.rs, address.rs,
# fake_press.rs, texts.rs): what was done with each line, then the orders
# of each power signed on. The marks `Line 3:`, `OK:`, `REJECTED:` and the
# command words a player types stay as they are in every language; the
# code indents the lines of the orders.

# The reply's subject: `Re: ` and the message's subject, or its own.
replies-subject-none = Your message to the { -judge }
replies-subject-re = Re: { $subject }
replies-own-address = Mail from the { -judge }'s own address is not read.

# The end of the reply. $count is a number; English keeps its "line(s)".
replies-no-commands = Your message held no commands. Send HELP for the list of commands.
replies-cut = Lines from line { $line } on were not read: a message may hold at most { $max } commands.
replies-rejected-count = { $count } line(s) rejected; nothing was done for them.

# Game errors as the reply words them (the rest: error-* in en.ftl).
replies-unknown-game = there is no game called `{ $game }` (send LIST for the games on this { -judge })
replies-empty-password = a password is needed
replies-unknown-rules = there are no `{ $rules }` rules: write rules=espionnite, rules=spionage or both

# Lines that need a sign-on or the master's; SIGN OFF, HELP, MASTER.
replies-after-failed-signon = not done, because the SIGNON on line { $line } failed
replies-master-not-player = not done: this is a player's command or an order; the { -game-master } gives it for a power after `BECOME <game> <power>`
replies-sign-on-first = not done: sign on first, with `SIGNON <power> <game> <password>` above this line
replies-master-needed = not done: master commands need a `MASTER <password>` line above them, sent from the { -game-master }'s address
replies-signoff = end of the commands: nothing below is read
replies-help = the help text is at the end of this reply
replies-map-not-allowed = not done: the pictures are for the game's players and observers; sign on or OBSERVE the game first
replies-history-not-allowed = not done: the history is for the game's players and observers; sign on or OBSERVE the game first
replies-master-signed-on = signed on as the { -game-master }
replies-master-refused = refused: MASTER needs the master password, sent from the { -game-master }'s address
replies-signon-locked = sign-on refused: too many wrong passwords were given for { $power } in game { $game }, so its sign-ons are locked for a while and the password is not checked; only mail that the { -judge }'s mail server confirms comes from the player's address gets through, and the { -game-master } can lift the lock
replies-master-locked = refused: too many wrong master passwords were given, so MASTER is locked for a while and the password is not checked; only mail that the { -judge }'s mail server confirms comes from the { -game-master }'s address gets through
replies-master-needs-authentication = refused: MASTER is accepted only in mail that the { -judge }'s mail server confirms comes from the { -game-master }'s address


# A line that may hold a password is quoted by its first word only.
replies-quote-hidden = { $first } ... (the rest is not repeated: it may hold a password)
# A line that may hold a password and does not begin with a command word:
# nothing of it is quoted (the reply names it by its number).
replies-quote-secret = (not repeated: this line may hold a password)
# Why such a line, not a command, was not read.
replies-secret-line = not read: this line looks like a command with a password (SIGNON, JOIN, MASTER, SET PASSWORD...) but is not one, so nothing of it is repeated or kept; write the command word first on its line, in plain letters
# The line after a command whose password or code was left out (SIGNON
# france g, then the password on the next line): not read, not repeated.
replies-secret-next-line = not read: the command above it leaves out its password or code, so this line may be that password; nothing of it is read, repeated or kept. Write the password on the same line as its command (`SIGNON france mygame password`) and send the mail again

# Order lines. $order and $replaced are orders in notation (`A par - bur`).
replies-order-stored = order stored as `{ $order }`
replies-order-stored-same = order stored as `{ $order }` (the same as before)
replies-order-stored-replacing = order stored as `{ $order }`, replacing `{ $replaced }`
replies-order-stored-plain = order stored
replies-order-replaces-nothing = { $error }; it replaces no earlier order
replies-order-not-read = order not read by the game
replies-order-not-stored = order not stored: { $why }

# The orders of a power signed on, at the end of the reply. $phase_name is
# the phase's long name, $phase its code (S1901M); $time a deadline in the
# game's time.
replies-no-phase = Game { $game } has no phase being played (it has not started, or it is over).
replies-orders-heading = Your orders as { $power } in game { $game }, { $phase_name } ({ $phase }):
replies-orders-none = (none)
replies-spy-heading = Your espionage orders (seen by nobody but you and the { -judge }):
replies-waiting = You asked to wait for the { -deadline } (SET WAIT).
replies-later-heading = Your orders for later phases (PHASE), applied when their phase begins:
replies-absences = Your absences (SET ABSENCE): { $spans }
replies-absence-span = from { $from } to { $to }
replies-deadline = Deadline: { $time }
replies-deadline-paused = Deadline: none while the game is paused

# SET ADDRESS and CONFIRM ADDRESS; $days is a number.
replies-address-code-sent = a code was mailed to { $address }; the { -judge } writes there for { $power } in game { $game } once a mail from that address carries `CONFIRM ADDRESS` and the code (within { $days ->
    [one] { $days } day
   *[other] { $days } days
}); until then it writes here
replies-address-not-changed = address not changed: { $why }
replies-address-confirmed = confirmed: the { -judge } now writes to { $address } for { $power } in game { $game }
replies-observer-confirmed = confirmed: you now observe game { $game }: you will receive its results

# Fake press. $signed is `yes` or `no`; $real the powers it goes to,
# $shown whom it seems to go to.
replies-fake-press-sent = press sent ({ $signed ->
    [yes] signed
   *[no] unsigned
}) to { $real }, addressed as if to { $shown } (fake press; the { -game-master } is told the truth)
replies-press-not-sent = press NOT sent: { $why }

# The marks of the reply: each line of the mail is quoted after
# "Line N:", and its verdict follows, marked OK or REJECTED; remarks under
# an order are marked NOTE or WARNING.
replies-mark-line = Line { $line }:
replies-mark-ok = OK:
replies-mark-rejected = REJECTED:
replies-mark-note = NOTE:
replies-mark-warning = WARNING:
