// End-to-end test of dist/ in Debian's headless Chromium (WebGL2 through SwiftShader):
// the board renders, a click places a stone, the computer answers legally, undo works,
// the console stays clean, frames keep coming while the computer thinks and while live
// analysis runs, the review of a short game shows its chart, and a worker whose engine
// cannot load makes the computer retry a few times, then give up visibly. Before all that,
// the page's loading: its progress bar, its words when WebGL2 is missing or the module
// cannot be fetched or compiled, the time from navigation to the first board frame and
// the bytes fetched on a first visit, the tab's icon inline, then a second visit with no
// network (the service worker's copy) and a new build replacing it.
// It runs in a network namespace with only loopback (`isolate`). Online play: online.mjs.
// Phones: phone.mjs.
//   node web/e2e/test.mjs [DIST_DIR] [SHOTS_DIR]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePng, judge, pixelAt } from './png.mjs';
import {
  checker, collectErrors, humanClick, isolate, launchChromium, parseMoves, pointXY, serve, sleep, state, within,
} from './harness.mjs';

const dist = path.resolve(process.argv[2] ?? 'dist');
const shots = path.resolve(process.argv[3] ?? 'target-shots/web');
isolate(fileURLToPath(import.meta.url), [dist, shots]);
fs.mkdirSync(shots, { recursive: true });

// Under /broken/ the same files, but the AI worker's engine module is missing: a worker
// that starts and then fails on every request. Under /missing/ the game's module is
// missing; under /garbled/ it is not a wasm module.
const faults = {
  broken: (name) => (name.endsWith('_ai_worker_bg.wasm') ? null : name),
  missing: (name) => (name === '/gomoku_bg.wasm' ? null : name),
  garbled: (name) => (name === '/gomoku_bg.wasm' ? '/gomoku.js' : name),
};
const { server, served, base } = await serve(dist, (name) => {
  const fault = faults[name.split('/')[1]];
  return fault ? fault(name.slice(name.indexOf('/', 1))) : name;
});

const { failures, check } = checker();
const browser = await launchChromium();
const errors = [];

// Opens the game; console errors count as failures unless `expected` collects them.
async function open(query, expected = errors) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 720 } });
  collectErrors(page, expected);
  await page.goto(base + query);
  await page.waitForFunction(() => window.gomokuState?.screen === 'Playing' && window.gomokuState.frames > 20,
    null, { timeout: 120_000, polling: 250 });
  return page;
}

// Whether `tab` gets to a running game (more than `frames` frames drawn) within a minute.
// Bounded from the test's side too: in a CI run of 2026-12-02 such a wait outlived its own
// 60 s limit by minutes (the test process held no timer at all; the tab was still
// drawing), so a page that never starts its game fails its check instead of hanging.
const startsPlaying = (tab, frames = 0) => within(tab.waitForFunction(
  (least) => window.gomokuState?.screen === 'Playing' && window.gomokuState.frames > least,
  frames, { timeout: 60_000, polling: 250 }).then(() => true, () => false), 75_000).then((done) => done === true);

// A key as a person presses it: down, a pause, up.
async function pressKey(page, key) {
  await page.keyboard.down(key);
  await sleep(200);
  await page.keyboard.up(key);
  await sleep(200);
}

// Counts requestAnimationFrame callbacks and Bevy frames over `ms`, with the longest gap.
async function frameRate(page, ms) {
  return page.evaluate(async (ms) => {
    const startFrames = window.gomokuState.frames;
    let count = 0, last = performance.now(), longest = 0, thinkingSamples = 0, samples = 0;
    const start = last;
    await new Promise((resolve) => {
      const tick = (now) => {
        count++; longest = Math.max(longest, now - last); last = now;
        samples++; if (window.gomokuState.thinking) thinkingSamples++;
        if (now - start < ms) requestAnimationFrame(tick); else resolve();
      };
      requestAnimationFrame(tick);
    });
    const seconds = (performance.now() - start) / 1000;
    return { raf: count / seconds, bevy: (window.gomokuState.frames - startFrames) / seconds, longest,
      thinkingShare: thinkingSamples / Math.max(1, samples) };
  }, ms);
}

// The page's loading screen, without the game starting: its bar while the module comes
// (the download slowed to 10 MB/s), and what it says when WebGL2 is missing or the module
// is missing or garbled. Each page's console errors are its own.
async function loadingScreens() {
  const page = await browser.newPage({ viewport: { width: 1100, height: 720 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions',
    { offline: false, latency: 0, downloadThroughput: 10e6, uploadThroughput: -1 });
  await page.goto(base + '?play');
  await page.waitForFunction(() => window.gomokuLoading.loaded > 0.3 * window.gomokuLoading.total, null,
    { timeout: 30_000, polling: 50 }).catch(() => {});
  const [note, width, loading] = await page.evaluate(() => [document.querySelector('#loading .note').textContent,
    document.querySelector('#loading .fill').getBoundingClientRect().width, { ...window.gomokuLoading }]);
  await page.screenshot({ path: path.join(shots, 'loading.png') });
  check(loading.phase === 'downloading' && /Downloading the game: [\d.]+ of [\d.]+ MB/.test(note) && width > 0,
    `the loading screen shows the download's progress ('${note}', bar ${width.toFixed(0)} px, ${loading.loaded} of ${loading.total} bytes)`);
  await page.close();

  const failed = async (address, shot, setup) => {
    const p = await browser.newPage({ viewport: { width: 1100, height: 720 } });
    if (setup) await p.addInitScript(setup);
    await p.goto(base + address);
    await p.waitForFunction(() => window.gomokuLoading.phase === 'failed', null, { timeout: 30_000, polling: 100 })
      .catch(() => {});
    const shown = { ...(await p.evaluate(() => window.gomokuLoading)),
      text: (await p.textContent('#loading')).replace(/\s+/g, ' ').trim(),
      visible: await p.isVisible('#loading'), retry: await p.isVisible('#loading button') };
    await p.screenshot({ path: path.join(shots, shot) });
    await p.close();
    return shown;
  };
  // A browser without WebGL2: the probe's context is refused, nothing is downloaded.
  const before = served.bytes;
  const noGl = await failed('?play', 'no-webgl2.png', () => {
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return kind === 'webgl2' ? null : get.call(this, kind, ...rest);
    };
  });
  const fetched = served.bytes - before;
  check(noGl.visible && noGl.text.includes('needs WebGL2') && fetched < 1e6,
    `without WebGL2 the page says so and fetches no module ('${noGl.text}'; ${fetched} bytes)`);
  const missing = await failed('missing/?play', 'module-missing.png');
  check(missing.visible && missing.retry && /Could not download gomoku_bg\.wasm: the server answered 404/.test(missing.text),
    `a missing module is named, with the server's answer ('${missing.text}')`);
  const garbled = await failed('garbled/?play', 'module-garbled.png');
  check(garbled.visible && garbled.text.includes('Could not compile') && /WebAssembly|magic/i.test(garbled.text),
    `a module that is not wasm is reported with the browser's reason ('${garbled.text}')`);
}

// A first visit from a cold browser: the time from navigation to the first board frame and
// the bytes fetched by then; then the service worker keeps the build. A second visit with
// the network cut (offline, and the server gone) still reaches the board and the computer
// answers. Then a new build on the server: the open page installs it, a second tab still
// opens the old build, and the next visit in the first tab opens the new one, with the old
// build's cache gone.
async function firstVisitAndOffline() {
  const { server: own, served, base: address } = await serve(dist);
  const port = own.address().port;
  const context = await browser.newContext({ viewport: { width: 1100, height: 720 } });
  const page = await context.newPage();
  const pageErrors = [];
  collectErrors(page, pageErrors);
  await page.goto(address + '?play');
  await page.waitForFunction(() => window.gomokuLoading.board !== null, null, { timeout: 120_000, polling: 20 });
  const first = { bytes: served.bytes, requests: served.requests,
    ...(await page.evaluate(() => ({ ...window.gomokuLoading }))) };
  // The service worker: active, in control of the page, every file of the build cached.
  const kept = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100));
    const names = await caches.keys();
    const keys = names.length === 1 ? await (await caches.open(names[0])).keys() : [];
    return { names, files: keys.length, controlled: !!navigator.serviceWorker.controller };
  });
  const expected = Object.keys(JSON.parse(fs.readFileSync(path.join(dist, 'sw.js'), 'utf8')
    .match(/const BUILD = (.*);/)[1]).files).length + 1;
  const wasm = fs.statSync(path.join(dist, 'gomoku_bg.wasm')).size;
  console.log(`first visit: first board frame ${first.board.toFixed(0)} ms after navigation (first frame ${first.firstFrame.toFixed(0)} ms), `
    + `${(first.bytes / 1e6).toFixed(2)} MB in ${first.requests} requests by then; `
    + `${(served.bytes / 1e6).toFixed(2)} MB in ${served.requests} requests with the offline copy`);
  check(kept.controlled && kept.names.length === 1 && kept.files === expected,
    `the service worker keeps the build (${kept.files} of ${expected} files in ${kept.names.join(', ')})`);
  // The tab's icon is in the page: a fetched one went through the service worker and could
  // meet the old version during an update's takeover, which then hung (README: the update).
  const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.href ?? null);
  check(icon?.startsWith('data:image/png;base64,'),
    `the tab's icon is written into the page, not fetched (${icon === null ? 'no icon link' : icon.slice(0, 30) + '…'})`);
  // Chromium's own judgement of the manifest and of the page as an installable app; a
  // browser context of a test is always like a private window, which it names.
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  const installable = (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
    .map((e) => e.errorId).filter((id) => id !== 'in-incognito');
  check(manifest.url.endsWith('/manifest.webmanifest') && manifest.errors.length === 0 && installable.length === 0,
    `the page is an installable app (manifest errors: ${JSON.stringify(manifest.errors)}, installability: ${JSON.stringify(installable)})`);
  await cdp.detach();
  check(served.bytes < wasm * 1.1, `the module is fetched once, the offline copy reuses the page's download (${served.bytes} bytes in all)`);

  await context.setOffline(true);
  own.closeAllConnections();
  await new Promise((resolve) => own.close(resolve));
  await page.goto(address + '?play&position=h8i9');
  let offline = null;
  await page.waitForFunction(() => window.gomokuState?.screen === 'Playing' && window.gomokuState.frames > 5, null,
    { timeout: 60_000, polling: 250 }).then(async () => { offline = await page.evaluate(() => ({ ...window.gomokuLoading })); })
    .catch(() => {});
  check(offline !== null, `a second visit with no network reaches the board${offline ? ` (first board frame after ${offline.board.toFixed(0)} ms)` : ''}`);
  if (offline) {
    // A hint: a search in the AI worker, whose files come from the cache too.
    await pressKey(page, 'h');
    await page.waitForFunction(() => window.gomokuState.hint !== '', null, { timeout: 30_000 }).catch(() => {});
    const after = await state(page);
    await page.screenshot({ path: path.join(shots, 'offline.png') });
    check(after.hint !== '' && after.computerTrouble === '', `offline, the computer's search answers (hint: '${after.hint}'${after.computerTrouble ? ', ' + after.computerTrouble : ''})`);
  }

  // A new build: the same files under another version.
  const next = fs.mkdtempSync(path.join(os.tmpdir(), 'gomoku-next-'));
  for (const name of fs.readdirSync(dist)) {
    const from = path.join(dist, name);
    if (name === 'index.html' || name === 'sw.js') {
      fs.writeFileSync(path.join(next, name), fs.readFileSync(from, 'utf8').replace(/"version":"(\w+)"/, '"version":"$1-next"'));
    } else {
      fs.symlinkSync(from, path.join(next, name));
    }
  }
  await context.setOffline(false);
  const { server: again } = await serve(next, undefined, port);
  try {
    // The open page of the old build, its game running, finds the new sw.js and installs
    // it beside its own version, which stays in charge while that page is open.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update())).catch(() => {});
    let installed = false;
    for (let i = 0; i < 120 && !installed; i++) {
      installed = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)
        .catch(() => false);
      if (!installed) await sleep(500);
    }
    // A second tab while the first still plays: it opens the old build, and the new one
    // keeps waiting (the first page's later requests must get files of its own build).
    const other = await context.newPage();
    await within(other.goto(address + '?play'), 60_000);
    const kept = await startsPlaying(other) ? await within(other.evaluate(async () => ({
      next: document.documentElement.outerHTML.includes('-next"'),
      waiting: !!(await navigator.serviceWorker.getRegistration())?.waiting,
    })), 5_000) : null;
    await within(other.close(), 10_000);
    check(installed && kept?.next === false && kept.waiting,
      `with the old build open in another tab, a new tab opens the old build too (new build: ${kept?.next}, new version waiting: ${kept?.waiting})`);
    // The next visit, a reload of the same tab (README's case): the old version serves it,
    // and the new one takes over before the game starts, while the page it replaced may
    // still be unloading (that page says it is leaving, so it does not count).
    // The first tab comes to the front again, as when a person closes the second.
    await within(page.bringToFront(), 5_000);
    await page.reload();
    const playing = await startsPlaying(page, 5);
    if (!playing) {
      // What the next session needs to find out why (README: the update).
      await within(page.screenshot({ path: path.join(shots, 'update-not-playing.png') }), 10_000);
      const report = await within(page.evaluate(() => ({
        state: window.gomokuState ?? null,
        loading: window.gomokuLoading ?? null,
        text: document.body.innerText.slice(0, 200),
      })), 5_000);
      console.log(`     after the reload the page reports ${JSON.stringify(report)}`);
    }
    // The old cache goes as the new worker activates, which may still be under way: on a
    // loaded machine that took over 10 s once, so the wait allows 30 s. It polls from here,
    // each question bounded: a wait inside the page once never returned (a CI run of
    // 2026-12-02, stopped by hand minutes later).
    const seen = (tab) => within(tab.evaluate(async () => ({
      build: await caches.keys(),
      html: document.documentElement.outerHTML.includes('-next"'),
      ...window.gomokuLoading,
    })), 5_000);
    let updated = playing ? await seen(page) : null;
    const deadline = Date.now() + 30_000;
    while (playing && updated?.build?.length !== 1 && Date.now() < deadline) {
      await sleep(500);
      updated = await seen(page);
    }
    if (!updated) updated = { unanswered: playing, ...(await seen(page)) };
    // The new version takes over once the old one's requests in flight are done; a page
    // that waited 30 s for that in vain starts the old build (no reload loop), and the
    // visit after it gets the new one. Seen once on the CI machine (2026-12-02), and not
    // in seven runs with the page and the worker instrumented to say which requests were
    // in flight: so a visit more, in a tab of its own (a reload of the same tab starts
    // what it has for two minutes), and the check still fails when the new build never
    // takes over.
    let later = null;
    if (playing && !updated.html && updated.lastUpdate?.outcome === 'not yet') {
      await within(page.close(), 10_000);
      const visit = await within(context.newPage(), 10_000);
      if (visit) {
        collectErrors(visit, pageErrors);
        await within(visit.goto(address + '?play'), 60_000);
        later = await startsPlaying(visit) ? await seen(visit) : null;
      }
      if (later?.html) updated = { ...updated, build: later.build, html: later.html };
    }
    check(installed === true && playing && updated.html && updated.build?.length === 1 && updated.build[0].endsWith('-next'),
      `a new build installs beside the old one and replaces it on the next visit, or the one after where the old version was busy (installed: ${installed}, playing: ${playing}, `
      + `caches: ${updated.build?.join(', ')}${updated.unanswered ? ', the page stopped answering' : ''}`
      + `${updated.update ? `, the old build's page was answered ${JSON.stringify(updated.update)}` : ''}`
      + `${updated.lastUpdate ? `, the page before it ${JSON.stringify(updated.lastUpdate)}` : ''}`
      + `${later ? `; the visit after it: ${later.html ? 'the new build' : 'the old build still'}` : ''})`);
  } finally {
    again.closeAllConnections();
    again.close();
    fs.rmSync(next, { recursive: true, force: true });
  }
  // A tab that stopped answering may hold its context open: the run goes on regardless.
  await within(context.close(), 15_000);
  const unexpected = pageErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));
  check(unexpected.length === 0, `no errors in the offline visits' console${unexpected.length ? ': ' + unexpected.slice(0, 5).join(' | ') : ''}`);
}

try {
  await loadingScreens();
  await firstVisitAndOffline();

  // 1. A game against the computer, the person playing black.
  const page = await open('?play');
  let s = await state(page);
  const shot = decodePng(await page.screenshot({ path: path.join(shots, 'board.png') }));
  const half = (s.size - 1) / 2 * s.cell;
  const look = judge(shot, s.centerX - half, s.centerY - half, s.centerX + half, s.centerY + half);
  check(look.colours > 20 && look.spread > 8, `the canvas renders a board (${look.colours} colours, spread ${look.spread.toFixed(1)})`);

  await sleep(1500);
  const idle = await frameRate(page, 3000);

  const [hx, hy] = pointXY(s, 7, 7);
  const before = pixelAt(shot, hx + s.cell * 0.25, hy + s.cell * 0.25);
  await humanClick(page, hx, hy);
  await page.waitForFunction(() => window.gomokuState.moves.length > 0, null, { timeout: 10_000 }).catch(() => {});
  s = await state(page);
  check(s.moves.startsWith('h8'), `clicking h8 places a stone (moves: '${s.moves}')`);
  await page.waitForFunction(() => /^h8[a-y]\d+$/.test(window.gomokuState.moves), null, { timeout: 30_000 }).catch(() => {});
  s = await state(page);
  const moves = parseMoves(s.moves);
  const reply = moves[1];
  check(moves.length === 2 && reply && (reply[0] !== 7 || reply[1] !== 7) && reply.every((v) => v >= 0 && v < s.size),
    `the computer answers with a legal move (moves: '${s.moves}')`);
  await sleep(500);
  const after = decodePng(await page.screenshot({ path: path.join(shots, 'after-moves.png') }));
  const now = pixelAt(after, hx + s.cell * 0.25, hy + s.cell * 0.25);
  const changed = now.some((v, i) => Math.abs(v - before[i]) > 40);
  check(changed, `a black stone is drawn at h8 (pixel ${before} -> ${now})`);

  // A hint, asked with the H key: the worker searches and the board rings a free point.
  await page.keyboard.down('h');
  await sleep(200);
  await page.keyboard.up('h');
  await page.waitForFunction(() => window.gomokuState.hint !== '', null, { timeout: 15_000 }).catch(() => {});
  s = await state(page);
  const hinted = parseMoves(s.hint)[0];
  check(hinted && !moves.some((m) => m[0] === hinted[0] && m[1] === hinted[1]),
    `H shows a hint on a free point (hint: '${s.hint}', moves: '${s.moves}')`);
  await page.screenshot({ path: path.join(shots, 'hint.png') });

  // Keys as a person types them: a modifier held across the key.
  await page.keyboard.down('Control');
  await sleep(300);
  await page.keyboard.down('z');
  await sleep(300);
  await page.keyboard.up('z');
  await sleep(300);
  await page.keyboard.up('Control');
  await page.waitForFunction(() => window.gomokuState.moves === '', null, { timeout: 5_000 }).catch(() => {});
  s = await state(page);
  check(s.moves === '', `Ctrl+Z takes back the person's move and the reply (moves: '${s.moves}')`);
  await page.screenshot({ path: path.join(shots, 'after-undo.png') });
  // One page at a time, so the two measurements share the machine alike.
  await page.close();

  // 2. Frames while the computer thinks: it plays itself, so it is always thinking.
  const selfplay = await open('?selfplay');
  await sleep(1500);
  const thinking = await frameRate(selfplay, 3000);
  await selfplay.screenshot({ path: path.join(shots, 'selfplay.png') });
  const ratio = thinking.raf / idle.raf;
  console.log(`idle:     ${idle.raf.toFixed(2)} rAF/s, ${idle.bevy.toFixed(2)} Bevy frames/s, longest gap ${idle.longest.toFixed(0)} ms`);
  console.log(`thinking: ${thinking.raf.toFixed(2)} rAF/s, ${thinking.bevy.toFixed(2)} Bevy frames/s, longest gap ${thinking.longest.toFixed(0)} ms, computer thinking ${(thinking.thinkingShare * 100).toFixed(0)}% of frames`);
  check(thinking.thinkingShare > 0.5, 'the computer was thinking during the measurement');
  // A search on the page's thread would stop frames for a whole search (2 s per move at
  // the master level), a gap no idle frame comes near. The worker's search does not stop
  // them, but on a 2-core machine it takes a core that SwiftShader, a CPU renderer, also
  // draws with, so the rate dips somewhat: the rate is bounded loosely, the gap tightly.
  // The rate with the worker busy was 58–113% of the idle one in CI runs; a blocking 2 s
  // search would leave at most one frame per search, under a quarter of the idle rate.
  const minRatio = 0.4;
  // The gap's bound scales with the idle gap (a loaded CI machine's frames come slower:
  // 583 ms idle, 1350 ms thinking in one run; 900 and 1850 in another) but stays just
  // under the 2 s a blocking search would take, so that search still fails the check.
  const gapLimit = Math.min(Math.max(2.5 * idle.longest, 1000), 1950);
  check(ratio >= minRatio, `frames keep coming while the computer thinks (${(ratio * 100).toFixed(0)}% of the idle rate, at least ${minRatio * 100}%)`);
  check(thinking.longest <= gapLimit, `no frame gap while thinking beyond ${gapLimit.toFixed(0)} ms (longest ${thinking.longest.toFixed(0)} ms; a 2 s search on the page's thread would leave one)`);

  await selfplay.close();

  // 3. Live analysis (the A key) in a position where the person is to move: candidates
  // appear, and frames keep coming while the worker analyses (for minutes, if left).
  const study = await open('?play&position=h8i9h9i8');
  await pressKey(study, 'a');
  await study.waitForFunction(() => window.gomokuState.candidates.split(' ').length >= 3
    && window.gomokuState.analysisDepth >= 2, null, { timeout: 30_000, polling: 250 }).catch(() => {});
  s = await state(study);
  check(s.candidates.split(' ').length >= 3, `analysis marks three candidates (candidates: '${s.candidates}', depth ${s.analysisDepth})`);
  const analysing = await frameRate(study, 3000);
  const studied = decodePng(await study.screenshot({ path: path.join(shots, 'analysis.png') }));
  // The bar stands left of the board (src/gui/analysis.rs: 76 px kept, the bar centred in
  // it): near its foot it is black's share, near-black, never the page's grey.
  s = await state(study);
  const boardHalf = ((s.size - 1) / 2 + 1) * s.cell;
  const barFoot = pixelAt(studied, s.centerX - boardHalf - 42, s.centerY + boardHalf - 40);
  check(barFoot.every((v) => v < 32), `the evaluation bar is drawn left of the board (pixel ${barFoot})`);
  const analysingRatio = analysing.raf / idle.raf;
  console.log(`analysis: ${analysing.raf.toFixed(2)} rAF/s, longest gap ${analysing.longest.toFixed(0)} ms`);
  check(analysingRatio >= minRatio, `frames keep coming during analysis (${(analysingRatio * 100).toFixed(0)}% of the idle rate, at least ${minRatio * 100}%)`);
  check(analysing.longest <= gapLimit, `no frame gap during analysis beyond ${gapLimit.toFixed(0)} ms (longest ${analysing.longest.toFixed(0)} ms)`);
  s = await state(study);
  check(s.moves === 'h8i9h9i8', `analysis places nothing (moves: '${s.moves}')`);
  await study.close();

  // 4. The review of a short finished game (the R key): every position is judged, and the
  // chart shows.
  const reviewed = await open('?play&position=h8i9h9i8h10i7h11i6h12');
  await pressKey(reviewed, 'r');
  await reviewed.waitForFunction(() => /^(\d+)\/\1$/.test(window.gomokuState.review), null,
    { timeout: 60_000, polling: 250 }).catch(() => {});
  s = await state(reviewed);
  check(s.review === '10/10', `the review judges all ten positions (review: '${s.review}')`);
  check(s.reviewMarks >= 1, `white's late moves are marked (${s.reviewMarks} marked)`);
  await sleep(500);
  await reviewed.screenshot({ path: path.join(shots, 'review.png') });
  await reviewed.close();

  // 5. A worker that cannot load its engine: each search fails, the computer retries
  // after growing pauses, then gives up and says so, without placing anything.
  const brokenErrors = [];
  const broken = await open('broken/?selfplay', brokenErrors);
  await broken.waitForFunction(() => window.gomokuState.computerTrouble.startsWith('gave-up'), null,
    { timeout: 30_000, polling: 250 }).catch(() => {});
  s = await state(broken);
  await broken.screenshot({ path: path.join(shots, 'search-failed.png') });
  check(s.computerTrouble.startsWith('gave-up after 3 failures'),
    `a failing worker is retried, then the computer gives up ('${s.computerTrouble}')`);
  check(s.moves === '' && !s.thinking, `nothing is played and nothing is searching (moves: '${s.moves}')`);
  const logged = brokenErrors.filter((e) => e.includes('AI worker')).length;
  check(logged >= 3, `each worker failure is logged (${logged} error lines)`);
  await broken.close();

  check(errors.length === 0, `no errors in the console${errors.length ? ': ' + errors.slice(0, 5).join(' | ') : ''}`);
} catch (error) {
  failures.push(String(error));
  console.log('FAIL', error);
} finally {
  await within(browser.close(), 30_000);
  server.close();
}
console.log(`${failures.length ? 'web e2e FAILED' : 'web e2e passed'}; screenshots in ${shots}`);
process.exit(failures.length ? 1 : 0);
