// What the browser tests share: a network namespace of their own, a static server for
// dist/, Debian's headless Chromium, checks that print `ok` or `FAIL`, and a person's
// clicks on the board.
import { chromium } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/// Set in the environment of the copy of a test that runs inside the namespace.
const INSIDE = 'GOMOKU_E2E_NETNS';

// Nothing a test starts may send a packet anywhere but 127.0.0.1 (Chromium itself asks
// for component updates despite its switches), so each test runs `script` again inside a
// network namespace of its own with only the loopback device, and exits with that run's
// status. Returns only in that run, after checking it has no other interface. webrtc's
// mDNS needs a multicast route there. As root a network namespace is enough; a user needs
// a user namespace around it. A machine where none can be made fails the test, with the
// reason.
export function isolate(script, args) {
  if (process.env[INSIDE]) {
    const interfaces = Object.keys(os.networkInterfaces());
    if (interfaces.some((name) => name !== 'lo')) {
      console.log(`FAIL refusing to run with network interfaces besides lo: ${interfaces.join(', ')}`);
      process.exit(1);
    }
    return;
  }
  for (const [tool, pkg] of [['unshare', 'util-linux'], ['ip', 'iproute2']]) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0) {
      console.log(`FAIL ${tool} is missing (apt-get install ${pkg}): the test runs in a network namespace`);
      process.exit(1);
    }
  }
  const unshare = process.getuid?.() === 0 ? ['--net'] : ['--net', '--map-root-user'];
  const setup = 'ip link set lo up && ip route add 224.0.0.251/32 dev lo && exec "$0" "$@"';
  const run = spawnSync('unshare', [...unshare, '--', 'sh', '-c', setup, process.execPath, script, ...args],
    { stdio: 'inherit', env: { ...process.env, [INSIDE]: '1' } });
  if (run.error) console.log(`FAIL unshare could not run: ${run.error.message}`);
  else if (run.status !== 0) console.log(`(the run in a network namespace, unshare ${unshare.join(' ')}, ended with ${run.status ?? run.signal})`);
  process.exit(run.status ?? 1);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// `promise`, or null once `ms` pass first: Playwright's `evaluate` has no time limit of
// its own, and a page that never answers must fail its check, not hang the test.
export const within = (promise, ms) =>
  Promise.race([promise, sleep(ms).then(() => null)]).catch(() => null);

const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.png': 'image/png', '.ron': 'text/plain', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json' };

// Serves `dist` on 127.0.0.1 and resolves to its base address, and `served`: the requests
// answered and the bytes of the files sent. `route(pathname)` may answer a path with
// another file's path, or with null for a 404. `port` 0 takes a free one; a given port
// lets a test stand a server up again at the same origin.
export async function serve(dist, route = (name) => name, port = 0) {
  const served = { requests: 0, bytes: 0 };
  const server = http.createServer((req, res) => {
    served.requests++;
    const pathname = new URL(req.url, 'http://localhost').pathname;
    const name = route(pathname.endsWith('/') ? pathname + 'index.html' : pathname);
    const file = name === null ? null : path.join(dist, decodeURIComponent(name));
    if (!file || !file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    // With its length, as static servers send files: the page's progress bar counts on it.
    const size = fs.statSync(file).size;
    served.bytes += size;
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream', 'Content-Length': size });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, served, base: `http://127.0.0.1:${server.address().port}/` };
}

// Debian's Chromium, headless, drawing WebGL2 with SwiftShader; nothing of its own on the
// network. `extraArgs` add switches (the online test allows loopback peers).
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--disable-quic', '--disable-background-timer-throttling', '--disable-renderer-backgrounding',
      ...extraArgs],
  });
}

// `check(ok, what)` prints the verdict and remembers failures; E2E_TIMES=1 adds the time.
export function checker() {
  const failures = [];
  const check = (ok, what) => { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${process.env.E2E_TIMES ? ` [${(performance.now() / 1000).toFixed(1)} s]` : ''}`); if (!ok) failures.push(what); return ok; };
  return { failures, check };
}

// Console errors, and Bevy's own error logs (which it writes with console.log and a
// styled ERROR tag), of `page` go to `errors`; E2E_DEBUG=1 echoes the whole console.
export function collectErrors(page, errors, label = '') {
  page.on('console', (m) => {
    const text = m.text();
    if (process.env.E2E_DEBUG) console.log(`${(performance.now() / 1000).toFixed(1)} s ${label}[${m.type()}] ${text}`);
    const isError = m.type() === 'error' || text.startsWith('%cERROR');
    if (isError && !text.includes('Using exceptions for control flow')) errors.push(text);
  });
  page.on('pageerror', (e) => {
    if (!String(e).includes('Using exceptions for control flow')) errors.push(String(e));
  });
}

export const state = (page) => page.evaluate(() => ({ ...window.gomokuState }));

// Board point (col, row from the bottom, 0-based) to page coordinates.
export function pointXY(s, col, row) {
  const half = (s.size - 1) / 2;
  return [s.centerX + (col - half) * s.cell, s.centerY - (row - half) * s.cell];
}

// A click as a person makes it: move near, move onto the point, press, release.
export async function humanClick(page, x, y) {
  await page.mouse.move(x - 20, y - 10);
  await sleep(150);
  await page.mouse.move(x, y, { steps: 4 });
  await sleep(200);
  await page.mouse.down();
  await sleep(150);
  await page.mouse.up();
  await sleep(150);
}

// A move string ("h8i9") as [col, row] pairs, 0-based.
export function parseMoves(text) {
  return [...text.matchAll(/([a-y])(\d+)/g)].map((m) => [m[1].charCodeAt(0) - 97, Number(m[2]) - 1]);
}

// [col, row] as the game writes it ("h8").
export const pointName = ([col, row]) => `${String.fromCharCode(97 + col)}${row + 1}`;
