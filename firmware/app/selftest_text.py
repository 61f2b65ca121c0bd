# The self-test's words (app.selftest): the part names of its report lines
# and its messages, in English and in French (the report's part ids stay
# English).  Apart so that the sequence of parts reads as one job.

# Part names in the report lines (the ids in `report` stay English).
PARTS = {
    "en": {"display": "display", "storage": "storage", "leds": "leds", "buzzer": "buzzer", "pads": "pads",
           "pad": "pad", "speaker": "speaker"},
    "fr": {"display": "ecran", "storage": "stockage", "leds": "LED", "buzzer": "buzzer", "pads": "boutons",
           "pad": "bouton", "speaker": "haut-parleur"},
}

MSG = {
    "en": {
        "no_display": "no display (did it answer at boot? check its wiring and the board file)",
        "no_answer": "does not answer: %s",
        "check_bus": "%s: check VCC, GND and the bus wires",
        "busy": "still busy after %d s: check the BUSY wire and the panel's ribbon",
        "shown": ("test pattern shown: a frame, two diagonals, four corner blocks. The red block (solid on "
                  "a one-colour screen) belongs top-left, the green one (hollow there) top-right. If green "
                  "is not the next corner clockwise from red, set display.mirror true in the board file and "
                  "look again; then red bottom-left: set display.rotate 90, bottom-right: 180, top-right: 270"),
        "no_storage": "no storage on this board",
        "read_back": "read back %r instead of what was written",
        "not_deleted": "the test file is still there after delete",
        "stored": "wrote, read back and deleted %s",
        "storage_error": "file system error: %s",
        "leds": "lit one by one: %s (check each lit)",
        "no_leds": "no pad has an LED on this board",
        "no_buzzer": "none on this board",
        "played": "played %d sounds: %s (check each was heard)",
        "said": "said the count to three (check it was heard)",
        "no_voice": "no voice file %s (make flash copies voice/*.vox): %s",
        "press": "press pad %d",
        "pad_ok": "pressed; seen %d.%d ms after its interrupt timestamp",
        "dead": "no press within %d s: check its switch, its wire and its GND",
        "swapped": "; pad %d was pressed %d times meanwhile: are their wires swapped?",
        "stuck": "held down (stuck): check the switch is not jammed or shorted to GND",
        "error": "error: %s",
    },
    "fr": {
        "no_display": "pas d'ecran (a-t-il repondu au demarrage ? verifier les fils et le fichier de carte)",
        "no_answer": "ne repond pas : %s",
        "check_bus": "%s : verifier VCC, GND et les fils du bus",
        "busy": "encore occupe apres %d s : verifier le fil BUSY et la nappe",
        "shown": ("mire affichee : un cadre, deux diagonales, quatre coins. Le bloc rouge (plein sur un "
                  "ecran d'une couleur) va en haut a gauche, le vert (creux) en haut a droite. Si le vert "
                  "n'est pas le coin suivant du rouge dans le sens des aiguilles d'une montre, mettre "
                  "display.mirror a true dans le fichier de la carte et regarder de nouveau ; puis rouge en "
                  "bas a gauche : display.rotate 90, en bas a droite : 180, en haut a droite : 270"),
        "no_storage": "pas de stockage sur cette carte",
        "read_back": "relu %r au lieu de ce qui a ete ecrit",
        "not_deleted": "le fichier de test est encore la apres effacement",
        "stored": "ecrit, relu et efface %s",
        "storage_error": "erreur du systeme de fichiers : %s",
        "leds": "allumees une a une : %s (verifier chacune)",
        "no_leds": "aucun bouton n'a de LED sur cette carte",
        "no_buzzer": "pas de buzzer sur cette carte",
        "played": "%d sons joues : %s (verifier chacun)",
        "said": "a compte jusqu'a trois (verifier qu'on l'a entendu)",
        "no_voice": "pas de fichier de voix %s (make flash copie voice/*.vox) : %s",
        "press": "appuyez sur le bouton %d",
        "pad_ok": "appuye ; vu %d.%d ms apres l'horodatage de l'interruption",
        "dead": "aucun appui en %d s : verifier l'interrupteur, son fil et sa masse",
        "swapped": " ; le bouton %d a ete appuye %d fois entre-temps : fils inverses ?",
        "stuck": "reste enfonce (coince) : verifier que l'interrupteur n'est pas bloque ou a la masse",
        "error": "erreur : %s",
    },
}
