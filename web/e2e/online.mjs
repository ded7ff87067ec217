// Online play in the browser, end to end: two pages play a game to five through a room on
// the game's own signalling server, and a page plays the native app's computer
// (`--headless --online-bot`) in another room.
//   node web/e2e/online.mjs DIST_DIR SHOTS_DIR GOMOKU_BINARY
//
// Nothing may leave the machine: the script runs itself again inside a network namespace
// of its own with only the loopback device (`isolate`). Headless Chromium finds no address
// of its own there, so its peer connections go through a TURN relay on 127.0.0.1 (coturn,
// started here), forced with `iceTransportPolicy: 'relay'` by a shim in the test's pages
// (the game sets no policy); the native bot is given the same relay. The signalling
// server is the native app itself (`--headless --host-signalling`).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checker, collectErrors, humanClick, isolate, launchChromium, parseMoves, pointName, pointXY, serve, sleep, state,
} from './harness.mjs';

const script = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(script), '../..');
const args = process.argv.slice(2);
const dist = path.resolve(args[0] ?? 'dist');
const shots = path.resolve(args[1] ?? 'target-shots/web');
const gomoku = path.resolve(args[2] ?? path.join(process.env.CARGO_TARGET_DIR ?? 'target', 'release/gomoku'));

// Smaller than the other test's pages: three pages share two cores' software rendering.
const VIEWPORT = { width: 900, height: 600 };
const SIGNAL_PORT = 3536;
const TURN_PORT = 3478;
const SIGNAL = `ws://127.0.0.1:${SIGNAL_PORT}`;
const TURN = { url: `turn:127.0.0.1:${TURN_PORT}`, user: 'u', credential: 'p' };

// What the test needs, said before anything starts.
const have = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
const missing = have('turnserver') ? [] : ['turnserver (apt-get install coturn)'];
if (!fs.existsSync('/usr/bin/chromium')) missing.push('/usr/bin/chromium (apt-get install chromium)');
if (!fs.existsSync(gomoku)) missing.push(`the native game at ${gomoku} (cargo build --release --bin gomoku)`);
if (!fs.existsSync(path.join(dist, 'index.html'))) missing.push(`the web build in ${dist} (web/build.sh)`);
if (missing.length) {
  console.log(`FAIL online e2e cannot run; missing: ${missing.join(', ')}`);
  process.exit(1);
}
isolate(script, [dist, shots, gomoku]);

fs.mkdirSync(shots, { recursive: true });
const logs = path.join(shots, 'online-logs');
fs.rmSync(logs, { recursive: true, force: true });
fs.mkdirSync(logs, { recursive: true });
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const { failures, check } = checker();

// Helpers this script starts, each logging to a file; all are ended when it ends.
const children = [];
function start(name, command, commandArgs) {
  const log = path.join(logs, `${name}.log`);
  const out = fs.openSync(log, 'w');
  const child = spawn(command, commandArgs, { cwd: repo, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  child.log = log;
  child.label = name;
  child.on('error', (e) => fs.appendFileSync(log, `\n[could not start: ${e.message}]\n`));
  children.push(child);
  return child;
}
const running = (child) => child.exitCode === null && child.signalCode === null;
function stopAll() {
  for (const child of children) if (running(child)) child.kill('SIGKILL');
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

async function waitForPort(port, child, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && running(child)) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
    await sleep(100);
  }
  return false;
}

// The native bot's log says how its game ended, with the moves.
function botResult(child) {
  const text = fs.readFileSync(child.log, 'utf8');
  const over = text.match(/online: game over after (\d+) moves, ([^;\n]*); moves ([a-y0-9]*)/);
  return { text, over: over && { plies: Number(over[1]), result: over[2], moves: over[3] } };
}

// Every peer connection of the page relays through TURN: the only candidates Chromium can
// offer in a namespace with only loopback. (A test-side shim; the game sets no policy.)
// Each connection's servers, candidates and states are kept for the test to report.
function relayOnly() {
  const Native = window.RTCPeerConnection;
  window.peerConnections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(config, ...rest) {
      const relayed = { ...(config ?? {}), iceTransportPolicy: 'relay' };
      super(relayed, ...rest);
      const record = { servers: JSON.stringify(relayed.iceServers ?? []), candidates: [], states: [] };
      window.peerConnections.push(record);
      const at = () => `${(performance.now() / 1000).toFixed(1)} s`;
      this.addEventListener('icecandidate', (e) => record.candidates.push(e.candidate?.type ?? 'end'));
      this.addEventListener('icecandidateerror', (e) => record.states.push(`candidate error ${e.errorCode} ${e.errorText} at ${at()}`));
      this.addEventListener('connectionstatechange', () => record.states.push(`${this.connectionState} at ${at()}`));
      record.states.push(`created at ${at()}`);
    }
  };
}
const peerConnections = (page) => page.evaluate(() => window.peerConnections).catch((e) => String(e));

const network = `signal=${SIGNAL}&ice=${TURN.url}&ice-user=${TURN.user}&ice-credential=${TURN.credential}`;
const errors = [];
let browser;

// A page of its own browser context (its own storage, as another person's browser).
async function openPage(query, label) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // Without a camera or microphone permission Chromium gathers on wildcard addresses only,
  // and in this namespace that gathering never completes (the relay candidate comes, the
  // end never), while matchbox sends its offer only once gathering is complete. With one,
  // it gathers on lo and completes within a fraction of a second. (The game asks for
  // neither.)
  await context.grantPermissions(['camera', 'microphone'], { origin: base });
  await context.addInitScript(relayOnly);
  const page = await context.newPage();
  collectErrors(page, errors, label);
  await page.goto(base + query);
  return page;
}

// Waits until the page shows the room's board, connected, with a few frames drawn since.
async function waitForBoard(page, what, ms = 60_000) {
  const ok = await page.waitForFunction(() => {
    const s = window.gomokuState;
    if (s?.screen !== 'Playing' || s.connection !== 'Connected') return false;
    window.boardSince ??= s.frames;
    return s.frames > window.boardSince + 2;
  }, null, { timeout: ms, polling: 250 }).then(() => true, () => false);
  const s = await state(page).catch(() => ({}));
  check(ok, `${what} (screen ${s.screen}, connection ${s.connection}, room ${s.room})`);
  return ok;
}

async function waitForRoom(page, what) {
  await page.waitForFunction(() => window.gomokuState?.room && window.gomokuState.connection === 'WaitingForOpponent',
    null, { timeout: 60_000, polling: 250 }).catch(() => {});
  const s = await state(page).catch(() => ({}));
  check(/^[a-z]+-\d+$/.test(s.room ?? ''), `${what} (room '${s.room}', connection ${s.connection})`);
  return s.room;
}

// Places `point` on `page` as a person does, until `pages` all show the moves `expected`
// (or more: a quick answer may follow at once), with a retry if the click was lost; true
// when they do.
async function play(page, point, expected, pages, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (let attempt = 0; attempt < 2 && Date.now() < deadline; attempt++) {
    const s = await state(page);
    if (!s.moves.startsWith(expected)) {
      const [x, y] = pointXY(s, ...point);
      await humanClick(page, x, y);
    }
    const wait = attempt === 0 ? Math.min(8_000, deadline - Date.now()) : deadline - Date.now();
    const seen = await Promise.all(pages.map((p) => p.waitForFunction((m) => window.gomokuState.moves.startsWith(m),
      expected, { timeout: Math.max(1, wait), polling: 200 }).then(() => true, () => false)));
    if (seen.every(Boolean)) return true;
    if (attempt === 0) console.log(`     (the click on ${pointName(point)} is not on every page after ${(wait / 1000).toFixed(0)} s; once more)`);
  }
  return false;
}

const { server, base } = await serve(dist);
try {
  const turn = start('turnserver', 'turnserver', ['--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1',
    `--listening-port=${TURN_PORT}`, '--allow-loopback-peers', '--lt-cred-mech', `--user=${TURN.user}:${TURN.credential}`,
    '--realm=test', '--no-tls', '--no-dtls', '--no-cli', '--log-file=stdout', `--pidfile=${path.join(logs, 'turnserver.pid')}`,
    `--userdb=${path.join(logs, 'turndb')}`]);
  const signalling = start('signalling', gomoku, ['--headless', '--host-signalling', String(SIGNAL_PORT)]);
  check(await waitForPort(TURN_PORT, turn), `coturn relays on 127.0.0.1:${TURN_PORT}`);
  check(await waitForPort(SIGNAL_PORT, signalling), `the native app hosts signalling on ${SIGNAL}`);
  if (failures.length) throw new Error(`helpers did not start; logs in ${logs}`);
  browser = await launchChromium(['--allow-loopback-in-peer-connection']);

  // 1. Two pages: one creates a room, the other joins it with the code, and they play
  //    black's column to five, each stone seen on both pages.
  const t1 = Date.now();
  const ann = await openPage(`?create&colours=creator-black&time=none&name=Ann&${network}`, 'Ann ');
  const room = await waitForRoom(ann, 'a page opened with ?create creates a room');
  const bob = await openPage(`?join=${room}&name=Bob&${network}`, 'Bob ');
  const [annLinked, bobLinked] = await Promise.all([waitForBoard(ann, 'the creator sees the board, connected'),
    waitForBoard(bob, 'the page that joined sees the board, connected')]);
  if (!annLinked || !bobLinked) {
    throw new Error(`the pages did not connect; Ann's peer connections: ${JSON.stringify(await peerConnections(ann))}; `
      + `Bob's: ${JSON.stringify(await peerConnections(bob))}`);
  }
  const relayed = await peerConnections(ann);
  const viaRelay = (c) => c.servers.includes(TURN.url) && c.candidates.includes('relay')
    && c.states.some((t) => t.startsWith('connected'));
  check(relayed.length > 0 && relayed.every(viaRelay),
    `the peer connection relays through ${TURN.url} (${JSON.stringify(relayed)})`);
  const black = [[7, 7], [7, 8], [7, 9], [7, 10], [7, 11]];
  const white = [[9, 7], [9, 8], [9, 9], [9, 10]];
  let expected = '';
  let played = true;
  for (let i = 0; i < black.length + white.length && played; i++) {
    const [page, point] = i % 2 === 0 ? [ann, black[i / 2]] : [bob, white[(i - 1) / 2]];
    expected += pointName(point);
    played = await play(page, point, expected, [ann, bob]);
    check(played, `${page === ann ? 'Ann' : 'Bob'} plays ${pointName(point)}; both pages show '${expected}'`);
    if (i === 3) {
      await ann.screenshot({ path: path.join(shots, 'online-creator.png') });
      await bob.screenshot({ path: path.join(shots, 'online-joiner.png') });
    }
  }
  await Promise.all([ann, bob].map((p) => p.waitForFunction(() => window.gomokuState.over, null,
    { timeout: 10_000, polling: 200 }).catch(() => {})));
  const [a, b] = [await state(ann), await state(bob)];
  await ann.screenshot({ path: path.join(shots, 'online-creator-over.png') });
  await bob.screenshot({ path: path.join(shots, 'online-joiner-over.png') });
  check(a.over && b.over && a.moves === b.moves && a.moves === expected,
    `five in a row ends the game on both pages (Ann: over ${a.over} '${a.moves}'; Bob: over ${b.over} '${b.moves}')`);
  check(a.refused === 0 && b.refused === 0, `no message was refused (Ann ${a.refused}, Bob ${b.refused})`);
  console.log(`two pages: ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  await ann.context().close();
  await bob.context().close();

  // 2. A page against the native app's computer: the page creates a room, the headless
  //    bot joins it and plays white; the page plays its own column, then anywhere near
  //    the middle, until the game ends. Both must end on the same moves.
  const t2 = Date.now();
  const cid = await openPage(`?create&colours=creator-black&time=none&name=Cid&${network}`, 'Cid ');
  const botRoom = await waitForRoom(cid, 'a second page creates a room for the bot');
  const bot = start('bot', gomoku, ['--headless', '--online-bot', '--join', botRoom, '--signal', SIGNAL,
    '--ice', TURN.url, '--ice-user', TURN.user, '--ice-credential', TURN.credential, '--name', 'Bot']);
  if (!(await waitForBoard(cid, 'the native bot joins the room; the page sees the board, connected'))) {
    throw new Error(`the bot did not connect; its log: ${bot.log}; the page's peer connections: `
      + JSON.stringify(await peerConnections(cid)));
  }
  check(/online: game agreed with Cid/.test(botResult(bot).text), 'the bot agreed a game with Cid');
  const wanted = [7, 8, 6, 9, 5, 10, 4, 11].map((row) => [7, row]);
  const near = [];
  for (let r = 1; r < 8; r++) {
    for (let col = 7 - r; col <= 7 + r; col++) {
      for (let row = 7 - r; row <= 7 + r; row++) {
        if (Math.max(Math.abs(col - 7), Math.abs(row - 7)) === r) near.push([col, row]);
      }
    }
  }
  let s = await state(cid);
  let stalled = false;
  let shotTaken = false;
  while (!s.over && !stalled && parseMoves(s.moves).length < 60) {
    const taken = new Set(parseMoves(s.moves).map(pointName));
    const point = [...wanted, ...near].find((p) => !taken.has(pointName(p)));
    const mine = s.moves + pointName(point);
    if (!(await play(cid, point, mine, [cid]))) {
      check(false, `the page plays ${pointName(point)} after '${s.moves}'`);
      break;
    }
    // The bot's answer, or the end of the game.
    stalled = !(await cid.waitForFunction((m) => window.gomokuState.over || window.gomokuState.moves.length > m.length,
      mine, { timeout: 30_000, polling: 200 }).then(() => true, () => false));
    s = await state(cid);
    if (!shotTaken && parseMoves(s.moves).length >= 6) {
      await cid.screenshot({ path: path.join(shots, 'online-vs-bot.png') });
      shotTaken = true;
    }
  }
  check(!stalled, `the bot answers every move (moves '${s.moves}')`);
  await cid.screenshot({ path: path.join(shots, 'online-vs-bot-over.png') });
  const deadline = Date.now() + 10_000;
  let result = botResult(bot);
  while (!result.over && Date.now() < deadline) { await sleep(200); result = botResult(bot); }
  s = await state(cid);
  check(s.over && result.over?.moves === s.moves,
    `the game against the bot ends with both sides on the same moves (page: over ${s.over}, '${s.moves}'; bot: ${result.over ? `${result.over.result}, '${result.over.moves}'` : 'no game over in its log'})`);
  check(s.refused === 0 && !/online: refused/.test(result.text), `no message was refused (page ${s.refused})`);
  console.log(`page against the bot: ${((Date.now() - t2) / 1000).toFixed(1)} s, ${parseMoves(s.moves).length} moves`);
  await cid.context().close();

  check(errors.length === 0, `no errors in the pages' consoles${errors.length ? ': ' + errors.slice(0, 5).join(' | ') : ''}`);
  for (const child of [turn, signalling]) check(running(child), `${child.label} kept running (log ${child.log})`);
} catch (error) {
  failures.push(String(error));
  console.log('FAIL', error);
} finally {
  await browser?.close();
  server.close();
  stopAll();
}
console.log(`${failures.length ? 'online e2e FAILED' : 'online e2e passed'} in ${elapsed()}; screenshots in ${shots}, logs in ${logs}`);
process.exit(failures.length ? 1 : 0);
