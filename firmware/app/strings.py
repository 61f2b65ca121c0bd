# Every word the box shows, in French (default, app/strings_fr.py) and
# English (app/strings_en.py).  Keys are the names the app and the renderer
# use; a missing key shows the key itself, so a forgotten translation is
# visible, never a crash.  Only the language in use is imported: the other
# costs no RAM on the board.
LANGS = ("fr", "en")


def table(lang):
    """The words of lang ("fr" or "en"), a dict."""
    if lang == "en":
        from app import strings_en
        return strings_en.WORDS
    from app import strings_fr
    return strings_fr.WORDS
