# Frozen native code 4-byte aligned on ARMv6-M (tools/native_align.py,
# docs/upstream/armv6m-frozen-native-alignment.md): the build's check
# refuses an ELF whose symbols put a native fun_data_* at 2 mod 4, naming
# it; the patch of mpy-tool.py applies once, keeps the original, is undone
# only for the unaligned variant, and says so when the file is not
# v1.28.0's; the UF2 cache key changes with the patch and the variant.
# Host only (no build): the firmware side is host_tests/pico/test_uf2_align_pico.py.
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import native_align  # noqa: E402
import uf2  # noqa: E402

# what `arm-none-eabi-nm -n firmware.elf` prints around the frozen code: the
# native fun_data in .text (t), a bytecode one in .rodata (r)
NM = """\
1003160c t fun_data_drivers_ws2812_viper__lt_module_gt_
1003161c t fun_data_drivers_ws2812_viper_pack
10031814 t fun_data_drivers_ws2812_viper_channels
100319ba t fun_data_drivers_voice_viper_expand
10031ac4 t fun_data_pads_capture_viper_ViperCapture_irq
1004a2e2 r fun_data_app_box__lt_module_gt_
1004a31e r fun_data_app_box_App_tick
"""


def test_the_check_refuses_a_misaligned_native_function_naming_it():
    with pytest.raises(SystemExit) as e:
        native_align.check("firmware.elf", nm_text=NM)
    msg = str(e.value)
    assert "fun_data_drivers_voice_viper_expand at 0x100319ba" in msg
    # only that one: the 4-aligned ones and the bytecode (data) are not named
    assert "ws2812" not in msg and "ViperCapture" not in msg and "app_box" not in msg
    assert "firmware.elf" in msg


def test_the_check_passes_an_aligned_build_and_lists_its_native_functions():
    ok = NM.replace("100319ba t", "100319bc t")
    listing = native_align.check("firmware.elf", nm_text=ok)
    names = [ln.split()[2] for ln in listing.splitlines()]
    assert names == ["fun_data_drivers_ws2812_viper__lt_module_gt_", "fun_data_drivers_ws2812_viper_pack",
                     "fun_data_drivers_ws2812_viper_channels", "fun_data_drivers_voice_viper_expand",
                     "fun_data_pads_capture_viper_ViperCapture_irq"]
    assert native_align.misaligned(ok) == []


def mpy_tool_tree(tmp_path, body):
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "mpy-tool.py").write_text(body)
    return str(tmp_path)


SHIPPED = "x = 1\n" + native_align.OLD + "            MP_NATIVE_ARCH_XTENSAWIN,\n        ):\n"


def test_the_patch_applies_once_and_keeps_the_original(tmp_path):
    mp = mpy_tool_tree(tmp_path, SHIPPED)
    assert native_align.patch(mp) == "patched"
    text = (tmp_path / "tools" / "mpy-tool.py").read_text()
    assert "MP_NATIVE_ARCH_ARMV6M," in text and text.count("MP_NATIVE_ARCH_ARMV6M") == 1
    assert native_align.patch(mp) == "already"
    assert (tmp_path / "tools" / "mpy-tool.py").read_text() == text
    assert (tmp_path / "tools" / "mpy-tool.py.orig").read_text() == SHIPPED


def test_the_unaligned_variant_builds_with_the_shipped_tool_and_puts_the_patch_back(tmp_path):
    mp = mpy_tool_tree(tmp_path, SHIPPED)
    native_align.patch(mp)
    patched = (tmp_path / "tools" / "mpy-tool.py").read_text()
    with pytest.raises(RuntimeError):
        with native_align.unpatched(mp):
            assert (tmp_path / "tools" / "mpy-tool.py").read_text() == SHIPPED
            raise RuntimeError("the build failed")
    assert (tmp_path / "tools" / "mpy-tool.py").read_text() == patched


def test_another_mpy_tool_is_left_alone(tmp_path):
    other = "x = 2\n"
    mp = mpy_tool_tree(tmp_path, other)
    assert native_align.patch(mp) == "not found"
    assert (tmp_path / "tools" / "mpy-tool.py").read_text() == other
    with pytest.raises(SystemExit):
        with native_align.unpatched(mp):
            pass


def test_the_patch_and_the_variant_are_in_the_uf2_cache_key(monkeypatch):
    bj = os.path.join(ROOT, "boards", "pico_matrix.json")
    key = uf2.frozen_hash(bj)
    assert uf2.frozen_hash(bj, unaligned=True) != key
    monkeypatch.setattr(native_align, "PATCH_ID", "0" * 12)
    assert uf2.frozen_hash(bj) != key
    # the probe is frozen into every board's UF2: it is in the key too
    assert uf2.PROBE in uf2.frozen_files(bj)


def test_the_v1_28_mpy_tool_is_what_the_patch_expects(tmp_path):
    # v1.28.0's own tools/mpy-tool.py: from an unpacked tree (make uf2 left
    # one: the original kept beside the patched one), else read from the
    # sources' tarball (the suite's order does not say whether a UF2 was
    # built first), else skipped: no sources on this machine
    trees = []
    mp_home = os.path.join(ROOT, "build", "mp")
    for key in (os.listdir(mp_home) if os.path.isdir(mp_home) else ()):
        p = os.path.join(mp_home, key, uf2.MP_DIR)
        if os.path.exists(os.path.join(p, native_align.ORIG)):
            trees.append(p)
    for p in trees:
        with open(os.path.join(p, native_align.ORIG)) as f:
            assert native_align.OLD in f.read()
        with open(os.path.join(p, native_align.FILE)) as f:
            assert native_align.NEW in f.read()
    if trees:
        return
    try:
        kind, src = uf2.find_source()
    except uf2.Missing as e:
        pytest.skip("no MicroPython v1.28.0 sources: " + str(e).splitlines()[0])
    shipped = _shipped_tool(kind, src)
    assert native_align.OLD in shipped
    assert native_align.patch(mpy_tool_tree(tmp_path, shipped)) == "patched"
    assert native_align.NEW in (tmp_path / native_align.FILE).read_text()


def _shipped_tool(kind, src):
    """The text of tools/mpy-tool.py in a checkout or the tarball."""
    if kind == "dir":
        with open(os.path.join(src, native_align.FILE)) as f:
            return f.read()
    import tarfile
    with tarfile.open(src) as t:
        return t.extractfile(uf2.MP_DIR + "/" + native_align.FILE.replace(os.sep, "/")).read().decode()


# ---- the ROMFS route's deploy (tools/romfs.py) ----

def test_romfs_image_leaves_main_and_the_voices_on_the_file_system(tmp_path):
    import romfs
    tree = tmp_path / "mpy"
    for rel in ("main.py", "app/box.mpy", "hal/rp2/pads.mpy", "voice/fr.vox", "core/ticks.mpy"):
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        (tree / rel).write_bytes(b"x")
    names = romfs.stage(str(tree), str(tmp_path / "stage"))
    assert names == ["app", "core", "hal"]
    staged = sorted(os.path.relpath(os.path.join(d, f), tmp_path / "stage")
                    for d, _, fs in os.walk(tmp_path / "stage") for f in fs)
    assert staged == ["app/box.mpy", "core/ticks.mpy", "hal/rp2/pads.mpy"]


def test_make_flash_onto_a_stock_box_keeps_the_file_system_copy(monkeypatch):
    import romfs
    monkeypatch.setattr(romfs, "query", lambda port: (0, {}))
    assert romfs.plan("pico_matrix", "socket://127.0.0.1:1") is None


def test_romfs_deploy_copies_only_the_voices_the_box_lacks(tmp_path, monkeypatch):
    import romfs
    tree = tmp_path / "mpy"
    for rel, data in (("main.py", b"m"), ("app/box.mpy", b"M\x06"), ("voice/fr.vox", b"fr"),
                      ("voice/en.vox", b"en")):
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        (tree / rel).write_bytes(data)
    monkeypatch.setattr(romfs, "IMAGE", str(tmp_path / "out" / "box.romfs"))
    import hashlib
    have = {"voice/fr.vox": hashlib.sha256(b"fr").hexdigest(), "voice/en.vox": "0" * 64}
    monkeypatch.setattr(romfs, "query", lambda port: (256 * 1024, have))
    cmds = romfs.plan("pico_matrix", "socket://127.0.0.1:1", str(tree))
    words = [" ".join(argv[3:]) for argv, may_fail in cmds]      # after `mpremote connect PORT`
    assert words[0].startswith("exec ") and "'app'" in words[0]    # the old copy goes first
    assert words[1].startswith("romfs deploy ")
    cps = [w for w in words if w.startswith("fs cp ") and ":voice/" in w]
    assert len(cps) == 1 and "en.vox" in cps[0] and "fr.vox" not in cps[0]
    assert words[-1].endswith(":board.json + reset")
    assert os.path.getsize(romfs.IMAGE) > 0
