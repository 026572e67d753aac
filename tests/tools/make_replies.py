#!/usr/bin/env python3
"""Writes tests/replies/*.eml: France's reply to the judge as each common
mail client writes it ("Reply", top-posted and, where the client allows it,
bottom-posted), and tests/replies/expected.txt: for each mail, the sentence
the judge's reply must give about the lines it did not read.

Every mail holds the new text (SIGNON and `A par - bur`) and quotes the
judge's earlier reply, which lists the earlier order `A par - pic`.
The mails are written from the clients' known formats (their header
blocks, attribution lines, HTML quote containers, charsets and transfer
encodings); run `python3 tests/tools/make_replies.py` to write them again.
The `real-*` mails beside them are written by hand (tests/replies/README.md):
this script leaves them and their lines of expected.txt as they are.
Used by tests/quoted_replies.rs.
"""

import html
import os
import re
from email.message import EmailMessage
from email.policy import SMTP

OUT = os.path.join(os.path.dirname(__file__), "..", "replies")
JUDGE = "judge@judge.test"
ME = "france@players.test"
NEW = ["SIGNON F vet Pwfra-7xq", "A par - bur"]
# The judge's earlier reply, as the player received it.
EARLIER = [
    "Line 1: SIGNON F vet ****",
    "  OK: signed on as France in game vet",
    "Line 2: A par - pic",
    "  OK: order stored as `A par - pic`",
    "",
    "Your orders as France in game vet, Spring 1901 (S1901M):",
    "  A par - pic",
    "  Still without an order: F bre, A mar",
    "Deadline: Mon 3 Mar 2025 12:00 UTC",
]

# The names the judge's reply gives (src/command/quotes.toml): a
# separator's words and a header block's labels as the mail writes them,
# an attribution by its pattern in the client's language. An HTML
# container is named by the header under it.
ORIG = "Original Message"
FWD = "Forwarded message"
ON = "On … wrote:"
LE = "Le … a écrit :"
AM = "Am … schrieb …:"
OT = "… от …:"
YA = "<date>, <sender>:"
HB_EN = "From: … Sent: … To: … Subject:"
HB_FR = "De : … Envoyé : … À : … Objet :"
HB_DE = "Von: … Gesendet: … An: … Betreff:"
SENT_FROM = "Sent from my …"
ENVOYE = "Envoyé de mon …"
VON = "Von meinem … gesendet"
MARKED = None


def lines_with_text(lines):
    return sum(1 for l in lines if any(c.isalnum() for c in l))


def note(parts):
    """The judge's sentence (see quote::skipped_note) for parts given as
    (kind, name, count) in the order they appear."""
    merged = []
    for kind, name, n in parts:
        for m in merged:
            if m[0] == kind and m[1] == name:
                m[2] += n
                break
        else:
            merged.append([kind, name, n])
    texts = []
    for kind, name, n in merged:
        w = "line" if n == 1 else "lines"
        if kind == "quote" and name is None:
            texts.append(f"{n} quoted {w} (marked with `>`)")
        elif kind == "quote":
            texts.append(f"{n} quoted {w} (from `{name}`)")
        else:
            texts.append(f"{n} signature {w} (`{name}`)")
    verb = "was" if len(merged) == 1 and merged[0][2] == 1 else "were"
    text = texts[-1] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]
    return f"{text} {verb} not read."


def marked(lines, prefix="> "):
    return [(prefix + l).rstrip() if l else prefix.rstrip() for l in lines]


def esc(s):
    return html.escape(s, quote=False)


def divs(lines, tag="div", attrs=""):
    a = f" {attrs}" if attrs else ""
    return "".join(f"<{tag}{a}>{esc(l) if l else '<br>'}</{tag}>" for l in lines)


def brs(lines):
    return "<br>\n".join(esc(l) for l in lines)


def write(name, headers, text=None, html_body=None, charset="utf-8", cte="quoted-printable", expect=None, expect_html=None):
    """One mail, and a copy of it with the HTML part alone when it has
    both (what the judge reads when a client sends HTML only)."""
    variants = [(name, text, html_body, expect)]
    if text is not None and html_body is not None:
        variants.append((name + ".html-only", None, html_body, expect_html))
    for n, t, h, e in variants:
        m = EmailMessage(policy=SMTP)
        for k, v in headers:
            m[k] = v
        m["Message-ID"] = f"<{n}@players.test>"
        if t is not None:
            m.set_content(t + "\n", subtype="plain", charset=charset, cte=cte)
            if h is not None:
                m.add_alternative(h, subtype="html", charset=charset, cte=cte)
        else:
            m.set_content(h, subtype="html", charset=charset, cte=cte)
        if "mail.ru" in name:
            # mail.ru sends its parts in base64.
            for part in m.walk():
                if not part.is_multipart() and part.get_content_type().startswith("text/"):
                    body = part.get_content()
                    sub = part.get_content_subtype()
                    part.set_content(body, subtype=sub, charset="utf-8", cte="base64")
        with open(os.path.join(OUT, n + ".eml"), "wb") as f:
            f.write(m.as_bytes())
        EXPECTED.append((n + ".eml", e))


EXPECTED = []


def hdrs(mailer, subject="Re: orders", extra=()):
    h = [
        ("From", f"France <{ME}>"),
        ("To", f"dipspy judge <{JUDGE}>"),
        ("Subject", subject),
        ("Date", "Sat, 01 Mar 2025 12:30:00 +0000"),
        ("In-Reply-To", "<r1@judge.test>"),
        ("References", "<t1@players.test> <r1@judge.test>"),
        ("MIME-Version", "1.0"),
    ]
    if mailer:
        h.append(mailer)
    h.extend(extra)
    return h


OUTLOOK_HEAD = [
    ("Thread-Topic", "orders"),
    ("Thread-Index", "AdtLt2m4c1q9xw0TQkS3Yd1JfE2bQw=="),
    ("Content-Language", "en-GB"),
]


def outlook_header(lang, mailto=False, sent="Saturday, March 1, 2025 12:00 PM"):
    who = f"dipspy judge [mailto:{JUDGE}]" if mailto else f"dipspy judge <{JUDGE}>"
    if lang == "en":
        return [f"From: {who}", f"Sent: {sent}", f"To: France <{ME}>", "Subject: Re: orders"]
    if lang == "fr":
        return [f"De : {who}", "Envoyé : samedi 1 mars 2025 12:00", f"À : France <{ME}>", "Objet : RE: orders"]
    return [f"Von: {who}", "Gesendet: Samstag, 1. März 2025 12:00", f"An: France <{ME}>", "Betreff: AW: orders"]


def word_html(new, header, quoted, border="#E1E1E1"):
    """Outlook 2007-2016 and Windows Mail: Word's HTML, the header block
    in a div with a top border."""
    h = "".join(f"<b>{esc(l.split(':', 1)[0])}:</b>{esc(l.split(':', 1)[1])}<br>" for l in header)
    return (
        '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>'
        '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
        '<style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt;} --></style></head>'
        '<body lang="EN-GB" link="#0563C1"><div class="WordSection1">'
        + divs(new, "p", 'class="MsoNormal"')
        + '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>'
        + f"<div><div style=\"border:none;border-top:solid {border} 1.0pt;padding:3.0pt 0cm 0cm 0cm\">"
        + f'<p class="MsoNormal">{h}</p></div></div>'
        + '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>'
        + divs(quoted, "p", 'class="MsoNormal"')
        + "</div></body></html>"
    )


def owa_html(new, header, quoted):
    """Outlook on the web, Outlook.com (Hotmail) and new Outlook."""
    h = "".join(f"<b>{esc(l.split(':', 1)[0])}:</b>{esc(l.split(':', 1)[1])}<br>" for l in header)
    return (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
        '<style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style></head>'
        '<body dir="ltr">'
        + divs(new, "div", 'class="elementToProof" style="font-family: Aptos, sans-serif; font-size: 12pt;"')
        + '<div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1">'
        + f'<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt" color="#000000">{h}</font><div>&nbsp;</div></div>'
        + f'<div><pre style="font-family:monospace">{esc(chr(10).join(quoted))}</pre></div>'
        + "</body></html>"
    )


def gmail_html(new, attr, quoted, bottom=False):
    q = (
        '<div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">'
        + esc(attr)
        + '<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">'
        + f'<pre style="font-family:monospace">{esc(chr(10).join(quoted))}</pre>'
        + "</blockquote></div>"
    )
    n = '<div dir="ltr">' + esc(new[0]) + divs(new[1:]) + "</div>"
    return q + n if bottom else n + "<br>" + q


def gmail(name, mailer, attr_lines, label, attr_one, bottom_too=True, charset="utf-8"):
    """Gmail (web, Android, iOS; in English, French, German): the
    attribution, wrapped at 78 columns in the text part, then `> ` lines."""
    q = marked(EARLIER)
    qn = lines_with_text(EARLIER)
    text = "\n".join(NEW + [""] + attr_lines + [""] + q)
    exp = note([("quote", label, len(attr_lines) + qn)])
    exp_h = note([("quote", label, 1 + qn)])
    write(f"{name}-top", hdrs(mailer), text, gmail_html(NEW, attr_one, EARLIER), charset, expect=exp, expect_html=exp_h)
    if bottom_too:
        text = "\n".join(attr_lines + [""] + q + [""] + NEW)
        write(f"{name}-bottom", hdrs(mailer), text, gmail_html(NEW, attr_one, EARLIER, bottom=True), charset, expect=exp, expect_html=exp_h)


def main():
    os.makedirs(OUT, exist_ok=True)
    # The real-* mails are written by hand (see tests/replies/README.md).
    for f in os.listdir(OUT):
        if f.endswith(".eml") and not f.startswith("real-"):
            os.remove(os.path.join(OUT, f))
    qn = lines_with_text(EARLIER)

    # ---- Outlook 2003: plain text; the quote under -----Original Message-----.
    m = ("X-Mailer", "Microsoft Office Outlook 11")
    head = outlook_header("en", mailto=True)
    text = "\n".join(NEW + ["", "-----Original Message-----"] + head + [""] + EARLIER)
    write("outlook2003-top", hdrs(m, extra=OUTLOOK_HEAD), text, charset="us-ascii", cte="7bit",
          expect=note([("quote", ORIG, 1 + 4 + qn)]))
    # With "Prefix each line of the original message", typed below.
    text = "\n".join(["-----Original Message-----"] + marked(head + [""] + EARLIER) + [""] + NEW)
    write("outlook2003-bottom", hdrs(m, extra=OUTLOOK_HEAD), text, charset="us-ascii", cte="7bit",
          expect=note([("quote", ORIG, 1 + 4 + qn)]))

    # ---- Outlook 2007, 2010, 2016/365 on the desktop: text and Word HTML.
    for name, mailer, border, mailto in [
        ("outlook2007", "Microsoft Office Outlook 12.0", "#B5C4DF", True),
        ("outlook2010", "Microsoft Outlook 14.0", "#B5C4DF", True),
        ("outlook2016", None, "#E1E1E1", False),
    ]:
        head = outlook_header("en", mailto=mailto)
        text = "\n".join(NEW + [""] + head + [""] + EARLIER)
        mh = ("X-Mailer", mailer) if mailer else None
        write(f"{name}-top", hdrs(mh, extra=OUTLOOK_HEAD), text, word_html(NEW, head, EARLIER, border),
              charset="utf-8", expect=note([("quote", HB_EN, 4 + qn)]), expect_html=note([("quote", HB_EN, 4 + qn)]))

    # ---- Outlook on the web and Outlook.com (Hotmail today).
    for name in ["outlookweb", "hotmail"]:
        head = outlook_header("en")
        text = "\n".join(NEW + ["", "________________________________"] + head + [""] + EARLIER)
        write(f"{name}-top", hdrs(None, extra=OUTLOOK_HEAD), text, owa_html(NEW, head, EARLIER),
              expect=note([("quote", HB_EN, 4 + qn)]), expect_html=note([("quote", HB_EN, 4 + qn)]))

    # ---- Hotmail as it was (Windows Live): the quote marked with "> " in
    # the text and, as text, in the HTML, under an <hr>.
    hm_head = ["Date: Sat, 1 Mar 2025 12:00:00 +0000", f"From: {JUDGE}", f"To: {ME}", "Subject: Re: orders"]
    text = "\n".join(NEW + [""] + marked(hm_head + [""] + EARLIER))
    hm_html = (
        "<html><head><style><!-- .hmmessage P { margin:0px; padding:0px } --></style></head>"
        "<body class='hmmessage'><div dir='ltr'>" + brs(NEW) + "<br><br><hr id=\"stopSpelling\">"
        + brs(marked(hm_head + [""] + EARLIER)) + "</div></body></html>"
    )
    write("hotmail-classic-top", hdrs(("X-Originating-IP", "[192.0.2.7]")), text, hm_html, charset="iso-8859-1",
          expect=note([("quote", MARKED, 4 + qn)]), expect_html=note([("quote", MARKED, 4 + qn)]))

    # ---- Windows Mail (Windows 10/11): its signature, then Outlook's block.
    head = ["From: dipspy judge", "Sent: Saturday, 1 March 2025 12:00", f"To: {ME}", "Subject: Re: orders"]
    sig = ["", "Sent from Mail for Windows"]
    text = "\n".join(NEW + sig + [""] + head + [""] + EARLIER)
    write("windowsmail-top", hdrs(None), text, word_html(NEW + sig, head, EARLIER),
          expect=note([("sig", SENT_FROM, 1), ("quote", HB_EN, 4 + qn)]),
          expect_html=note([("sig", SENT_FROM, 1), ("quote", HB_EN, 4 + qn)]))

    # ---- Gmail: web, Android, iOS; French and German.
    gm = ("X-Mailer", None)
    gmail("gmail-web", None,
          [f"On Sat, Mar 1, 2025 at 12:00 PM dipspy judge <{JUDGE}>", "wrote:"], ON,
          f"On Sat, Mar 1, 2025 at 12:00 PM dipspy judge <{JUDGE}> wrote:")
    gmail("gmail-android", None,
          [f"On Sat, 1 Mar 2025, 12:00 dipspy judge, <{JUDGE}> wrote:"], ON,
          f"On Sat, 1 Mar 2025, 12:00 dipspy judge, <{JUDGE}> wrote:")
    gmail("gmail-ios", None,
          [f"On Sat, Mar 1, 2025 at 12:00 PM, dipspy judge <{JUDGE}> wrote:"], ON,
          f"On Sat, Mar 1, 2025 at 12:00 PM, dipspy judge <{JUDGE}> wrote:", bottom_too=False)
    gmail("gmail-fr", None,
          [f"Le sam. 1 mars 2025 à 12:00, dipspy judge <{JUDGE}> a", "écrit :"], LE,
          f"Le sam. 1 mars 2025 à 12:00, dipspy judge <{JUDGE}> a écrit :")
    gmail("gmail-de", None,
          ["Am Sa., 1. März 2025 um 12:00 Uhr schrieb dipspy judge <", f"{JUDGE}>:"], AM,
          f"Am Sa., 1. März 2025 um 12:00 Uhr schrieb dipspy judge <{JUDGE}>:")
    del gm

    # ---- A forwarded mail (Gmail's Forward), new orders above it.
    fwd = ["---------- Forwarded message ---------", f"From: dipspy judge <{JUDGE}>",
           "Date: Sat, Mar 1, 2025 at 12:00 PM", "Subject: Re: orders", f"To: <{ME}>"]
    text = "\n".join(NEW + ["", ""] + fwd + ["", ""] + EARLIER)
    fh = ('<div dir="ltr">' + esc(NEW[0]) + divs(NEW[1:]) + '<br><div class="gmail_quote gmail_quote_container">'
          '<div dir="ltr" class="gmail_attr">' + brs(fwd) + "<br></div><br><br>"
          + f'<pre style="font-family:monospace">{esc(chr(10).join(EARLIER))}</pre></div></div>')
    write("gmail-forward-top", hdrs(None, subject="Fwd: orders"), text, fh,
          expect=note([("quote", FWD, 5 + qn)]), expect_html=note([("quote", FWD, 5 + qn)]))

    # ---- Apple Mail (macOS): the attribution inside the quote.
    am = ("X-Mailer", "Apple Mail (2.3826.400.131.1.6)")
    att = f"On 1 Mar 2025, at 12:00, dipspy judge <{JUDGE}> wrote:"
    q = marked([att, ""] + EARLIER)
    ah = ('<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head>'
          '<body style="overflow-wrap: break-word; -webkit-nbsp-mode: space; line-break: after-white-space;">')
    aq = f'<div><br><blockquote type="cite"><div>{esc(att)}</div><br></blockquote></div><blockquote type="cite"><div>{divs(EARLIER)}</div></blockquote>'
    for bottom in [False, True]:
        text = "\n".join((q + [""] + NEW) if bottom else (NEW + [""] + q))
        body = ah + (aq + divs(NEW) if bottom else divs(NEW) + aq) + "</body></html>"
        write("apple-mail-" + ("bottom" if bottom else "top"), hdrs(am), text, body,
              expect=note([("quote", ON, 1 + qn)]), expect_html=note([("quote", ON, 1 + qn)]))

    # ---- iPhone Mail: its signature, in English, French and German.
    for name, sig, signame, att in [
        ("iphone", "Sent from my iPhone", SENT_FROM, (ON, f"On 1 Mar 2025, at 12:00, dipspy judge <{JUDGE}> wrote:")),
        ("iphone-fr", "Envoyé de mon iPhone", ENVOYE, (LE, f"Le 1 mars 2025 à 12:00, dipspy judge <{JUDGE}> a écrit :")),
        ("iphone-de", "Von meinem iPhone gesendet", VON, (AM, f"Am 01.03.2025 um 12:00 schrieb dipspy judge <{JUDGE}>:")),
    ]:
        im = ("X-Mailer", "iPhone Mail (22D72)")
        q = marked([att[1], ""] + EARLIER)
        iq = f'<div dir="ltr"><br><blockquote type="cite">{esc(att[1])}<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">{divs(EARLIER)}</div></blockquote>'
        exp = note([("sig", signame, 1), ("quote", att[0], 1 + qn)])
        text = "\n".join(NEW + ["", sig, ""] + q)
        body = ('<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body dir="auto">'
                + divs(NEW, "div", 'dir="ltr"') + f'<div dir="ltr"><br></div><div dir="ltr">{esc(sig)}</div>' + iq + "</body></html>")
        write(f"{name}-top", hdrs(im), text, body, expect=exp, expect_html=exp)
    text = "\n".join(marked([f"On 1 Mar 2025, at 12:00, dipspy judge <{JUDGE}> wrote:", ""] + EARLIER) + [""] + NEW + ["", "Sent from my iPhone"])
    write("iphone-bottom", hdrs(("X-Mailer", "iPhone Mail (22D72)")), text, charset="utf-8",
          expect=note([("quote", ON, 1 + qn), ("sig", SENT_FROM, 1)]))

    # ---- Thunderbird: plain (format=flowed) and HTML, usually bottom-posted.
    tb = ("User-Agent", "Mozilla Thunderbird")
    att = "On 01/03/2025 12:00, dipspy judge wrote:"
    q = marked(EARLIER)
    th = ('<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head><body>'
          f'<div class="moz-cite-prefix">{esc(att)}<br></div><blockquote type="cite" cite="mid:r1@judge.test">'
          f'<pre class="moz-quote-pre" wrap="">{esc(chr(10).join(EARLIER))}</pre></blockquote>')
    for bottom in [True, False]:
        text = "\n".join(([att] + q + [""] + NEW) if bottom else (NEW + ["", att] + q))
        if bottom:
            body = th + "<p>" + brs(NEW) + "</p></body></html>"
        else:
            body = ('<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head><body>'
                    + "<p>" + brs(NEW) + "</p>" + th[th.index("<div class"):] + "</body></html>")
        write("thunderbird-" + ("bottom" if bottom else "top"), hdrs(tb), text, body,
              expect=note([("quote", ON, 1 + qn)]), expect_html=note([("quote", ON, 1 + qn)]))

    # ---- Yahoo Mail today: the quote unmarked under the attribution.
    ym = ("X-Mailer", "WebService/1.1.23187 YMailNorrin")
    att = f"On Saturday, March 1, 2025 at 12:00:00 PM GMT, dipspy judge <{JUDGE}> wrote:"
    text = "\n".join(NEW + ["", "", "    " + att + "  ", " ", " "] + [" " + l for l in EARLIER])
    yh = ('<html><head></head><body><div class="ydp5e1f1c2eyahoo-style-wrap" style="font-family:Helvetica Neue, Helvetica, Arial, sans-serif;font-size:13px;">'
          + divs(NEW, "div", 'dir="ltr" data-setdir="false"') + '</div><div><br></div><div><br></div>'
          + f'<div id="ydp4c1b3a2eyahoo_quoted_1234567890" class="ydp4c1b3a2eyahoo_quoted"><div style="font-family:\'Helvetica Neue\', Helvetica, Arial, sans-serif;font-size:13px;color:#26282a;"><div>{esc(att)}</div><div><br></div><div><br></div>'
          + f'<div><div dir="ltr">{divs(EARLIER)}</div></div></div></div></body></html>')
    write("yahoo-top", hdrs(ym), text, yh, expect=note([("quote", ON, 1 + qn)]), expect_html=note([("quote", ON, 1 + qn)]))
    # Yahoo as it was: `--- On … wrote:` over an unmarked header block.
    old = [f"--- On Sat, 3/1/25, dipspy judge <{JUDGE}> wrote:", "", f"From: dipspy judge <{JUDGE}>",
           "Subject: Re: orders", f"To: {ME}", "Date: Saturday, March 1, 2025, 12:00 PM", ""]
    write("yahoo-classic-top", hdrs(("X-Mailer", "YahooMailClassic/15.0.8 YahooMailWebService/0.8.203.696")),
          "\n".join(NEW + [""] + old + EARLIER), charset="us-ascii", cte="7bit", expect=note([("quote", ON, 5 + qn)]))
    # And Yahoo's `----- Original Message -----` over the block.
    old = ["----- Original Message -----", f"From: dipspy judge <{JUDGE}>", f"To: France <{ME}>",
           "Sent: Saturday, March 1, 2025 12:00 PM", "Subject: Re: orders", ""]
    write("yahoo-original-top", hdrs(("X-Mailer", "YahooMailWebService/0.8.111.303")),
          "\n".join(NEW + [""] + old + EARLIER), charset="us-ascii", cte="7bit", expect=note([("quote", ORIG, 5 + qn)]))

    # ---- AOL: -----Original Message----- with its own order of headers.
    head = ["-----Original Message-----", f"From: dipspy judge <{JUDGE}>", f"To: france <{ME}>",
            "Sent: Sat, Mar 1, 2025 12:00 pm", "Subject: Re: orders", ""]
    text = "\n".join(NEW + ["", ""] + head + EARLIER)
    ah_ = ('<font color="black" size="2" face="arial">' + divs(NEW) + "<div><br></div><div><br></div>"
           + '<div style="font-family:helvetica,arial;font-size:10pt;color:black">' + brs(head)
           + '<div id="AOLMsgPart_2_1a2b3c4d"><div>' + divs(EARLIER) + "</div></div></div></font>")
    write("aol-top", hdrs(("X-Mailer", "AOL Webmail 46250-STANDARD")), text, ah_,
          expect=note([("quote", ORIG, 5 + qn)]), expect_html=note([("quote", ORIG, 5 + qn)]))

    # ---- mail.ru: base64, the quote marked with `>`.
    att = f"Суббота, 1 марта 2025, 12:00 +03:00 от dipspy judge <{JUDGE}>:"
    mr = ("X-Mailer", "Mail.Ru Mailer 1.0")
    mq = (f'<blockquote style="border-left:1px solid #0857A6; margin:10px; padding:0 0 0 10px;">{esc(att)}<br>&nbsp;'
          f'<div id=""><div class="js-helper js-readmsg-msg"><div><div id="style_17408">{divs(EARLIER)}</div></div></div></div></blockquote>')
    for bottom in [False, True]:
        q = [att, " "] + marked(EARLIER, ">")
        text = "\n".join((q + [""] + NEW) if bottom else (NEW + ["", ""] + q))
        body = "<HTML><BODY>" + (mq + divs(NEW) if bottom else divs(NEW) + "<div>&nbsp;</div>" + mq) + "</BODY></HTML>"
        write("mail.ru-" + ("bottom" if bottom else "top"), hdrs(mr), text, body,
              expect=note([("quote", OT, 1 + qn)]), expect_html=note([("quote", OT, 1 + qn)]))

    # ---- Yandex: the attribution as `date, "name" <address>:`.
    att = f'01.03.2025, 12:00, "dipspy judge" <{JUDGE}>:'
    for bottom in [False, True]:
        q = [att] + marked(EARLIER)
        text = "\n".join((q + [""] + NEW) if bottom else (NEW + [""] + q))
        yq = f"<div>{esc(att)}</div><blockquote>{divs(EARLIER)}</blockquote>"
        body = "<div>" + (yq + divs(NEW) if bottom else divs(NEW) + "<div> </div>" + yq) + "</div>"
        write("yandex-" + ("bottom" if bottom else "top"), hdrs(None), text, body,
              expect=note([("quote", YA, 1 + qn)]), expect_html=note([("quote", YA, 1 + qn)]))

    # ---- Outlook in French and in German (Windows-1252 / ISO-8859-1).
    for name, lang, label, cs in [("outlook-fr", "fr", HB_FR, "windows-1252"), ("outlook-de", "de", HB_DE, "iso-8859-1")]:
        head = outlook_header(lang)
        text = "\n".join(NEW + [""] + head + [""] + EARLIER)
        write(f"{name}-top", hdrs(None, subject="RE: orders" if lang == "fr" else "AW: orders", extra=OUTLOOK_HEAD),
              text, word_html(NEW, head, EARLIER), charset=cs,
              expect=note([("quote", label, 4 + qn)]), expect_html=note([("quote", label, 4 + qn)]))
    # Outlook on the web in French: no text part at all.
    head = outlook_header("fr")
    write("outlookweb-fr-top", hdrs(None, subject="RE: orders"), html_body=owa_html(NEW, head, EARLIER),
          expect=note([("quote", HB_FR, 4 + qn)]))

    # ---- Samsung Email (Android): HTML only, its signature, and
    # `-------- Original message --------`.
    sm = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head><body>'
          + divs(NEW, "div", 'dir="auto"') + '<div dir="auto"><br></div><div id="composer_signature" dir="auto">'
          '<div style="font-size:85%;color:#575757" dir="auto">Sent from my Galaxy</div></div><div dir="auto"><br></div>'
          '<div align="left" dir="auto" style="font-size:100%;color:#000000"><div>-------- Original message --------</div>'
          f'<div>From: dipspy judge &lt;{JUDGE}&gt; </div><div>Date: 01/03/2025  12:00  (GMT+00:00) </div>'
          f'<div>To: France &lt;{ME}&gt; </div><div>Subject: Re: orders </div><div><br></div></div>'
          + divs(EARLIER) + "</body></html>")
    write("samsung-email-top", hdrs(None), html_body=sm,
          expect=note([("sig", SENT_FROM, 1), ("quote", "Original message", 5 + qn)]))

    with open(os.path.join(OUT, "expected.txt")) as f:
        for line in f:
            if line.startswith("real-"):
                EXPECTED.append(tuple(line.rstrip("\n").split("\t", 1)))
    with open(os.path.join(OUT, "expected.txt"), "w") as f:
        f.write("# Written by tests/tools/make_replies.py: each mail, a tab, and the\n"
                "# sentence the judge's reply gives about the lines it did not read.\n")
        for n, e in sorted(EXPECTED):
            f.write(f"{n}\t{e}\n")


main()
