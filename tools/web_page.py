"""The box's web page in headless Chromium (Debian's `chromium`, driven by
puppeteer-core through web/drive.mjs), for host_tests/pico/test_web.py and
bench/host_web.py: Page(url, profile).js(expression) evaluates in the page
(through window.box), frame() is the display's picture."""
import base64
import json
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
CHROMIUM = "chromium"


class Page:
    """The page in headless Chromium, driven through window.box."""

    def __init__(self, url, profile, file_access=False):
        # file_access: the page may read files beside it (Chromium's
        # --allow-file-access-from-files), as a served page reads its site's
        exe = shutil.which(CHROMIUM)
        cfg = {"chromium": exe, "url": url, "profile": profile, "fileAccess": file_access}
        self.proc = subprocess.Popen(
            ["node", os.path.join(WEB, "drive.mjs"), json.dumps(cfg)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=WEB)
        line = self.proc.stdout.readline()
        if '"ready"' not in line:
            self.proc.kill()
            raise AssertionError("the browser did not open the page: %r" % line)
        self.n = 0
        self.refused = []

    def js(self, expr):
        self.n += 1
        self.proc.stdin.write(json.dumps({"id": self.n, "js": expr}) + "\n")
        self.proc.stdin.flush()
        ans = json.loads(self.proc.stdout.readline())
        if not ans["ok"]:
            raise AssertionError("%s: %s" % (expr, ans["error"]))
        self.refused = ans["refused"]
        return ans.get("value")

    def frame(self):
        f = self.js("(() => { const f = box.frame(); return f && {width: f.width, height: f.height, "
                    "kind: f.kind, rgb: Array.from(f.rgb)}; })()")
        return f

    def bytes_of(self, expr):
        b64 = self.js("(async () => { const b = await %s; let s = ''; for (const x of b) s += "
                      "String.fromCharCode(x); return btoa(s); })()" % expr)
        return base64.b64decode(b64)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
