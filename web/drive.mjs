// The browser test's driver (host_tests/pico/test_web.py): headless
// Chromium (Debian's `chromium`, started by puppeteer-core, pinned in
// web/package-lock.json) on the built page, offline, driven by JSON lines.
//
//   node web/drive.mjs '{"chromium": "/usr/bin/chromium", "url": "file:///.../index.html?fast", "profile": DIR}'
//
// Requests on stdin {"id", "js"}: the expression `js` evaluated in the page
// (awaited; its value must be JSON), or {"id", "screenshot": path}; answers {"id", "ok", "value" | "error"}
// on stdout, one line each; the page's console errors go to stderr.  The
// browser is started with no network (every request but file: and blob:
// is refused) and a fresh profile; stdin closed: it is closed.
import readline from 'node:readline';
import puppeteer from 'puppeteer-core';

const cfg = JSON.parse(process.argv[2]);
const out = (o) => process.stdout.write(JSON.stringify(o) + '\n');
const browser = await puppeteer.launch({
  executablePath: cfg.chromium,
  headless: true,
  userDataDir: cfg.profile,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', `--user-data-dir=${cfg.profile}`,
    '--allow-file-access-from-files'].filter((a) => cfg.fileAccess || a !== '--allow-file-access-from-files'),
});
const page = await browser.newPage();
await page.setRequestInterception(true);
const refused = [];
page.on('request', (r) => {
  const u = r.url();
  if (u.startsWith('file:') || u.startsWith('blob:') || u.startsWith('data:')) r.continue();
  else { refused.push(u); r.abort(); }
});
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') process.stderr.write(`page: ${m.text()}\n`); });
page.on('pageerror', (e) => process.stderr.write(`page error: ${e.message}\n`));
await page.goto(cfg.url, { waitUntil: 'load' });
out({ event: 'ready' });

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', async (line) => {
  const req = JSON.parse(line);
  try {
    const value = req.screenshot ? await page.screenshot({ path: req.screenshot, fullPage: true })
      && req.screenshot : await page.evaluate(`(async () => (${req.js}))()`);
    out({ id: req.id, ok: true, value, refused });
  } catch (e) {
    out({ id: req.id, ok: false, error: e.message });
  }
});
rl.on('close', async () => { await browser.close(); process.exit(0); });
