// The page's bundle (called by tools/web.py): the emulator worker
// (src/worker.mjs, with tools/pico/lib/ and rp2040js) bundled first, then
// the page (src/page.mjs) with the worker's code as a string, started as a
// blob Worker (a page opened from file:// may not load a worker file).
//   node web/build.mjs OUT_DIR      -> OUT_DIR/box.js
import * as esbuild from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = process.argv[2];
if (!out) throw new Error('usage: node web/build.mjs OUT_DIR');
const common = {
  bundle: true, platform: 'browser', format: 'iife', target: 'es2020', minify: true,
  legalComments: 'none', logLevel: 'warning',
  // tools/pico/lib imports rp2040js: the emulator's own pinned copy
  nodePaths: [path.join(here, '..', 'tools', 'pico', 'node_modules')],
};
const worker = await esbuild.build({ ...common, entryPoints: [path.join(here, 'src', 'worker.mjs')], write: false });
await esbuild.build({
  ...common,
  entryPoints: [path.join(here, 'src', 'page.mjs')],
  outfile: path.join(out, 'box.js'),
  define: { WORKER_SOURCE: JSON.stringify(worker.outputFiles[0].text) },
});
