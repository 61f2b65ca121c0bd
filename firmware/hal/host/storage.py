# Host storage: the board's files in a directory of the PC (tests use a temp
# dir), through the same drivers.storage code.  CutFs can cut the power at
# any step of a write (open, each write, close, rename): that step and all
# after it fail with PowerCut, and what reached the disk stays, including
# half of a write, as on a flash chip losing power mid-program.
from drivers.storage import OsFs, Storage


class PowerCut(Exception):
    pass


class CutFs(OsFs):
    def __init__(self, root, cut_at=None):
        super().__init__(root)
        self.cut_at = cut_at     # step number that fails (0 = the first), None = never
        self.steps = 0
        self.dead = False
        self.log = []            # (op, name) of every step that ran

    def _step(self, op, name):
        if self.dead:
            raise PowerCut("power is off")
        if self.cut_at is not None and self.steps == self.cut_at:
            self.dead = True
            self.log.append((op + " (cut)", name))
            return False
        self.steps += 1
        self.log.append((op, name))
        return True

    def open_write(self, name):
        if not self._step("open", name):
            raise PowerCut("power cut opening " + name)
        return _CutFile(self, super().open_write(name), name)

    def rename(self, a, b):
        if not self._step("rename", a):
            raise PowerCut("power cut renaming " + a)
        super().rename(a, b)

    def remove(self, name):
        if not self._step("remove", name):
            raise PowerCut("power cut removing " + name)
        super().remove(name)


class _CutFile:
    def __init__(self, fs, f, name):
        self.fs = fs
        self.f = f
        self.name = name

    def write(self, s):
        # Written in small chunks so a cut can fall inside the data.
        for i in range(0, len(s), 16):
            chunk = s[i:i + 16]
            if not self.fs._step("write", self.name):
                self.f.write(chunk[:len(chunk) // 2])  # half of it made it
                raise PowerCut("power cut writing " + self.name)
            self.f.write(chunk)
        return len(s)

    def close(self):
        if self.fs.dead:
            self.f.close()   # the OS's handle; the data so far stays on disk
            raise PowerCut("power is off")
        if not self.fs._step("close", self.name):
            self.f.close()
            raise PowerCut("power cut closing " + self.name)
        self.f.close()


def open_storage(root, cut_at=None):
    return Storage(CutFs(root, cut_at))
