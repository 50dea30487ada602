"""html_keys.py - the cells of an asmsim HTML report by their data-key.

Every figure the report writes carries data-key="<the JSON path it
shows>" (html_key_row, html_key_cell), so a test reads a cell by the key
of the figure it checks: data_keys(page)["failure.moved_bytes"].
"""
from html.parser import HTMLParser


class _Keys(HTMLParser):
    def __init__(self):
        super().__init__()
        self.keys, self.at = {}, None

    def handle_starttag(self, tag, attrs):
        self.at = dict(attrs).get("data-key")
        if self.at:
            self.keys[self.at] = ""

    def handle_data(self, data):
        if self.at:
            self.keys[self.at] += data

    def handle_endtag(self, tag):
        self.at = None


def data_keys(page):
    """{data-key: the text of its element} of an HTML page."""
    k = _Keys()
    k.feed(page)
    return k.keys
