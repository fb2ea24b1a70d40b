"""TOML documents for the differential test of medd's TOML reader (test_toml_differential.py): a seeded
generator of valid TOML 1.0 that writes every kind of value and every way of writing tables, and
mutations that damage documents the way careless edits do.

The generator builds a random tree of tables, arrays of tables and values, then writes it out, choosing
for each table whether it gets a [header], dotted keys or an inline table, for each array of tables
whether it gets [[headers]] or an inline array, and for each value one of its spellings. The oracle
decides what the text means; the tree only keeps the text free of redefinitions."""
import random

BARE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
UNICODE_SAMPLES = "éßøñ中文字😀🎉Ωж\u00a0\u2028\u200b\ufeff"
ESCAPES = ["\\b", "\\t", "\\n", "\\f", "\\r", '\\"', "\\\\"]


class Table(dict):
    """A table of the tree (a dict subclass, so that an array of tables is a list of these)."""


class TableArray(list):
    """An array of tables: written as [[headers]] or as an inline array of inline tables."""


class Generator:
    def __init__(self, seed):
        self.random = random.Random(seed)

    # --- The tree ---------------------------------------------------------------------------------------

    def key(self):
        r = self.random
        choice = r.random()
        if choice < 0.7:
            return "".join(r.choice(BARE_CHARS) for _ in range(r.randint(1, 8)))
        if choice < 0.8:
            return r.choice(["1234", "true", "inf", "-", "_", "0x1F", "2024-01-01"])
        text = "".join(r.choice(BARE_CHARS + " .#=[]" + UNICODE_SAMPLES[:9]) for _ in range(r.randint(0, 6)))
        return text

    def tree(self, depth=0):
        table = Table()
        for _ in range(self.random.randint(0, 5 if depth < 3 else 2)):
            name = self.key()
            if name in table:
                continue
            choice = self.random.random()
            if choice < 0.55 or depth >= 4:
                table[name] = ("value", self.value(depth))
            elif choice < 0.85:
                table[name] = self.tree(depth + 1)
            else:
                table[name] = TableArray(self.tree(depth + 1) for _ in range(self.random.randint(1, 3)))
        return table

    # --- Values, each written as text ---------------------------------------------------------------------

    def value(self, depth):
        r = self.random
        kind = r.choice(["string", "string", "integer", "float", "bool", "datetime", "date", "time", "array", "inline"])
        if kind == "array" and depth < 6:
            return self.array(depth)
        if kind == "inline" and depth < 6:
            return self.inline_table(depth)
        return getattr(self, kind if kind not in ("array", "inline") else "integer")()

    def string(self):
        r = self.random
        form = r.choice(["basic", "basic", "literal", "multi-basic", "multi-literal"])
        parts = []
        for _ in range(r.randint(0, 8)):
            choice = r.random()
            if choice < 0.5:
                parts.append(r.choice(BARE_CHARS + " #=[]{},.'"))
            elif choice < 0.7:
                parts.append(r.choice(UNICODE_SAMPLES))
            elif form in ("basic", "multi-basic"):
                if choice < 0.85:
                    parts.append(r.choice(ESCAPES))
                elif choice < 0.95:
                    parts.append("\\u%04X" % r.choice([0x41, 0xE9, 0x0, 0x1F, 0x7F, 0x2028, 0xD7FF, 0xE000, 0xFFFD]))
                else:
                    parts.append("\\U%08X" % r.choice([0x1F600, 0x10FFFF, 0x41]))
            else:
                parts.append("\t")
        text = "".join(parts)
        if form == "basic":
            return '"' + text.replace('"', "") + '"'
        if form == "literal":
            return "'" + text.replace("'", "") + "'"
        if form == "multi-basic":
            lead = r.choice(["", "\n", "\r\n"])
            middle = r.choice(["", "\nsecond line", '\n"quoted" and ""twice"" end', "\\\n   continued", "\\   \n\n  after", "\t\n"])
            tail = r.choice(["", '"', '""'])
            return '"""' + lead + text.replace('"""', "") + middle + tail + '"""'
        lead = r.choice(["", "\n"])
        middle = r.choice(["", "\nsecond line", "\n'quoted' ''twice'' end", "\\ not an escape \\n"])
        tail = r.choice(["", "'", "''"])
        return "'''" + lead + text.replace("'''", "").replace("\\", "/") + middle + tail + "'''"

    def digits(self, alphabet, count):
        r = self.random
        out = r.choice(alphabet)
        for _ in range(count - 1):
            if r.random() < 0.15:
                out += "_"
            out += r.choice(alphabet)
        return out

    def integer(self):
        r = self.random
        form = r.random()
        if form < 0.1:
            return r.choice(["0", "+0", "-0", "9223372036854775807", "-9223372036854775808", "0x7FFFFFFFFFFFFFFF"])
        if form < 0.25:
            return "0x" + self.digits("0123456789abcdefABCDEF", r.randint(1, 12))
        if form < 0.35:
            return "0o" + self.digits("01234567", r.randint(1, 12))
        if form < 0.45:
            return "0b" + self.digits("01", r.randint(1, 30))
        sign = r.choice(["", "", "+", "-"])
        return sign + r.choice("123456789") + (self.digits("0123456789", r.randint(1, 15)) if r.random() < 0.7 else "")

    def float(self):
        r = self.random
        if r.random() < 0.1:
            return r.choice(["", "+", "-"]) + r.choice(["inf", "nan"])
        sign = r.choice(["", "", "+", "-"])
        whole = "0" if r.random() < 0.3 else r.choice("123456789") + (self.digits("0123456789", r.randint(1, 6)) if r.random() < 0.5 else "")
        fraction = "." + self.digits("0123456789", r.randint(1, 8)) if r.random() < 0.8 else ""
        exponent = ""
        if not fraction or r.random() < 0.3:
            exponent = r.choice("eE") + r.choice(["", "+", "-"]) + self.digits("0123456789", r.randint(1, 3))
        return sign + whole + fraction + exponent

    def bool(self):
        return self.random.choice(["true", "false"])

    def date(self):
        r = self.random
        year = r.choice([1, 1979, 2000, 2024, 2100, 9999, r.randint(1, 9999)])
        month = r.randint(1, 12)
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return "%04d-%02d-%02d" % (year, month, r.randint(1, days))

    def time(self):
        r = self.random
        text = "%02d:%02d:%02d" % (r.randint(0, 23), r.randint(0, 59), r.randint(0, 59))
        if r.random() < 0.4:
            text += "." + "".join(r.choice("0123456789") for _ in range(r.randint(1, 12)))
        return text

    def datetime(self):
        r = self.random
        text = self.date() + r.choice("TTt ") + self.time()
        offset = r.random()
        if offset < 0.3:
            return text
        if offset < 0.6:
            return text + r.choice("Zz")
        return text + "%s%02d:%02d" % (r.choice("+-"), r.randint(0, 23), r.randint(0, 59))

    def array(self, depth):
        r = self.random
        elements = [self.value(depth + 1) for _ in range(r.randint(0, 4))]
        if r.random() < 0.5:
            return "[" + ", ".join(elements) + "]"
        out = "["
        for element in elements:
            out += r.choice(["\n  ", " ", "\n\n", "  # a comment [x]\n  "]) + element + ","
        if elements and r.random() < 0.5:
            out = out[:-1]
        return out + r.choice(["\n", " ", "\n# end\n"]) + "]"

    def inline_table(self, depth):
        table = self.tree(depth + 2)
        return self.inline(table, depth)

    # --- Writing the tree ----------------------------------------------------------------------------------

    def part(self, name):
        """A key part as TOML can write it: bare when it may be, else quoted (either way when both work)."""
        r = self.random
        if name and all(c in BARE_CHARS for c in name) and r.random() < 0.85:
            return name
        if "'" not in name and "\n" not in name and r.random() < 0.4:
            return "'" + name + "'"
        escaped = ""
        for c in name:
            if c in '\\"':
                escaped += "\\" + c
            elif r.random() < 0.1:
                escaped += "\\u%04X" % ord(c) if ord(c) < 0x10000 else "\\U%08X" % ord(c)
            else:
                escaped += c
        return '"' + escaped + '"'

    def dotted(self, names):
        return self.random.choice([".", ".", " . ", ".\t"]).join(self.part(name) for name in names)

    def equals(self):
        return self.random.choice([" = ", "=", " =\t", "  =  "])

    def inline(self, table, depth):
        pairs = []
        for name, item in table.items():
            if isinstance(item, tuple):
                pairs.append(self.part(name) + self.equals() + item[1])
            elif isinstance(item, TableArray):
                pairs.append(self.part(name) + self.equals() + "[" + ", ".join(self.inline(t, depth + 1) for t in item) + "]")
            else:
                pairs.append(self.part(name) + self.equals() + self.inline(item, depth + 1))
        if not pairs:
            return self.random.choice(["{}", "{ }"])
        return "{ " + ", ".join(pairs) + " }"

    def write(self, table):
        lines = []
        self.section(table, [], lines, header=None)
        return lines

    def section(self, table, path, lines, header):
        """The key/value lines of `table` under its header (or at the top), then its sub-tables' sections."""
        r = self.random
        own = []
        later = []
        for name, item in table.items():
            if isinstance(item, tuple):
                own.append(self.part(name) + self.equals() + item[1])
            elif isinstance(item, TableArray):
                if r.random() < 0.25:
                    own.append(self.part(name) + self.equals() + "[" + ", ".join(self.inline(t, 0) for t in item) + "]")
                else:
                    later.append(("array", name, item))
            else:
                style = r.random()
                if style < 0.2:
                    own.append(self.part(name) + self.equals() + self.inline(item, 0))
                elif style < 0.4 and self.only_values(item):
                    own.extend(self.dotted_pairs([name], item))
                else:
                    later.append(("table", name, item))
        body = [line + self.comment() for line in own]
        subsections = []
        for kind, name, item in later:
            sub = []
            if kind == "array":
                for element in item:
                    sub.append(self.header(path + [name], True))
                    self.section(element, path + [name], sub, header=True)
            else:
                self.section(item, path + [name], sub, header=False)
            subsections.append(sub)
        if header is None:
            lines.extend(body)
            for sub in subsections:
                lines.extend(sub)
            return
        if header is True:
            lines.extend(body)
            for sub in subsections:
                lines.extend(sub)
            return
        # A table: its header may be left out when it has no keys of its own, and may come after its sub-tables'.
        mine = [] if (not body and r.random() < 0.4 and subsections) else [self.header(path, False)] + body
        if r.random() < 0.3:
            for sub in subsections:
                lines.extend(sub)
            lines.extend(mine)
        else:
            lines.extend(mine)
            for sub in subsections:
                lines.extend(sub)

    def only_values(self, table):
        return all(isinstance(item, tuple) or (isinstance(item, Table) and self.only_values(item)) for item in table.values())

    def dotted_pairs(self, names, table):
        pairs = []
        for name, item in table.items():
            if isinstance(item, tuple):
                pairs.append(self.dotted(names + [name]) + self.equals() + item[1])
            else:
                pairs.extend(self.dotted_pairs(names + [name], item))
        return pairs

    def header(self, names, is_array):
        r = self.random
        inner = self.dotted(names)
        if r.random() < 0.2:
            inner = " " + inner + "\t"
        text = ("[[" + inner + "]]") if is_array else ("[" + inner + "]")
        return (r.choice(["", "", "\n", "  "]) + text + self.comment())

    def comment(self):
        r = self.random
        return r.choice(["", "", "", "  # note", " #", "\t# é 😀 \"quoted\" [x] = 1"])

    def document(self):
        lines = self.write(self.tree())
        r = self.random
        if r.random() < 0.3:
            lines.insert(0, "# a generated document")
        text = "\n".join(lines) + r.choice(["", "\n", "\n\n"])
        if r.random() < 0.15:
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")
        data = text.encode("utf-8")
        if r.random() < 0.03:
            data = b"\xef\xbb\xbf" + data
        return data


INSERTS = [b"[", b"]", b"{", b"}", b"=", b'"', b"'", b"#", b",", b".", b"\n", b"\r", b"\r\n", b"\t", b" ", b"\\", b"0", b"_",
           b"e", b"x", b"+", b"-", b":", b"T", b"Z", b"\x00", b"\x7f", b"\x01", b"\xc3\xa9", b"\xe2\x80\xa8", b"\xff",
           b'"""', b"'''", b"[[", b"]]", b"\\u00", b"1979-05-27", b"07:32:00", b"inf", b"nan", b"true", b"a.b", b"=1"]


def mutate(data, rng):
    """Damages `data` once to four times: a byte deleted, inserted, duplicated or swapped with its neighbour,
    or a line duplicated."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not data:
            data += rng.choice(INSERTS)
            continue
        at = rng.randrange(len(data))
        operation = rng.randrange(6)
        if operation == 0:
            del data[at]
        elif operation == 1:
            data[at:at] = rng.choice(INSERTS)
        elif operation == 2:
            data[at:at] = data[at:at + 1]
        elif operation == 3 and at + 1 < len(data):
            data[at], data[at + 1] = data[at + 1], data[at]
        elif operation == 4:
            data[at:at] = bytes([rng.randrange(256)])
        else:
            lines = bytes(data).split(b"\n")
            line = rng.randrange(len(lines))
            lines.insert(rng.randrange(len(lines) + 1), lines[line])
            data = bytearray(b"\n".join(lines))
    return bytes(data)
