// The master's speed in the browser's AI worker against the native engine on the same
// machine: the eight positions of `pbrain-gomoku bench`, each searched at level 6 (master)
// for MS milliseconds (default 2000, what the app gives the computer per move), once in
// Debian's headless Chromium through the real worker (DIST's ai_worker.js and ai/), then,
// if a native `pbrain-gomoku` is given, with `pbrain-gomoku best --moves M --ms MS`. Prints
// a table per side (position, best, depth, nodes, ms, nodes/s, score) with totals, and the
// browser/native ratio of total nodes per second and each position's depths. Searches run
// one at a time, never both sides at once. A benchmark, not a test: it fails only when a
// side cannot answer. It runs in a network namespace with only loopback, as the tests do.
//   node web/e2e/bench.mjs DIST [MS] [PBRAIN_GOMOKU]
// DIST needs only ai_worker.js and ai/ (web/build.sh's output has them). Browser ms is the
// round trip of the worker's message (post to reply, the module already loaded); native
// ms is what the search reports (its process start-up not counted).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isolate, launchChromium, serve } from './harness.mjs';

const dist = path.resolve(process.argv[2] ?? 'dist');
const ms = Number(process.argv[3] ?? 2000);
const native = process.argv[4] ? path.resolve(process.argv[4]) : null;
if (!Number.isInteger(ms) || ms <= 0) {
  console.log(`FAIL bad MS '${process.argv[3]}': a whole number of milliseconds`);
  process.exit(2);
}
for (const file of ['ai_worker.js', 'ai/gomoku_ai_worker.js', 'ai/gomoku_ai_worker_bg.wasm']) {
  if (!fs.existsSync(path.join(dist, file))) {
    console.log(`FAIL ${path.join(dist, file)} is missing: build the worker (web/build.sh)`);
    process.exit(2);
  }
}
if (native && !fs.existsSync(native)) {
  console.log(`FAIL no native binary at ${native}`);
  process.exit(2);
}
isolate(fileURLToPath(import.meta.url), [dist, String(ms), ...(native ? [native] : [])]);

// engine/src/bin/pbrain-gomoku/bench.rs's POSITIONS, in its order.
const POSITIONS = [
  'h8i9',
  'h8i8d9',
  'h8i9h9g8h10h7',
  'h8j6l4i6l6i5l7l5',
  'h8i9i8g8j7k6h10j9i11',
  'h8j8f11j6j7h6i6i7g5l8k8h5',
  'h8i7d7g7h7h6i5g5j8g8g6f5',
  'h8j7k4i6h5h7i7g8f9j6j8h6',
];
const LEVEL = 6; // master, the strongest level
const SEED = 1; // pbrain-gomoku best's seed

// One row per position: { moves, best, score, depth, nodes, ms }.
function table(title, rows) {
  console.log(`\n${title}`);
  const line = (...cells) => console.log(cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart']([34, 5, 5, 9, 7, 10, 9][i])).join(' '));
  line('position', 'best', 'depth', 'nodes', 'ms', 'nodes/s', 'score');
  for (const r of rows) line(r.moves, r.best, r.depth, r.nodes, r.ms, Math.round(r.nodes * 1000 / Math.max(1, r.ms)), r.score);
  const nodes = rows.reduce((s, r) => s + r.nodes, 0);
  const time = rows.reduce((s, r) => s + r.ms, 0);
  const nps = Math.round(nodes * 1000 / Math.max(1, time));
  console.log(`total: ${nodes} nodes in ${time} ms = ${nps} nodes/s; depths ${rows.map((r) => r.depth).join(' ')}`);
  return nps;
}

// The browser: a page of the server's origin (a Worker must come from it), answered by
// this script, creating the app's worker from DIST's ai_worker.js.
async function browserRows() {
  const { server, base } = await serve(dist);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.route(base + 'bench.html', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>worker bench</title>' }));
    page.on('pageerror', (e) => console.log(`page error: ${e}`));
    await page.goto(base + 'bench.html');
    const ua = await page.evaluate(() => navigator.userAgent);
    const load = await page.evaluate(async () => {
      const started = performance.now();
      window.worker = new Worker('ai_worker.js');
      window.ask = (request) => new Promise((resolve, reject) => {
        window.worker.onmessage = (e) => resolve(e.data.reply);
        window.worker.onerror = (e) => reject(new Error(e.message));
        window.worker.postMessage({ request });
      });
      // Loads and compiles the module before anything is timed.
      const reply = await window.ask('15 freestyle 1 1 1 -');
      return { reply, ms: performance.now() - started };
    });
    if (load.reply.startsWith('error')) throw new Error(`the worker cannot search: ${load.reply}`);
    console.log(`browser: ${ua}`);
    console.log(`worker loaded and answered a first request in ${load.ms.toFixed(0)} ms`);
    const rows = [];
    for (const moves of POSITIONS) {
      const request = `15 freestyle ${LEVEL} ${ms} ${SEED} ${moves}`;
      const { reply, elapsed } = await page.evaluate(async (request) => {
        const t = performance.now();
        const reply = await window.ask(request);
        return { reply, elapsed: performance.now() - t };
      }, request);
      const [best, score, depth, nodes] = reply.split(' ');
      if (reply.startsWith('error') || nodes === undefined) throw new Error(`'${request}' was answered '${reply}'`);
      rows.push({ moves, best, score: Number(score), depth: Number(depth), nodes: Number(nodes), ms: Math.round(elapsed) });
    }
    return rows;
  } finally {
    await browser.close();
    server.close();
  }
}

// The native binary: `best` prints the move on stdout and
// `score S depth D nodes N time T ms pv ...` on stderr.
function nativeRows() {
  return POSITIONS.map((moves) => {
    const run = spawnSync(native, ['best', '--moves', moves, '--ms', String(ms), '--level', String(LEVEL)], { encoding: 'utf8' });
    const info = /score (-?\d+) depth (\d+) nodes (\d+) time (\d+) ms/.exec(run.stderr ?? '');
    if (run.status !== 0 || !info) throw new Error(`${native} best --moves ${moves}: status ${run.status}, ${run.stderr}${run.error ?? ''}`);
    return { moves, best: run.stdout.trim(), score: Number(info[1]), depth: Number(info[2]), nodes: Number(info[3]), ms: Number(info[4]) };
  });
}

try {
  console.log(`master (level ${LEVEL}), ${ms} ms per position, seed ${SEED}, freestyle 15x15`);
  const browserTable = await browserRows();
  const bNps = table('browser worker (wasm)', browserTable);
  if (native) {
    const nativeTable = nativeRows();
    const nNps = table(`native (${native})`, nativeTable);
    console.log(`\nbrowser/native: ${(bNps / nNps).toFixed(3)} of the native nodes per second (${bNps} / ${nNps})`);
    console.log(`${('depth in ' + ms + ' ms').padEnd(34)} ${'browser'.padStart(7)} ${'native'.padStart(7)} ${'nodes/s b/n'.padStart(11)}`);
    browserTable.forEach((r, i) => {
      const n = nativeTable[i];
      const ratio = (r.nodes / Math.max(1, r.ms)) / (n.nodes / Math.max(1, n.ms));
      console.log(`${r.moves.padEnd(34)} ${String(r.depth).padStart(7)} ${String(n.depth).padStart(7)} ${ratio.toFixed(3).padStart(11)}`);
    });
  }
} catch (e) {
  console.log(`FAIL ${e.message}`);
  process.exit(1);
}
