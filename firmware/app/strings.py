# Every word the box shows, in French (default, app/strings_fr.py) and
# English (app/strings_en.py).  Keys are the names the app and the renderer
# use; a missing key shows the key itself, so a forgotten translation is
# visible, never a crash.  Only the language in use is imported: the other
# costs no RAM on the board.
#
# Each language is one text, a line a word: "key the words".  One string, not
# a dict literal: each word of 10 characters or fewer written in code would
# be an interned name of the board for good (some 35 of them in French), and
# the .mpy box's names fill six pools (host_tests/test_app_heap_soak.py); the
# words made here are string objects, gone with the table.  The last line,
# key "v_", holds the words of the options' values, found by
# app.menu.value_text as ";value,words;".
LANGS = ("fr", "en")


def table(lang):
    """The words of lang ("fr" or "en"), a dict."""
    if lang == "en":
        from app import strings_en
        text = strings_en.WORDS
    else:
        from app import strings_fr
        text = strings_fr.WORDS
    tab = {}
    for line in text.split("\n"):
        i = line.find(" ")
        if i > 0:
            tab[line[:i]] = line[i + 1:]
    return tab
