#!/usr/bin/env python3
"""Writes po/medd.pot, gettext's template, from the Swift sources.

GNU xgettext has no Swift parser, and its C and Java lexers misread Swift's multi-line and raw
string literals, so this script reads Swift's literals itself and leaves the PO format's details to
gettext's own tools: it writes the messages it finds, then `msgcat` puts them in gettext's canonical
form. A message is the string-literal first argument (and, for plurals, second) of:

    Translatable("...", ...)           Translatable.plural("...", "...", count: n, ...)
    tr("...", ...)                     trn("...", "...", count: n, ...)

A `// TRANSLATORS:` comment on the lines just before a call goes to the translator. A message with
string interpolation (`\\(`) cannot be looked up at run time, so it is an error here; so is a call
whose first argument is not a literal, unless it is one of the initialisers' own definitions.

Usage: scripts/make-pot.py [--check]   (--check: exit 1 if po/medd.pot is not what it would write)
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POT = os.path.join(ROOT, "po", "medd.pot")
SINGLE = {"Translatable", "tr"}
PLURAL = {"plural", "trn"}
# Where a keyword's first argument is a parameter, not a literal: the definitions themselves.
DEFINITIONS = {"Sources/MeddCore/Language/Translatable.swift", "Sources/MeddCore/Language/LocalizedText.swift"}


class ExtractionError(Exception):
    pass


def version():
    text = open(os.path.join(ROOT, "Sources/MeddCore/MeddVersion.swift")).read()
    return re.search(r'"(\d+\.\d+\.\d+)"', text).group(1)


def decode_escapes(text, where):
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = text[i + 1] if i + 1 < len(text) else ""
        simple = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}
        if n in simple:
            out.append(simple[n])
            i += 2
        elif n == "u":
            end = text.index("}", i)
            out.append(chr(int(text[i + 3:end], 16)))
            i = end + 1
        elif n == "(":
            raise ExtractionError(f"{where}: a message cannot interpolate (\\(...)); pass the value as an argument, %1$s")
        else:
            raise ExtractionError(f"{where}: unknown escape \\{n}")
    return "".join(out)


class Lexer:
    """Just enough of Swift's lexical structure to find calls and read their string literals."""

    def __init__(self, text, path):
        self.text = text
        self.path = path
        self.i = 0
        # Where string interpolations are, as (start, end) of their expressions: scanned again for calls.
        self.interpolations = []
        self.nesting = 0

    def line(self, index=None):
        return self.text.count("\n", 0, self.i if index is None else index) + 1

    def where(self, index=None):
        return f"{self.path}:{self.line(index)}"

    def skip_space_and_comments(self):
        t = self.text
        while self.i < len(t):
            if t[self.i].isspace():
                self.i += 1
            elif t.startswith("//", self.i):
                end = t.find("\n", self.i)
                self.i = len(t) if end < 0 else end
            elif t.startswith("/*", self.i):
                depth = 0
                while self.i < len(t):
                    if t.startswith("/*", self.i):
                        depth += 1
                        self.i += 2
                    elif t.startswith("*/", self.i):
                        depth -= 1
                        self.i += 2
                        if depth == 0:
                            break
                    else:
                        self.i += 1
            else:
                return

    def string_literal(self):
        """Reads a literal at self.i (its opening quote or #); returns its value, or raw text if it interpolates."""
        t = self.text
        start = self.i
        hashes = 0
        while t[self.i] == "#":
            hashes += 1
            self.i += 1
        closing_hashes = "#" * hashes
        if t.startswith('"""', self.i):
            self.i += 3
            end = t.find('"""' + closing_hashes, self.i)
            while hashes == 0 and end > 0 and self.escaped(end):
                end = t.find('"""', end + 1)
            if end < 0:
                raise ExtractionError(f"{self.where(start)}: unterminated multi-line string")
            body = t[self.i:end]
            self.i = end + 3 + hashes
            return self.multiline_value(body, hashes, start)
        self.i += 1
        chars = []
        while True:
            if self.i >= len(t) or t[self.i] == "\n":
                raise ExtractionError(f"{self.where(start)}: unterminated string")
            c = t[self.i]
            if c == "\\" and hashes == 0 and t.startswith("(", self.i + 1):
                chars.append("\\(")
                self.i += 2
                self.skip_interpolation()
                continue
            if c == "\\" and hashes == 0:
                chars.append(t[self.i:self.i + 2])
                self.i += 2
                continue
            if c == '"' and t.startswith(closing_hashes, self.i + 1):
                self.i += 1 + hashes
                break
            chars.append(c)
            self.i += 1
        raw = "".join(chars)
        return raw if hashes else ("escaped", raw, start)

    def skip_interpolation(self):
        """Skips `expression)` after a literal's `\\(`, strings inside it included."""
        t = self.text
        start = self.i
        self.nesting += 1
        depth = 1
        while depth and self.i < len(t):
            c = t[self.i]
            if c == '"' or (c == "#" and re.match(r'#+"', t[self.i:])):
                self.string_literal()
                continue
            depth += {"(": 1, ")": -1}.get(c, 0)
            self.i += 1
        self.nesting -= 1
        if self.nesting == 0:
            self.interpolations.append((start, self.i - 1))

    def escaped(self, index):
        backslashes = 0
        while self.text[index - 1 - backslashes] == "\\":
            backslashes += 1
        return backslashes % 2 == 1

    def multiline_value(self, body, hashes, start):
        lines = body.split("\n")
        indent = lines[-1]
        content = []
        for line in lines[1:-1]:
            content.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
        text = "\n".join(content)
        if hashes:
            return text
        # A backslash at a line's end joins it to the next.
        text = re.sub(r"(?<!\\)((?:\\\\)*)\\\n", r"\1", text)
        return ("escaped", text, start)


def literal_value(lexer, value):
    if isinstance(value, tuple):
        _, raw, start = value
        return decode_escapes(raw, lexer.where(start))
    return value


def extract(path, text):
    """(msgid, msgid_plural or None, location, translator comment) for every call in one file."""
    lexer = Lexer(text, path)
    found = []
    t = text
    previous_significant = ""
    last_commented_line = None
    while True:
        lexer.skip_space_and_comments()
        if lexer.i >= len(t):
            break
        c = t[lexer.i]
        if c == '"' or (c == "#" and re.match(r'#+"', t[lexer.i:])):
            lexer.string_literal()
            previous_significant = '"'
            continue
        m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", t[lexer.i:])
        if not m:
            previous_significant = c
            lexer.i += 1
            continue
        name = m.group(0)
        name_at = lexer.i
        lexer.i += len(name)
        keyword = (name in SINGLE) or (name in PLURAL and (name == "trn" or previous_significant == "."))
        previous_significant = name
        if not keyword or not t.startswith("(", lexer.i) or t[name_at - 1:name_at] in ("@",):
            continue
        if name in ("Translatable", "plural") and re.search(r"(func|init|case)\s*$", t[:name_at]):
            continue
        lexer.i += 1
        strings = []
        for _ in range(2 if name in PLURAL else 1):
            lexer.skip_space_and_comments()
            if not (t[lexer.i] == '"' or t[lexer.i] == "#"):
                if path in DEFINITIONS or name == "plural" and not strings:
                    break
                if strings:
                    raise ExtractionError(f"{lexer.where(name_at)}: {name}(...) needs a singular and a plural literal")
                raise ExtractionError(f"{lexer.where(name_at)}: {name}(...) needs a string literal as its message")
            strings.append(literal_value(lexer, lexer.string_literal()))
            lexer.skip_space_and_comments()
            if t[lexer.i] == "+":
                raise ExtractionError(f"{lexer.where(name_at)}: {name}(...): write the message as one literal, not a sum")
            if t[lexer.i] == ",":
                lexer.i += 1
        if not strings:
            continue
        if name in PLURAL and len(strings) < 2:
            raise ExtractionError(f"{lexer.where(name_at)}: {name}(...) needs a singular and a plural literal")
        comment = translator_comment(t, name_at)
        line = lexer.line(name_at)
        if comment and line == last_commented_line:
            comment = None
        elif comment:
            last_commented_line = line
        found.append((strings[0], strings[1] if len(strings) > 1 else None, path, comment))
    for start, end in lexer.interpolations:
        # The expression alone, at its place in the file so that line numbers hold.
        found += extract(path, "".join(c if c == "\n" else " " for c in t[:start]) + t[start:end])
    return found


def translator_comment(text, index):
    line_start = text.rfind("\n", 0, index) + 1
    lines = text[:line_start].split("\n")[:-1]
    comment = []
    for line in reversed(lines):
        stripped = line.strip()
        if not stripped.startswith("//"):
            break
        comment.insert(0, stripped[2:].strip())
    joined = " ".join(comment)
    at = joined.find("TRANSLATORS:")
    return joined[at:] if at >= 0 else None


def po_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\r", "\\r")
    parts = escaped.split("\n")
    if len(parts) == 1:
        return f'"{escaped}"'
    pieces = [p + "\\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return '""\n' + "\n".join(f'"{p}"' for p in pieces)


def template(messages):
    header = f'''# Translations of medd's people-facing text.
# This file is distributed under the same licence as medd (MIT).
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: medd {version()}\\n"
"Report-Msgid-Bugs-To: \\n"
"POT-Creation-Date: \\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"
"Language-Team: LANGUAGE <LL@li.org>\\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
'''
    entries = {}
    order = []
    for msgid, plural, path, comment in messages:
        key = msgid
        if key not in entries:
            entries[key] = {"plural": plural, "paths": [], "comments": []}
            order.append(key)
        entry = entries[key]
        if entry["plural"] != plural:
            raise ExtractionError(f"{path}: {msgid!r} is used both with and without the same plural form")
        if path not in entry["paths"]:
            entry["paths"].append(path)
        if comment and comment not in entry["comments"]:
            entry["comments"].append(comment)
    out = [header]
    for key in order:
        entry = entries[key]
        lines = [f"#. {c}" for c in entry["comments"]]
        lines += [f"#: {p}" for p in entry["paths"]]
        if "%" in key or (entry["plural"] and "%" in entry["plural"]):
            lines.append("#, c-format")
        lines.append("msgid " + po_string(key))
        if entry["plural"] is not None:
            lines.append("msgid_plural " + po_string(entry["plural"]))
            lines += ['msgstr[0] ""', 'msgstr[1] ""']
        else:
            lines.append('msgstr ""')
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)


def sources():
    listed = subprocess.run(["git", "ls-files", "Sources/*.swift"], cwd=ROOT, capture_output=True, text=True, check=True)
    files = set(listed.stdout.split())
    # Files not yet added to git count too, so `make pot` sees work in progress.
    for directory, _, names in os.walk(os.path.join(ROOT, "Sources")):
        for name in names:
            if name.endswith(".swift"):
                files.add(os.path.relpath(os.path.join(directory, name), ROOT))
    return sorted(files)


def main():
    check = "--check" in sys.argv[1:]
    messages = []
    try:
        for path in sources():
            with open(os.path.join(ROOT, path), encoding="utf-8") as f:
                messages += extract(path, f.read())
        text = template(messages)
    except ExtractionError as error:
        print(f"make-pot: {error}", file=sys.stderr)
        return 2
    # msgcat writes the canonical form (line wrapping, ordering of comments) and validates the format.
    with tempfile.NamedTemporaryFile("w", suffix=".pot", delete=False, encoding="utf-8") as raw:
        raw.write(text)
    try:
        result = subprocess.run(["msgcat", "--width=100", "--force-po", raw.name], capture_output=True, text=True)
    finally:
        os.unlink(raw.name)
    if result.returncode != 0:
        print("make-pot: msgcat refused the template:\n" + result.stderr, file=sys.stderr)
        return 2
    canonical = result.stdout
    if check:
        current = open(POT, encoding="utf-8").read() if os.path.exists(POT) else ""
        if current != canonical:
            print("make-pot: po/medd.pot is stale: run `make pot` and commit it (then `make po` to merge it into the translations)", file=sys.stderr)
            return 1
        print(f"make-pot: po/medd.pot is up to date ({len(set(m[0] for m in messages))} messages)")
        return 0
    os.makedirs(os.path.dirname(POT), exist_ok=True)
    with open(POT, "w", encoding="utf-8") as f:
        f.write(canonical)
    print(f"make-pot: wrote po/medd.pot ({len(set(m[0] for m in messages))} messages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
