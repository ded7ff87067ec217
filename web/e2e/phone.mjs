// The browser build on a phone held upright: a 390x844 touch viewport (Chromium's mobile
// emulation), played only by taps. A new player's path: the menu fits the screen and its
// Start is a tap away; in the game the whole board and the HUD under it are on screen; a
// first tap on a point shows the stone, a tap elsewhere moves it, a second tap on it places
// it; the computer answers; a pinch zooms the board and a move on it lands where tapped.
// Screenshots of each step. Runs in a network namespace with only
// loopback (`isolate`), as test.mjs does.
//   node web/e2e/phone.mjs [DIST_DIR] [SHOTS_DIR]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePng, judge, pixelAt } from './png.mjs';
import { checker, collectErrors, isolate, launchChromium, pointXY, serve, sleep, state } from './harness.mjs';

const dist = path.resolve(process.argv[2] ?? 'dist');
const shots = path.resolve(process.argv[3] ?? 'target-shots/web-phone');
isolate(fileURLToPath(import.meta.url), [dist, shots]);
fs.mkdirSync(shots, { recursive: true });

const PHONE = { width: 390, height: 844 };
const { server, base } = await serve(dist);
const { failures, check } = checker();
const browser = await launchChromium();
const errors = [];

// A finger's tap: down, a short rest, up, as page.touchscreen.tap does, then time to draw.
async function tap(page, x, y) {
  await page.touchscreen.tap(x, y);
  await sleep(400);
}

// The board's drawn square (coordinates' margin included) in CSS pixels.
function boardRect(s) {
  const half = ((s.size - 1) / 2 + 1) * s.cell;
  return { left: s.centerX - half, top: s.centerY - half, right: s.centerX + half, bottom: s.centerY + half };
}

// Waits (up to 5 s) for the page's state to satisfy `test`, then returns the state.
async function settle(page, test) {
  await page.waitForFunction(test, null, { timeout: 5_000, polling: 100 }).catch(() => {});
  return state(page);
}

const round = (r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v)]));

try {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  // Every sound the page starts through WebAudio, with its context's state: the test hears
  // the game's sound by counting what it plays (headless Chromium has no speakers).
  await context.addInitScript(() => {
    window.gomokuSounds = [];
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args) {
      // A fingerprint of the clip: the sum of its first thousand samples' sizes.
      const samples = this.buffer ? this.buffer.getChannelData(0) : new Float32Array();
      const print = samples.slice(0, 1000).reduce((sum, v) => sum + Math.abs(v), 0);
      window.gomokuSounds.push({ samples: samples.length, print: Math.round(print * 100) / 100, state: this.context.state });
      return start.apply(this, args);
    };
  });
  const page = await context.newPage();
  const sounds = () => page.evaluate(() => window.gomokuSounds);
  collectErrors(page, errors);
  await page.goto(base);
  await page.waitForFunction(() => window.gomokuState?.screen === 'Menu' && window.gomokuState.frames > 20,
    null, { timeout: 120_000, polling: 250 });
  await sleep(500);
  const menu = decodePng(await page.screenshot({ path: path.join(shots, 'menu.png') }));
  const menuLook = judge(menu, 0, 0, PHONE.width, PHONE.height);
  check(menuLook.colours > 10 && menuLook.spread > 8, `the menu is drawn (${menuLook.colours} colours, spread ${menuLook.spread.toFixed(1)})`);

  // Start is pinned at the bottom of the screen, under the scrolling choices.
  await tap(page, PHONE.width / 2, PHONE.height - 34);
  await page.waitForFunction(() => window.gomokuState.screen === 'Playing' && window.gomokuState.hud.startsWith('below'),
    null, { timeout: 20_000, polling: 250 }).catch(() => {});
  await sleep(1000);
  let s = await state(page);
  check(s.screen === 'Playing', `a tap on Start starts a game (screen: ${s.screen})`);
  check(s.tapToConfirm === true, `tap-to-confirm is on for a touch screen (${s.tapToConfirm})`);

  // The board on top, whole and as wide as the screen; the HUD under it.
  const board = boardRect(s);
  const hudHeight = Number(s.hud.split(' ')[1]);
  const hudTop = PHONE.height - hudHeight;
  check(s.hud.startsWith('below'), `the HUD goes under the board (hud: '${s.hud}')`);
  check(board.left >= 0 && board.right <= PHONE.width && board.top >= 0 && board.bottom <= hudTop,
    `the whole board is on screen above the HUD (board ${JSON.stringify(round(board))}, HUD from y ${hudTop})`);
  check(board.right - board.left >= 0.9 * PHONE.width && s.cell >= 20,
    `the board takes the screen's width (${Math.round(board.right - board.left)} px, cells of ${s.cell.toFixed(1)} px)`);
  const game = decodePng(await page.screenshot({ path: path.join(shots, 'portrait.png') }));
  const boardLook = judge(game, Math.round(board.left), Math.round(board.top), Math.round(board.right), Math.round(board.bottom));
  check(boardLook.colours > 20 && boardLook.spread > 8, `the board renders (${boardLook.colours} colours, spread ${boardLook.spread.toFixed(1)})`);
  const hudLook = judge(game, 0, Math.round(hudTop), PHONE.width, PHONE.height);
  check(hudLook.colours > 8 && hudLook.spread > 8, `the HUD renders under the board (${hudLook.colours} colours, spread ${hudLook.spread.toFixed(1)})`);

  // A first tap shows the stone and places nothing; a tap elsewhere moves it there.
  const [gx, gy] = pointXY(s, 6, 6);
  const [hx, hy] = pointXY(s, 7, 7);
  const empty = pixelAt(game, hx + s.cell * 0.2, hy + s.cell * 0.2);
  await tap(page, gx, gy);
  s = await settle(page, () => window.gomokuState.preview !== '');
  check(s.preview === 'g7' && s.moves === '', `a first tap on g7 shows the stone (preview '${s.preview}', moves '${s.moves}')`);
  await tap(page, hx + 3, hy - 2);
  s = await settle(page, () => window.gomokuState.preview !== 'g7');
  check(s.preview === 'h8' && s.moves === '', `a tap on h8 moves it there (preview '${s.preview}', moves '${s.moves}')`);
  const shown = decodePng(await page.screenshot({ path: path.join(shots, 'tap-preview.png') }));
  const ghost = pixelAt(shown, hx + s.cell * 0.2, hy + s.cell * 0.2);
  check(ghost.some((v, i) => Math.abs(v - empty[i]) > 25), `the stone shows at h8 (pixel ${empty} -> ${ghost})`);

  // The second tap on the same point places it; the computer answers.
  await tap(page, hx - 2, hy + 3);
  await page.waitForFunction(() => window.gomokuState.moves.length > 0, null, { timeout: 10_000 }).catch(() => {});
  s = await state(page);
  check(s.moves.startsWith('h8'), `a second tap on h8 places the stone (moves '${s.moves}')`);
  await page.waitForFunction(() => /^h8[a-o]\d+$/.test(window.gomokuState.moves), null, { timeout: 30_000 }).catch(() => {});
  await sleep(800);
  s = await state(page);
  check(/^h8[a-o]\d+$/.test(s.moves), `the computer answers (moves '${s.moves}')`);
  // The taps before unlocked the page's audio; the menu and the preview made no sound, each
  // stone one click (black's and white's differ).
  const clicks = await sounds();
  check(clicks.length === 2 && clicks.every((c) => c.state === 'running' && c.samples > 0)
    && clicks[0].print !== clicks[1].print,
    `each stone plays its click through WebAudio after the first tap (${JSON.stringify(clicks)})`);
  await page.screenshot({ path: path.join(shots, 'portrait-play.png') });

  // Scrolling the HUD with a finger drag places nothing on the board.
  const before = s.moves;
  const client = await context.newCDPSession(page);
  const drag = async (points, type) => client.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  await drag([{ x: 200, y: PHONE.height - 40 }], 'touchStart');
  for (let i = 1; i <= 8; i++) {
    await drag([{ x: 200, y: PHONE.height - 40 - i * 30 }], 'touchMove');
    await sleep(50);
  }
  await drag([], 'touchEnd');
  await sleep(800);
  s = await state(page);
  check(s.moves === before, `a drag up the HUD scrolls it and places nothing (moves '${s.moves}')`);
  await page.screenshot({ path: path.join(shots, 'hud-scrolled.png') });

  // Two fingers spread on the board zoom it (to at most finger-sized cells) and place
  // nothing; a two-tap move on the zoomed board lands where the finger was.
  const fitted = s.cell;
  const [mx, my] = pointXY(s, 7, 7);
  const pinch = (d) => [{ x: mx - d, y: my, id: 1 }, { x: mx + d, y: my, id: 2 }];
  await drag(pinch(30), 'touchStart');
  for (let d = 35; d <= 70; d += 5) {
    await drag(pinch(d), 'touchMove');
    await sleep(60);
  }
  await drag([], 'touchEnd');
  await sleep(800);
  s = await state(page);
  check(s.cell >= 1.8 * fitted && s.moves === before,
    `a pinch zooms the board (cells ${fitted.toFixed(1)} -> ${s.cell.toFixed(1)} px) and places nothing (moves '${s.moves}')`);
  await page.screenshot({ path: path.join(shots, 'zoomed.png') });
  const name = (c, r) => String.fromCharCode(97 + c) + (r + 1);
  const free = [[6, 8], [8, 6], [6, 6], [8, 8]].find(([c, r]) => !s.moves.includes(name(c, r)) && !s.moves.match(new RegExp(name(c, r) + '(?!\\d)')));
  const [zx, zy] = pointXY(s, free[0], free[1]);
  await tap(page, zx + 4, zy - 3);
  await tap(page, zx - 3, zy + 2);
  await page.waitForFunction((m) => window.gomokuState.moves.length > m.length, before, { timeout: 10_000 }).catch(() => {});
  s = await state(page);
  check(s.moves.startsWith(before + name(free[0], free[1])),
    `a two-tap move on the zoomed board places ${name(free[0], free[1])} (moves '${s.moves}')`);
  await page.screenshot({ path: path.join(shots, 'zoomed-play.png') });

  check(errors.length === 0, `no errors in the console${errors.length ? ': ' + errors.slice(0, 5).join(' | ') : ''}`);
  await context.close();
} catch (error) {
  failures.push(String(error));
  console.log('FAIL', error);
} finally {
  await browser.close();
  server.close();
}
console.log(`${failures.length ? 'phone e2e FAILED' : 'phone e2e passed'}; screenshots in ${shots}`);
process.exit(failures.length ? 1 : 0);
