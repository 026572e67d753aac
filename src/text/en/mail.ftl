# dipspy: the mail words, en (joined after ../en.ftl; a key lives in one file only).

# The note to the sender of a mail too large to read (src/mail/inbox.rs).
# $size and $limit are byte counts, written as digits.
mail-too-large-body =
    Your message was not read: it is { $size } bytes long and the { -judge } reads at most { $limit } bytes.
    Please send your commands as plain text without attachments.
    (You get this note at most once an hour.)

# The game master's notices about the judge's mail (src/mail/health.rs).
# $since and $now are times; $failures is what failed, one per line,
# as the transport said it (not translated).
mail-failing =
    .subject = { -brand }: the { -judge }'s mail is failing
    .body =
        The { -judge }'s mail has been failing since { $since }:
        {"  "}{ $failures }
        Run `dipspy check` and `dipspy status` on the { -judge }'s host; mail waits in the outbox and is retried.
mail-works-again =
    .subject = { -brand }: the { -judge }'s mail works again
    .body = The { -judge }'s mail works again since { $now }; it had been failing since { $since }.

# Everything one mail to the judge causes for one address goes in one
# mail (src/mail/caused.rs): each part after the first under this heading,
# $subject being the subject it would have had on its own.
mail-also-heading = Also: { $subject }

# A one-time link to a power's web page, mailed to the power's player
# when it was asked for at the page (src/mail/web_link.rs). $link is the
# link; $minutes how long it is good for.
mail-web-link =
    .subject = { -brand } { $game }: a link to { $power }'s page
    .body =
        Someone asked at the web pages for a link that opens { $power }'s page in game { $game } without the password:
        {"  "}{ $link }
        Open it and press the button on the page it shows: you are then signed on as { $power }. The link works once, and only for { $minutes } minutes.
        If you did not ask for it, ignore this mail: nothing happens unless the link is used.
