# The emulator's fast instruction step (tools/pico/lib/fastcore.mjs: a
# decode table, SRAM/flash on typed arrays, Machine.run's batch loop) does
# exactly what rp2040js's own step did (tools/pico/fastcore_check.mjs):
# - every 16-bit opcode the table handles, against rp2040js's
#   executeInstruction on random and edge operands: registers, N Z C V,
#   cycles, PRIMASK, the SRAM it could write;
# - the real firmware (pico_matrix flashed by `make flash`) booted on two
#   emulated Picos side by side, one with config fastCore false, then the
#   menus walked and a Bata-waf game joined and played a little through the
#   pins: time, registers, flags, cycle and instruction counts, SRAM, USB
#   RAM, serial output and every recorded event compared every emulated
#   millisecond, the flash at the end.
# Any difference fails: timing proofs (stamps, latencies) depend on the
# cycle counts being rp2040js's.
import json
import os
import subprocess

from tools.pico import pico as P
from tools.pico import scenarios as S

SCRIPT = os.path.join(P.HERE, "fastcore_check.mjs")


def check(args, timeout):
    r = subprocess.run(["node", SCRIPT, json.dumps(args)], cwd=P.HERE,
                       capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout)


def test_every_handled_opcode_as_rp2040js(emulator):
    del emulator    # (skips without node and rp2040js)
    res = check({"mode": "opcodes", "trials": 3, "seed": 2040}, 300)
    assert res["differ"] is None, res
    # the table takes most of the 16-bit opcodes (not the 32-bit prefixes,
    # BKPT, SVC, UDF, hints, REV*, RORS, CPS others)
    assert res["handled"] > 55000, res


def test_firmware_side_by_side_from_boot_through_a_game(flashed, tmp_path):
    board = "pico_matrix"
    flash = str(tmp_path / "flash.bin")
    flashed(board, flash)
    cfg, _ = P.board_config(board)
    scn = S.SCENARIOS["batawaf"]
    pins = scn.pins()
    pre = scn.prefix()
    presses = [[at, pins[pad], hold] for at, pad, hold in pre]
    # the game dealt: both players lay cards, 350 ms apart, for 3 s
    end = pre[-1][0] + 1500000
    for i in range(9):
        presses.append([end + i * 350000, pins[scn.pads[i % 2]], 60000])
    args = {"mode": "firmware", "uf2": P.find_input(P.UF2_NAME, None, "PICO_UF2"),
            "bootrom": P.find_input(P.BOOTROM_NAME, None, "PICO_BOOTROM"), "flash": flash,
            "config": cfg, "presses": presses, "until_us": end + 9 * 350000 + 500000,
            "step_us": 1000, "settle_us": 300000}
    res = check(args, 600)
    assert res["differ"] is None, res
    # it went somewhere: booted, walked the menus, dealt (tens of millions
    # of instructions, frames on the display)
    assert res["instructions"] > 50e6, res
    assert res["frames"] >= 10, res
    assert "game batawaf" in res["serial_tail"], res
