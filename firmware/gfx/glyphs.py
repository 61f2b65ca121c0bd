# The project's own bitmaps, as data: two fonts, card ranks and suit pips,
# six dog silhouettes of clearly different sizes (Bata-waf, W6), arrows and a
# small icon set for the menus.  Rows top to bottom, one byte per row (two
# for pictures wider than 8), the most significant used bit is the leftmost
# pixel.  The ascii art below is the source: `python tools/glyphs.py`
# regenerates PIC_DATA, PIC_NAMES and PIC_OFFS from it.  Drawn by gfx.render.
#
# FONT5X7 holds 7 bytes per character of FONT_CHARS (menus and text on the
# OLED and e-ink, scaled); FONT3X5 holds 5 bytes per character of SMALL_CHARS
# (the 16x16 LED matrix).  Ranks are font glyphs (A 2-10 V D R); everything in
# PICS is a picture, never a letter or a digit: a Bata-waf screen draws only
# PICS (W6), and the renderer counts font glyphs so a test can check it.
# The signs (sign_*: taking a pile, saved, the box's seat, cards held) have
# names of 11 characters or more: MicroPython interns only the shorter
# strings of a module, so they cost none of the board's pools of names.
FONT_CHARS = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ!?.,:-+/'()<>=%#"
FONT5X7 = b'\x00\x00\x00\x00\x00\x00\x00\x0e\x11\x13\x15\x19\x11\x0e\x04\x0c\x04\x04\x04\x04\x0e\x0e\x11\x01\x06\x08\x10\x1f\x1f\x01\x02\x06\x01\x11\x0e\x02\x06\n\x12\x1f\x02\x02\x1f\x10\x1e\x01\x01\x11\x0e\x06\x08\x10\x1e\x11\x11\x0e\x1f\x01\x02\x04\x08\x08\x08\x0e\x11\x11\x0e\x11\x11\x0e\x0e\x11\x11\x0f\x01\x02\x0c\x0e\x11\x11\x1f\x11\x11\x11\x1e\x11\x11\x1e\x11\x11\x1e\x0e\x11\x10\x10\x10\x11\x0e\x1e\x11\x11\x11\x11\x11\x1e\x1f\x10\x10\x1e\x10\x10\x1f\x1f\x10\x10\x1e\x10\x10\x10\x0e\x11\x10\x17\x11\x11\x0f\x11\x11\x11\x1f\x11\x11\x11\x0e\x04\x04\x04\x04\x04\x0e\x07\x02\x02\x02\x02\x12\x0c\x11\x12\x14\x18\x14\x12\x11\x10\x10\x10\x10\x10\x10\x1f\x11\x1b\x15\x15\x11\x11\x11\x11\x11\x19\x15\x13\x11\x11\x0e\x11\x11\x11\x11\x11\x0e\x1e\x11\x11\x1e\x10\x10\x10\x0e\x11\x11\x11\x15\x12\r\x1e\x11\x11\x1e\x14\x12\x11\x0f\x10\x10\x0e\x01\x01\x1e\x1f\x04\x04\x04\x04\x04\x04\x11\x11\x11\x11\x11\x11\x0e\x11\x11\x11\x11\x11\n\x04\x11\x11\x11\x15\x15\x15\n\x11\x11\n\x04\n\x11\x11\x11\x11\n\x04\x04\x04\x04\x1f\x01\x02\x04\x08\x10\x1f\x04\x04\x04\x04\x04\x00\x04\x0e\x11\x01\x02\x04\x00\x04\x00\x00\x00\x00\x00\x0c\x0c\x00\x00\x00\x00\x0c\x04\x08\x00\x0c\x0c\x00\x0c\x0c\x00\x00\x00\x00\x0e\x00\x00\x00\x00\x04\x04\x1f\x04\x04\x00\x00\x01\x02\x04\x08\x10\x00\x04\x04\x08\x00\x00\x00\x00\x02\x04\x08\x08\x08\x04\x02\x08\x04\x02\x02\x02\x04\x08\x02\x04\x08\x10\x08\x04\x02\x08\x04\x02\x01\x02\x04\x08\x00\x00\x1f\x00\x1f\x00\x00\x18\x19\x02\x04\x08\x13\x03\n\n\x1f\n\x1f\n\n'
# FONT5X7 turned for gfx/text_viper.py (frames of 8-pixel columns): a character's
# glyph at FONT_IX[its code] (a-z: their capitals', the rest: '?'), 5 bytes
# a glyph in FONT5X7_COLS, one per column, bit r its row r.  Constants, so in
# the firmware's flash, not made in the heap at import (issue 26);
# host_tests/portable/test_render.py checks them against the two above and
# prints the right ones when the font changes.
FONT_IX = b'&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&\x00%&4&3&-./&+(*\',\x01\x02\x03\x04\x05\x06\x07\x08\t\n)&021&&\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f !"#$&&&&&&\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f !"#$&&&&&'
FONT5X7_COLS = b'\x00\x00\x00\x00\x00>QIE>\x00B\x7f@\x00bQIIF!AIM3\x18\x14\x12\x7f\x10\'EEE9<JII0\x01q\t\x05\x036III6\x06II)\x1e~\t\t\t~\x7fIII6>AAA"\x7fAAA>\x7fIIIA\x7f\t\t\t\x01>AIIz\x7f\x08\x08\x08\x7f\x00A\x7fA\x00 @A?\x01\x7f\x08\x14"A\x7f@@@@\x7f\x02\x0c\x02\x7f\x7f\x04\x08\x10\x7f>AAA>\x7f\t\t\t\x06>AQ!^\x7f\t\x19)FFIII1\x01\x01\x7f\x01\x01?@@@?\x1f @ \x1f?@8@?c\x14\x08\x14c\x03\x04x\x04\x03aQIEC\x00\x00_\x00\x00\x02\x01Q\t\x06\x00``\x00\x00\x00P0\x00\x00\x0066\x00\x00\x00\x08\x08\x08\x00\x08\x08>\x08\x08 \x10\x08\x04\x02\x00\x04\x03\x00\x00\x00\x1c"A\x00\x00A"\x1c\x00\x08\x14"A\x00\x00A"\x14\x08\x14\x14\x14\x14\x14#\x13\x08db\x14\x7f\x14\x7f\x14'
SMALL_CHARS = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ!?.,:-+/'()<>=%#"
FONT3X5 = b'\x00\x00\x00\x00\x00\x07\x05\x05\x05\x07\x02\x06\x02\x02\x07\x06\x01\x02\x04\x07\x06\x01\x02\x01\x06\x05\x05\x07\x01\x01\x07\x04\x06\x01\x06\x03\x04\x07\x05\x07\x07\x01\x02\x04\x04\x07\x05\x07\x05\x07\x07\x05\x07\x01\x06\x02\x05\x07\x05\x05\x06\x05\x06\x05\x06\x03\x04\x04\x04\x03\x06\x05\x05\x05\x06\x07\x04\x06\x04\x07\x07\x04\x06\x04\x04\x03\x04\x05\x05\x03\x05\x05\x07\x05\x05\x07\x02\x02\x02\x07\x01\x01\x01\x05\x02\x05\x05\x06\x05\x05\x04\x04\x04\x04\x07\x05\x07\x07\x05\x05\x06\x05\x05\x05\x05\x02\x05\x05\x05\x02\x06\x05\x06\x04\x04\x02\x05\x05\x06\x03\x06\x05\x06\x05\x05\x03\x04\x02\x01\x06\x07\x02\x02\x02\x02\x05\x05\x05\x05\x07\x05\x05\x05\x05\x02\x05\x05\x07\x07\x05\x05\x05\x02\x05\x05\x05\x05\x02\x02\x02\x07\x01\x02\x04\x07\x02\x02\x02\x00\x02\x06\x01\x02\x00\x02\x00\x00\x00\x00\x02\x00\x00\x00\x02\x04\x00\x02\x00\x02\x00\x00\x00\x07\x00\x00\x00\x02\x07\x02\x00\x01\x01\x02\x04\x04\x02\x02\x00\x00\x00\x02\x04\x04\x04\x02\x02\x01\x01\x01\x02\x01\x02\x04\x02\x01\x04\x02\x01\x02\x04\x00\x07\x00\x07\x00\x05\x01\x02\x04\x05\x05\x07\x05\x07\x05'
# The pictures as drawn (name, w, h, rows top to bottom, '#' = lit):
#   pip_s5       5x5 ..#..|.###.|#####|#####|..#..
#   pip_h5       5x5 .#.#.|#####|#####|.###.|..#..
#   pip_d5       5x5 ..#..|.###.|#####|.###.|..#..
#   pip_c5       5x5 .###.|.###.|#####|#####|..#..
#   pip_s3       3x3 .#.|###|.#.
#   pip_h3       3x3 #.#|###|.#.
#   pip_d3       3x3 .#.|###|.#.
#   pip_c3       3x3 ###|###|.#.
#   dog1         3x3 ..#|###|#.#
#   dog2         4x3 #.##|####|#..#
#   dog3         5x4 ...##|#..##|#####|.#.#.
#   dog4         6x5 ....##|#...##|######|.####.|.#..#.
#   dog5         7x6 ....###|#...###|#######|.#####.|.#...#.|.#...#.
#   dog6         8x7 ......##|.....###|#....###|########|.######.|.##..##.|.##..##.
#   dogw1        5x3 ...##|####.|#..#.
#   dogw2        7x4 ....##.|#...###|######.|.#..#..
#   dogw3        9x5 .....##..|#....###.|#######..|.######..|.#...#...
#   dogw4        11x6 .......##..|#......###.|#......####|#########..|.########..|.#.#..#.#..
#   dogw5        13x7 .........##..|#........###.|#........####|###########..|.##########..|.##.#...##.#.|.##.#...##.#.
#   dogw6        15x8 ............##.|#...........###|#..........####|#############..|.############..|.############..|.##.#....##.#..|.##.#....##.#..
#   face_j       11x14 .........#.|..######.#.|.#########.|..#.....#..|..#.....#..|..#.#.#.#..|..#.....#..|..#..#..#..|..#.....#..|...#####...|....###....|.#########.|###########|###########
#   face_q       11x14 ..#.#.#.#..|..#######..|..#######..|...#####...|..#.....#..|..#.#.#.#..|..#.....#..|..#..#..#..|..#.....#..|...#####...|....###....|.#########.|###########|###########
#   face_k       11x14 #....#....#|##..###..##|###########|..#######..|..#.....#..|..#.#.#.#..|..#.....#..|..#..#..#..|..#.....#..|...#####...|....###....|.#########.|###########|###########
#   arrow_up     5x5 ..#..|.###.|#.#.#|..#..|..#..
#   arrow_down   5x5 ..#..|..#..|#.#.#|.###.|..#..
#   arrow_left   5x5 ..#..|.#...|#####|.#...|..#..
#   arrow_right  5x5 ..#..|...#.|#####|...#.|..#..
#   trophy       7x7 #######|#.###.#|.#####.|..###..|...#...|..###..|.#####.
#   pause        5x5 ##.##|##.##|##.##|##.##|##.##
#   play         5x5 #....|###..|#####|###..|#....
#   cross        5x5 #...#|.#.#.|..#..|.#.#.|#...#
#   check        5x5 ....#|...#.|#.#..|.#...|.....
#   star         5x5 ..#..|#####|.###.|.#.#.|#...#
#   icon_dog     8x8 ........|......##|#....###|.######.|.######.|.#....#.|.#....#.|........
#   icon_card    8x8 .######.|.#....#.|.#.#..#.|.#.##.#.|.#.#..#.|.#....#.|.######.|........
#   icon_hand    8x8 ...#....|.#.#.#..|.#.#.#.#|.#######|.######.|..#####.|...###..|........
#   icon_gear    8x8 ...##...|.######.|.##..##.|###..###|###..###|.##..##.|.######.|...##...
#   icon_test    8x8 ........|.......#|......#.|#....#..|.#..#...|..##....|........|........
#   icon_back    8x8 ........|..#.....|.##.....|#######.|.##....#|..#....#|.......#|........
#   icon_speaker 8x8 ...#....|..##..#.|####.#.#|####.#.#|####.#.#|..##..#.|...#....|........
#   icon_sun     8x8 #..#..#.|.#.#.#..|..###...|####.###|..###...|.#.#.#..|#..#..#.|........
#   icon_lang    8x8 ########|#......#|#.####.#|#.#....#|#.###..#|#.#....#|#.####.#|########
#   icon_eink    8x8 ########|#......#|#.####.#|#......#|#.###..#|#......#|########|........
#   icon_opts    8x8 ........|##.#####|........|####.###|........|#.######|........|........
#   bar          1x1 #
#   sign_taking  7x7 #######|.......|#######|...#...|.#####.|..###..|...#...
#   sign_smiley  5x5 .#.#.|.#.#.|.....|#...#|.###.
#   sign_boxseat 5x5 ..#..|#####|#.#.#|#####|.#.#.
#   sign_twocards 5x5 ###..|#.###|#.#.#|###.#|..###
#
# Pictures: one blob, each record w, h, then h rows; PIC_OFFS[i] is the offset of
# the picture named PIC_NAMES[i] (two tuples: constants, in flash on the board).
# One bytes object and two tuples, instead of a tuple and a bytes object per
# picture: a few KB less heap on the board.
PIC_DATA = (
    b'\x05\x05\x04\x0e\x1f\x1f\x04\x05\x05\n\x1f\x1f\x0e\x04\x05\x05\x04\x0e\x1f\x0e\x04\x05\x05\x0e'
    b'\x0e\x1f\x1f\x04\x03\x03\x02\x07\x02\x03\x03\x05\x07\x02\x03\x03\x02\x07\x02\x03\x03\x07\x07\x02'
    b'\x03\x03\x01\x07\x05\x04\x03\x0b\x0f\t\x05\x04\x03\x13\x1f\n\x06\x05\x03#?\x1e\x12\x07'
    b'\x06\x07G\x7f>""\x08\x07\x03\x07\x87\xff~ff\x05\x03\x03\x1e\x12\x07\x04\x06'
    b'G~$\t\x05\x00\x0c\x01\x0e\x01\xfc\x00\xfc\x00\x88\x0b\x06\x00\x0c\x04\x0e\x04\x0f\x07'
    b'\xfc\x03\xfc\x02\x94\r\x07\x00\x0c\x10\x0e\x10\x0f\x1f\xfc\x0f\xfc\r\x1a\r\x1a\x0f\x08\x00'
    b'\x06@\x07@\x0f\x7f\xfc?\xfc?\xfc4444\x0b\x0e\x00\x02\x01\xfa\x03\xfe\x01'
    b'\x04\x01\x04\x01T\x01\x04\x01$\x01\x04\x00\xf8\x00p\x03\xfe\x07\xff\x07\xff\x0b\x0e\x01'
    b'T\x01\xfc\x01\xfc\x00\xf8\x01\x04\x01T\x01\x04\x01$\x01\x04\x00\xf8\x00p\x03\xfe\x07'
    b'\xff\x07\xff\x0b\x0e\x04!\x06s\x07\xff\x01\xfc\x01\x04\x01T\x01\x04\x01$\x01\x04\x00'
    b'\xf8\x00p\x03\xfe\x07\xff\x07\xff\x05\x05\x04\x0e\x15\x04\x04\x05\x05\x04\x04\x15\x0e\x04\x05'
    b'\x05\x04\x08\x1f\x08\x04\x05\x05\x04\x02\x1f\x02\x04\x07\x07\x7f]>\x1c\x08\x1c>\x05\x05'
    b'\x1b\x1b\x1b\x1b\x1b\x05\x05\x10\x1c\x1f\x1c\x10\x05\x05\x11\n\x04\n\x11\x05\x05\x01\x02\x14'
    b'\x08\x00\x05\x05\x04\x1f\x0e\n\x11\x08\x08\x00\x03\x87~~BB\x00\x08\x08~BR'
    b'ZRB~\x00\x08\x08\x10TU\x7f~>\x1c\x00\x08\x08\x18~f\xe7\xe7f~'
    b'\x18\x08\x08\x00\x01\x02\x84H0\x00\x00\x08\x08\x00 `\xfea!\x01\x00\x08\x08\x10'
    b'2\xf5\xf5\xf52\x10\x00\x08\x08\x92T8\xf78T\x92\x00\x08\x08\xff\x81\xbd\xa1\xb9'
    b'\xa1\xbd\xff\x08\x08\xff\x81\xbd\x81\xb9\x81\xff\x00\x08\x08\x00\xdf\x00\xf7\x00\xbf\x00\x00\x01'
    b'\x01\x01\x07\x07\x7f\x00\x7f\x08>\x1c\x08\x05\x05\n\n\x00\x11\x0e\x05\x05\x04\x1f\x15\x1f'
    b'\n\x05\x05\x1c\x17\x15\x1d\x07'
)
PIC_NAMES = (
    'pip_s5',
    'pip_h5',
    'pip_d5',
    'pip_c5',
    'pip_s3',
    'pip_h3',
    'pip_d3',
    'pip_c3',
    'arrow_up',
    'arrow_down',
    'arrow_left',
    'arrow_right',
    'trophy',
    'pause',
    'play',
    'cross',
    'check',
    'star',
    'icon_dog',
    'icon_card',
    'icon_hand',
    'icon_gear',
    'icon_test',
    'icon_back',
    'icon_speaker',
    'icon_sun',
    'icon_lang',
    'icon_eink',
    'icon_opts',
    'bar',
    'sign_taking',
    'sign_smiley',
    'sign_boxseat',
    'sign_twocards',
)
PIC_OFFS = (
    0, 7, 14, 21, 28, 33, 38, 43, 249, 256, 263, 270,
    277, 286, 293, 300, 307, 314, 321, 331, 341, 351, 361, 371,
    381, 391, 401, 411, 421, 431, 434, 443, 450, 457,
)
DOG = (48, 53, 58, 64, 71, 79)
DOGW = (88, 93, 99, 111, 125, 141)
FACE = (159, 189, 219)


def pic(name):
    """(w, h, offset of the first row in PIC_DATA) of a picture."""
    i = PIC_OFFS[PIC_NAMES.index(name)]
    return PIC_DATA[i], PIC_DATA[i + 1], i + 2


def row(data, off, w, r):
    """Row r of a picture at off: one byte up to 8 pixels wide, two (high
    byte first) up to 16."""
    if w > 8:
        return (data[off + 2 * r] << 8) | data[off + 2 * r + 1]
    return data[off + r]
