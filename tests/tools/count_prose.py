#!/usr/bin/env python3
"""Counts multi-word string literals (a literal with a space in it) in Rust
sources, leaving out `#[cfg(test)]` modules, comments and the arguments of
tracing macros (logs). Issue 25: player-facing prose belongs in
src/text/*.ftl, not in src/engine or src/game.

    python3 tests/tools/count_prose.py src/engine src/game      # counts
    python3 tests/tools/count_prose.py -l src/engine            # and lists
"""

import os
import re
import sys

LOG_MACROS = re.compile(
    r"(?:tracing::)?(?:trace|debug|info|warn|error|span|info_span|debug_span|warn_span|error_span)!\s*\($"
)


def literals(src):
    """(line, text) of each string literal outside comments, with the
    text before it on the same statement (for the macro test)."""
    i, n, line = 0, len(src), 1
    out = []
    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i)
            j = n if j < 0 else j + 2
            line += src.count("\n", i, j)
            i = j
        elif c == "'" :
            # a char literal ('a', '\n', '\'') or a lifetime ('a)
            m = re.match(r"'(?:\\.|\\u\{[0-9a-fA-F]+\}|[^\\'])'", src[i:])
            i += len(m.group(0)) if m else 1
        elif c == "r" and re.match(r'r#*"', src[i:]) and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            m = re.match(r'r(#*)"', src[i:])
            hashes = m.group(1)
            end = '"' + hashes
            j = src.find(end, i + len(m.group(0)))
            text = src[i + len(m.group(0)) : j]
            out.append((line, text, i))
            line += text.count("\n")
            i = j + len(end)
        elif c == '"':
            j = i + 1
            while src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            text = src[i + 1 : j]
            out.append((line, text, i))
            line += text.count("\n")
            i = j + 1
        else:
            i += 1
    return out


def test_ranges(src):
    """Byte ranges of `#[cfg(test)]` items (a module or a function)."""
    ranges = []
    for m in re.finditer(r"#\[cfg\(test\)\]", src):
        j = src.find("{", m.end())
        if j < 0:
            continue
        depth, k = 0, j
        while k < len(src):
            if src[k] == "{":
                depth += 1
            elif src[k] == "}":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        ranges.append((m.start(), k))
    return ranges


def in_log_macro(src, pos):
    """Whether the literal at `pos` is an argument of a tracing macro:
    the innermost open parenthesis before it follows `warn!` and the like."""
    depth = 0
    k = pos - 1
    while k >= 0:
        ch = src[k]
        if ch == ")":
            depth += 1
        elif ch == "(":
            if depth == 0:
                head = src[max(0, k - 40) : k + 1]
                if LOG_MACROS.search(head):
                    return True
                # keep looking outwards: a literal inside format!() inside warn!()
            else:
                depth -= 1
        elif ch == ";" or ch == "{" and depth == 0:
            return False
        k -= 1
    return False


def count(paths, listing):
    total = 0
    per_file = []
    for root in paths:
        for d, _, files in os.walk(root):
            for f in sorted(files):
                if not f.endswith(".rs"):
                    continue
                p = os.path.join(d, f)
                src = open(p, encoding="utf-8").read()
                tests = test_ranges(src)
                hits = []
                for line, text, pos in literals(src):
                    if " " not in text.strip():
                        continue
                    if any(a <= pos <= b for a, b in tests):
                        continue
                    if in_log_macro(src, pos):
                        continue
                    hits.append((line, text))
                if hits:
                    per_file.append((p, hits))
                    total += len(hits)
    for p, hits in per_file:
        print(f"{len(hits):4} {p}")
        if listing:
            for line, text in hits:
                print(f"       {line}: \"{text[:100]}\"")
    print(f"{total:4} total")


if __name__ == "__main__":
    args = sys.argv[1:]
    listing = "-l" in args
    args = [a for a in args if a != "-l"]
    count(args or ["src/engine", "src/game"], listing)
