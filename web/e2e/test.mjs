// End-to-end test of dist/ in Debian's headless Chromium (WebGL2 through SwiftShader):
// the board renders, a click places a stone, the computer answers legally, undo works,
// the console stays clean, frames keep coming while the computer thinks and while live
// analysis runs, the review of a short game shows its chart, and a worker whose engine
// cannot load makes the computer retry a few times, then give up visibly.
// It runs in a network namespace with only loopback (`isolate`). Online play: online.mjs.
//   node web/e2e/test.mjs [DIST_DIR] [SHOTS_DIR]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePng, judge, pixelAt } from './png.mjs';
import {
  checker, collectErrors, humanClick, isolate, launchChromium, parseMoves, pointXY, serve, sleep, state,
} from './harness.mjs';

const dist = path.resolve(process.argv[2] ?? 'dist');
const shots = path.resolve(process.argv[3] ?? 'target-shots/web');
isolate(fileURLToPath(import.meta.url), [dist, shots]);
fs.mkdirSync(shots, { recursive: true });

// Under /broken/ the same files, but the AI worker's engine module is missing: a worker
// that starts and then fails on every request.
const BROKEN = '/broken';
const { server, base } = await serve(dist, (name) => {
  if (!name.startsWith(BROKEN + '/')) return name;
  name = name.slice(BROKEN.length);
  return name.endsWith('_ai_worker_bg.wasm') ? null : name;
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

try {
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
  const gapLimit = Math.max(2 * idle.longest, 1000);
  check(ratio >= 0.6, `frames keep coming while the computer thinks (${(ratio * 100).toFixed(0)}% of the idle rate, at least 60%)`);
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
  check(analysingRatio >= 0.6, `frames keep coming during analysis (${(analysingRatio * 100).toFixed(0)}% of the idle rate, at least 60%)`);
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
  await browser.close();
  server.close();
}
console.log(`${failures.length ? 'web e2e FAILED' : 'web e2e passed'}; screenshots in ${shots}`);
process.exit(failures.length ? 1 : 0);
