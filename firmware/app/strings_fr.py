# French words of the box (the default language); see app/strings.py.
WORDS = {
    "bataille": "Bataille",
    "batawaf": "Bata-waf",
    "tape": "Tape-treize",
    "settings": "Reglages",
    "selftest": "Auto-test",
    "options": "Options",
    "back": "Retour",
    "play": "Jouer",
    "press_pad": "Tapez votre bouton",
    "paused": "Pause",
    "winner": "Gagne:",
    "error": "Erreur",
    "notice": "Attention",
    "settings_reset": "Reglages illisibles: valeurs par defaut",
    "volume": "Volume",
    "brightness": "Lumiere",
    "lang": "Langue",
    "eink_refresh": "Nettoyer tous les",
    "auto_flip": "Auto",
    "length": "Duree",
    "ace": "As",
    "down": "Cartes cachees",
    "pickup": "Ramassage",
    "short": "Plus de cartes",
    "addition": "Additions",
    "mode": "Mode",
    "tempo": "Tempo",
    "hidden_count": "Compte cache",
    "target": "Points",
    "box": "La boite joue",
    "level": "Niveau",
    "rules": "Regles",
    "on": "oui",
    "off": "non",
    "again": "Rejouer",
    "hint": "1 suivant, 2 choisir",
    "menu": "Menu",
    "game_error": "Erreur dans la partie",
    "memory": "Plus de memoire",
    "stuck": "Bouton bloque",
    "test_ok": "Tout va bien",
    "sound": "Son",
    "sleep": "Veille",
    "v_voice": "voix",
    "v_beeps": "bips",
    "v_silent": "muet",
    "sum2": "Somme des 2",
    "ten": "Font 10",
    "sandwich2": "Sandwich large",
    "head_start": "Avance (ms)",
}
# The words of the options' values, found by app.menu.value_text as
# ";value,words;": one string, not a key and a word each (each would be an
# interned name of the board, or a string object on its heap, docs/app.md)
WORDS["v_"] = (
    ";all,entiere;court,courte;moyen,moyenne;10min,10 min;"
    "high,fort;low,faible;shuffled,melange;ordered,en ordre;"
    "play,jouer;lose,perdu;tempo,rythme;turns,tour a tour;"
    "fr,Francais;en,English;"
    "off,non;auto,auto;hand,a la main;")
