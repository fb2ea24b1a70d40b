"""medd's TOML reader against Python's tomllib, the oracle: the same documents go to both, and both must
accept or refuse each one alike and, when they accept it, read the same values.

The documents: every fixture of Tests/MeddConfigTests/Fixtures (valid and broken), examples/*.toml, a
seeded generator of valid TOML (toml_documents.py: every kind of value and date-time, inline tables,
arrays of tables, dotted keys, escapes, Unicode, numbers of every base and form), and mutations of all of
those (bytes deleted, inserted, duplicated or swapped, lines duplicated). medd's side is `toml-probe`,
which reads them all in one process and prints each in toml-test's tagged JSON form.

TOML_DIFFERENTIAL_DOCUMENTS sets how many generated and mutated documents there are (default 12,000,
a few seconds); TOML_DIFFERENTIAL_SEED the generator's seed. For a large run:

    MEDD_BIN_DIR=.build/debug TOML_DIFFERENTIAL_DOCUMENTS=200000 python3 -m pytest -s Tests/EndToEnd/test_toml_differential.py

Where the two may differ by design, the comparison normalises (each case is counted and printed):
  - A leading byte-order mark: medd skips it (editors write one); tomllib refuses it, so it gets the text
    without it.
  - Integers beyond 64 bits: TOML 1.0 says a reader must refuse what it cannot hold losslessly, and medd
    does ("... is out of range"); tomllib reads Python's unbounded integers.
  - Nesting: medd refuses tables and arrays nested deeper than TOMLReader.maximumDepth (100) levels
    ("nested too deeply"); tomllib goes on until Python's recursion limit.
  - Fractional seconds: tomllib keeps microseconds, medd nanoseconds; both are compared to the
    microsecond, cut off (not rounded), as both cut.
  - Floats are compared as numbers (every NaN alike), not as text.
Where tomllib departs from the TOML 1.0 text, medd follows tomllib: no year 0000 (Python's datetime
starts at year 1) and no leap second 60 (the spec's ABNF allows 60).
"""
import datetime
import json
import math
import os
import random
import re
import subprocess
import tomllib

import harness
import toml_documents

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(REPO, "Tests", "MeddConfigTests", "Fixtures")
DOCUMENTS = int(os.environ.get("TOML_DIFFERENTIAL_DOCUMENTS", "12000"))
SEED = int(os.environ.get("TOML_DIFFERENTIAL_SEED", "20261127"))
INT64 = range(-2**63, 2**63)
BOM = b"\xef\xbb\xbf"


def project_documents():
    paths = []
    for folder in ("valid", "broken"):
        directory = os.path.join(FIXTURES, folder)
        paths += [os.path.join(directory, name) for name in sorted(os.listdir(directory)) if name.endswith(".toml")]
    examples = os.path.join(REPO, "examples")
    paths += [os.path.join(examples, name) for name in sorted(os.listdir(examples)) if name.endswith(".toml")]
    return [open(path, "rb").read() for path in paths]


def all_documents(count, seed):
    """The project's files, then `count` documents: generated ones and mutations of every kind of document."""
    own = project_documents()
    generator = toml_documents.Generator(seed)
    rng = random.Random(seed + 1)
    documents = list(own)
    generated = []
    while len(documents) < len(own) + count:
        choice = rng.random()
        if choice < 0.5 or not generated:
            generated.append(generator.document())
            documents.append(generated[-1])
        elif choice < 0.85:
            documents.append(toml_documents.mutate(rng.choice(generated), rng))
        else:
            documents.append(toml_documents.mutate(rng.choice(own), rng))
    return documents, len(own)


def run_probe(documents):
    probe = os.path.join(harness.bin_dir(), "toml-probe")
    batch = b"".join(str(len(document)).encode() + b"\n" + document for document in documents)
    output = subprocess.run([probe], input=batch, capture_output=True, check=True, timeout=600).stdout
    # One line each; JSON strings may hold U+2028 and the like, which str.splitlines() would split at.
    lines = output.split(b"\n")[:-1]
    assert len(lines) == len(documents), f"toml-probe answered {len(lines)} of {len(documents)} documents"
    return [json.loads(line) for line in lines]


# --- One form for both sides: ("type", "text") leaves, dicts and lists ------------------------------------------

def offset_text(delta):
    minutes = int(delta.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    return "%s%02d:%02d" % (sign, abs(minutes) // 60, abs(minutes) % 60)


def from_python(value):
    if isinstance(value, dict):
        return {key: from_python(item) for key, item in value.items()}
    if isinstance(value, list):
        return [from_python(item) for item in value]
    if isinstance(value, bool):
        return ("bool", "true" if value else "false")
    if isinstance(value, int):
        return ("integer", str(value))
    if isinstance(value, float):
        return ("float", "nan" if math.isnan(value) else repr(value))
    if isinstance(value, str):
        return ("string", value)
    if isinstance(value, datetime.datetime):
        # Not strftime: its %Y writes year 1 as "1".
        text = "%04d-%02d-%02dT%02d:%02d:%02d.%06d" % (value.year, value.month, value.day, value.hour, value.minute, value.second,
                                                       value.microsecond)
        if value.tzinfo is None:
            return ("datetime-local", text)
        return ("datetime", text + offset_text(value.utcoffset()))
    if isinstance(value, datetime.date):
        return ("date-local", "%04d-%02d-%02d" % (value.year, value.month, value.day))
    if isinstance(value, datetime.time):
        return ("time-local", "%02d:%02d:%02d.%06d" % (value.hour, value.minute, value.second, value.microsecond))
    raise TypeError(type(value))


TIME = re.compile(r"(\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)?$")


def from_probe(value):
    if isinstance(value, list):
        return [from_probe(item) for item in value]
    if set(value) == {"type", "value"} and isinstance(value["type"], str) and isinstance(value["value"], str):
        kind, text = value["type"], value["value"]
        if kind == "float":
            number = float(text)
            return ("float", "nan" if math.isnan(number) else repr(number))
        if kind in ("datetime", "datetime-local", "time-local"):
            date, _, time = text.rpartition("T")
            match = TIME.match(time)
            assert match, text
            micro = (match.group(2) or "")[:6].ljust(6, "0")
            offset = {None: "", "Z": "+00:00"}.get(match.group(3), match.group(3))
            return (kind, (date + "T" if date else "") + match.group(1) + "." + micro + offset)
        return (kind, text)
    return {key: from_probe(item) for key, item in value.items()}


def integers(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from integers(item)
    elif isinstance(value, list):
        for item in value:
            yield from integers(item)
    elif isinstance(value, int) and not isinstance(value, bool):
        yield value


def depth(value):
    if isinstance(value, dict):
        return 1 + max((depth(item) for item in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(item) for item in value), default=0)
    return 0


# --- The comparison ------------------------------------------------------------------------------------------

def oracle(document):
    """tomllib's reading: ("value", dict) or ("error", reason)."""
    data = document[len(BOM):] if document.startswith(BOM) else document
    try:
        return ("value", tomllib.loads(data.decode("utf-8")))
    except UnicodeDecodeError:
        return ("error", "not UTF-8")
    except tomllib.TOMLDecodeError as error:
        return ("error", str(error))
    except RecursionError:
        return ("error", "recursion")


def compare(document, ours):
    """None when both agree (the normalisation used, if any, as a string), else what differs."""
    theirs = oracle(document)
    if "error" in ours:
        message = ours["error"]["message"]
        if theirs[0] == "error":
            return "refused by both"
        if "is out of range; TOML integers" in message and any(n not in INT64 for n in integers(theirs[1])):
            return "integer beyond 64 bits: medd refuses"
        if "nested too deeply" in message and depth(theirs[1]) > 100:
            return "deeper than 100 levels: medd refuses"
        return f"medd refuses ({ours['error']['line']}:{ours['error']['column']}: {message}), tomllib reads {theirs[1]!r}"
    if theirs[0] == "error":
        return f"medd reads {ours['value']!r}, tomllib refuses ({theirs[1]})"
    expected = from_python(theirs[1])
    actual = from_probe(ours["value"])
    if expected != actual:
        return f"values differ:\n  medd:    {actual!r}\n  tomllib: {expected!r}"
    return "read alike"


def test_medd_reads_toml_as_tomllib_does():
    documents, own = all_documents(DOCUMENTS, SEED)
    answers = run_probe(documents)
    outcomes = {}
    disagreements = []
    for index, (document, ours) in enumerate(zip(documents, answers)):
        verdict = compare(document, ours)
        if verdict in ("refused by both", "read alike") or verdict.endswith("medd refuses"):
            outcomes[verdict] = outcomes.get(verdict, 0) + 1
        else:
            disagreements.append((index, document, verdict))
    generated_valid = sum(1 for d in documents[own:] if oracle(d)[0] == "value")
    print(f"\ntoml differential: {len(documents)} documents compared ({own} project files, seed {SEED}), "
          f"{len(disagreements)} disagreements")
    for verdict, count in sorted(outcomes.items()):
        print(f"  {count:7d}  {verdict}")
    print(f"  {generated_valid} of {len(documents) - own} generated or mutated documents are valid TOML for tomllib")
    for index, document, verdict in disagreements[:10]:
        print(f"--- document {index}: {document!r}\n    {verdict}")
    assert not disagreements, f"{len(disagreements)} of {len(documents)} documents read differently (first ones above)"
    # The generator must mostly write valid TOML, or the values would go untested.
    assert generated_valid > (len(documents) - own) * 0.45
