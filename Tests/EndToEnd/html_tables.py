"""An HTML report read back with Python's html.parser: its tables as rows of cell texts, its section headings,
and whether a script element occurs."""
import html.parser


class Tables(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.headings, self.script = [], [], False
        self.cell, self.heading = None, None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = ""
        elif tag in ("h2", "h3"):
            self.heading = ""
        elif tag == "script":
            self.script = True

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.tables[-1][-1].append(self.cell.strip())
            self.cell = None
        elif tag in ("h2", "h3"):
            self.headings.append(self.heading.strip())
            self.heading = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data
        if self.heading is not None:
            self.heading += data


def read(document):
    """The parser after reading `document`."""
    parser = Tables()
    parser.feed(document)
    return parser
