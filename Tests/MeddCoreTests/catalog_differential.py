"""For CompiledCatalogTests: compiles po/LANG.po with msgfmt and prints, for every message of it, what Python's
gettext.GNUTranslations gives: a line `S<TAB>msgid<TAB>translation` for a singular message and a line
`P<TAB>count<TAB>singular<TAB>plural<TAB>translation` per count for a plural one (tabs and newlines escaped
as \\t and \\n). Usage: catalog_differential.py PO-FILE MO-OUTPUT"""
import gettext
import subprocess
import sys

po, mo = sys.argv[1], sys.argv[2]
subprocess.run(["msgfmt", "-o", mo, po], check=True)
with open(mo, "rb") as f:
    catalog = gettext.GNUTranslations(f)
COUNTS = list(range(0, 30)) + [100, 101, 102, 105, 111, 112, 121, 122, 1000, 1001, 1002, 1005]


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


for key in sorted(key for key in catalog._catalog if isinstance(key, str) and key):
    print("S\t" + escape(key) + "\t" + escape(catalog.gettext(key)))
# Plural entries: GNUTranslations keys them (singular, index); the plural source is read from the PO through msgunfmt.
entries = subprocess.run(["msgunfmt", "--no-wrap", mo], capture_output=True, text=True, check=True).stdout.split("\n\n")
for entry in entries:
    lines = entry.split("\n")
    single = [line for line in lines if line.startswith("msgid ")]
    plural = [line for line in lines if line.startswith("msgid_plural ")]
    if not single or not plural:
        continue
    decode = lambda line: eval(line.split(" ", 1)[1])  # a C string literal, which a Python literal reads the same
    singular, plural_text = decode(single[0]), decode(plural[0])
    for count in COUNTS:
        print("P\t%d\t%s\t%s\t%s" % (count, escape(singular), escape(plural_text), escape(catalog.ngettext(singular, plural_text, count))))
