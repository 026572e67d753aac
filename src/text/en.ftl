# dipspy's words in English.
#
# One message per key; arguments are written { $name }. Numbers choose
# their plural form with a selector ([one] / *[other]). Each part of
# dipspy keeps its keys in its own section below.

# The catalogue's own check (src/text/mod.rs tests).
text-self-check = { $count ->
    [one] { $count } line
   *[other] { $count } lines
}
