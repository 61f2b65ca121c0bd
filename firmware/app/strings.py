# Every word the box shows, in French (default, app/strings_fr.py) and
# English (app/strings_en.py).  Keys are the names the app and the renderer
# use; a missing key shows the key itself, so a forgotten translation is
# visible, never a crash.  Only the language in use is imported: the other
# costs no RAM on the board.
#
# Each language is one text, a line a word: "key the words".  One string, not
# a dict literal: each word of 10 characters or fewer written in code would
# be an interned name of the board for good (some 35 of them in French), and
# the .mpy box's names fill six pools (host_tests/test_app_heap_soak.py).  The last line,
# key "v_", holds the words of the options' values, found by
# app.menu.value_text as ";value,words;".
LANGS = ("fr", "en")


def table(lang):
    """The words of lang ("fr" or "en"): a Words."""
    if lang == "en":
        from app import strings_en
        return Words(strings_en.WORDS)
    from app import strings_fr
    return Words(strings_fr.WORDS)


class Words:
    """A language's words, found in its text at each use (get, [], in, as a
    dict's): no string object a word on the heap while the box plays (a dict
    of them held 1 KB more of the .mpy box's heap); a lookup makes the
    word it returns, when a screen is drawn."""

    def __init__(self, text):
        self.text = "\n" + text

    def get(self, key, default=None):
        t = self.text
        i = t.find("\n%s " % key)
        if i < 0:
            return default
        i += len(key) + 2
        return t[i:t.find("\n", i)]

    def __getitem__(self, key):
        w = self.get(key)
        if w is None:
            raise KeyError(key)
        return w

    def __contains__(self, key):
        return self.get(key) is not None

    def __iter__(self):
        return iter([ln[:ln.find(" ")] for ln in self.text.split("\n") if ln])

    def values(self):
        return [ln[ln.find(" ") + 1:] for ln in self.text.split("\n") if ln]
