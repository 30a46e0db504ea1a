#!/usr/bin/env node
// End-to-end test of the page in Debian's Chromium (headless, driven by
// playwright-core, which downloads no browser) against `microply web`.
// Usage: node web/e2e/run.mjs [MICROPLY_BINARY] [OUTPUT_DIR]
// For each game: start it, click legal moves, check the engine's reply is legal
// (asked of the host engine, independently of the page), click illegally, import
// a FEN and a bad one, play a short game to its end; screenshots go to OUTPUT_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const binary = resolve(process.argv[2] ?? 'target/debug/microply');
const outDir = resolve(process.argv[3] ?? 'target/web-e2e');
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
function check(condition, what, detail = '') {
  if (process.env.VERBOSE) console.log(`${condition ? 'ok' : 'FAIL'}: ${what}`);
  if (condition) {
    passed += 1;
  } else {
    failed += 1;
    console.log(`FAILED: ${what} ${detail}`);
  }
}

/** The host engine's reply lines for a script (an oracle independent of the page). */
function host(script) {
  const run = spawnSync(binary, ['engine'], { input: `${script}\nquit\n`, encoding: 'utf8' });
  return run.stdout.split('\n');
}

function hostLegal(gameLine, startFen, moves) {
  const base = startFen ? `position fen ${startFen}` : 'position start';
  const position = moves.length ? `${base} moves ${moves.join(' ')}` : base;
  const line = host(`${gameLine}\n${position}\nmoves`).find((l) => l.startsWith('moves'));
  return line ? line.split(' ').slice(1) : [];
}

const TOKENS = {
  tictactoe: (m) => [m],
  checkers: (m) => m.split(/[-x]/),
  dots: (m) => [m],
  amazons: (m) => m.split(/[-/]/),
};

function startServer() {
  const server = spawn(binary, ['web', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveUrl, reject) => {
    server.stdout.on('data', (chunk) => {
      const url = /http:\/\/\S+/.exec(String(chunk));
      if (url) resolveUrl({ server, url: url[0] });
    });
    server.on('exit', (code) => reject(new Error(`microply web exited with ${code}`)));
  });
}

const { server, url } = await startServer();
console.log(`page at ${url}`);
const profile = mkdtempSync(join(tmpdir(), 'microply-chromium-'));
process.on('exit', () => {
  server.kill();
  rmSync(profile, { recursive: true, force: true });
});
// A persistent context is how playwright takes a fresh --user-data-dir.
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1200, height: 1000 },
});
const page = context.pages()[0] ?? await context.newPage();
page.setDefaultTimeout(10000);
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(e.message));
await page.goto(url);

const snapshot = () => page.evaluate(() => {
  const s = window.microply.state;
  return {
    game: s.game.name,
    moves: [...s.moves],
    cursor: s.cursor,
    fen: s.fens[s.cursor],
    legal: [...s.legal],
    status: { ...s.status },
    busy: s.busy || s.refreshing,
    selected: [...s.selected],
    targets: [...document.querySelectorAll('#board .target')].map((e) => e.dataset.token),
    error: document.getElementById('error').textContent,
  };
});

/** Waits until the page is idle and `ready(state)` holds; returns the state. */
async function settle(ready = () => true, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    // Give queued engine replies a moment, then look.
    await page.waitForTimeout(50);
    const s = await snapshot();
    if (s.fen && !s.busy && ready(s)) return s;
    if (Date.now() > deadline) throw new Error(`timed out; state ${JSON.stringify(s).slice(0, 400)}`);
  }
}

async function setup(game, variant, { engineSide = 'second', limit = 'depth', value = 3 } = {}) {
  await page.selectOption('#engine-side', engineSide);
  await page.selectOption('#limit', limit);
  await page.fill('#limit-value', String(value));
  await page.selectOption('#game', game);
  for (const [id, v] of Object.entries(variant)) {
    if (id === 'draw-plies') await page.fill(`#${id}`, v);
    else await page.selectOption(`#${id}`, v);
  }
  await page.click('#new-game');
  return settle((s) => s.game === game && s.moves.length === 0 && s.status.result === 'ongoing');
}

async function clickMove(game, move) {
  for (const token of TOKENS[game](move)) await page.click(`#board [data-token="${token}"]`);
}

const shot = (name) => page.locator('#board').screenshot({ path: join(outDir, `${name}.png`) });

/** Start, a human move by clicks, the engine's legal answer, an illegal click. */
async function playAndAnswer(game, gameLine, variant, humanMove) {
  const start = await setup(game, variant);
  check(start.legal.includes(humanMove), `${game}: ${humanMove} is legal at the start`, start.legal.join(' '));
  check(start.targets.length > 0, `${game}: legal targets highlighted`);
  await clickMove(game, humanMove);
  const answered = await settle((s) => s.moves.length >= 2);
  check(answered.moves[0] === humanMove, `${game}: the clicked move was played`, answered.moves.join(' '));
  const legal = hostLegal(gameLine, null, [humanMove]);
  check(legal.includes(answered.moves[1]), `${game}: the engine answered with a legal move`, answered.moves[1]);
  // An illegal click: a square or edge that is no legal target changes nothing.
  const illegal = await page.evaluate(() => [...document.querySelectorAll('#board [data-token]:not(.target)')]
    .map((e) => e.dataset.token));
  check(illegal.length > 0, `${game}: there is a square that is no target`);
  await page.click(`#board [data-token="${illegal[0]}"]`, { force: true });
  const after = await settle();
  check(after.fen === answered.fen && after.moves.length === answered.moves.length && after.selected.length === 0,
    `${game}: an illegal click (${illegal[0]}) does nothing`);
  await shot(`${game}-play`);
  return after;
}

/** A FEN import, then a bad FEN showing the protocol's own error. */
async function importFen(game, gameLine, fen) {
  await page.fill('#fen', fen);
  await page.click('#fen-load');
  const loaded = await settle((s) => s.moves.length === 0);
  check(loaded.fen === fen, `${game}: FEN import`, `${loaded.fen} != ${fen}`);
  await page.fill('#fen', 'nonsense');
  await page.click('#fen-load');
  const bad = await settle((s) => s.error !== '');
  const expected = host(`${gameLine}\nposition fen nonsense`).find((l) => l.startsWith('error'));
  check(`error ${bad.error}` === expected && bad.fen === fen, `${game}: a bad FEN shows the protocol's error`,
    `${bad.error} / ${expected}`);
  return loaded;
}

/** Lets the engine play both sides from the shown position to the end. */
async function playToEnd(game, value) {
  await page.fill('#limit-value', String(value));
  await page.selectOption('#engine-side', 'both');
  const end = await settle((s) => s.status.result !== 'ongoing', 120);
  await page.selectOption('#engine-side', 'second');
  check(end.legal.length === 0 || end.status.result === 'draw', `${game}: the game ended`, JSON.stringify(end.status));
  return end;
}

async function tictactoe() {
  const line = 'game tictactoe';
  await playAndAnswer('tictactoe', line, {}, 'b2');
  // Replay and takeback.
  await page.click('#first');
  check((await settle((s) => s.cursor === 0)).fen === '.../.../...:x', 'tictactoe: replay to the start');
  await page.click('#last');
  await settle((s) => s.cursor === 2);
  await page.click('#takeback');
  check((await settle((s) => s.moves.length === 0)).fen === '.../.../...:x', 'tictactoe: take back both moves');
  // Analysis: info lines arrive and the static eval is shown.
  await page.click('#analyse');
  await settle((s) => !s.busy);
  const infos = await page.locator('#info li').count();
  check(infos === 3, 'tictactoe: analysis shows one line per iteration', String(infos));
  check((await page.textContent('#eval')) !== '–', 'tictactoe: static eval shown');
  await importFen('tictactoe', line, 'xo./.x./..o:x');
  await page.click('#new-game');
  await settle((s) => s.moves.length === 0);
  const end = await playToEnd('tictactoe', 9);
  check(end.status.result === 'draw' && end.moves.length === 9, 'tictactoe: perfect play draws');
  await shot('tictactoe');
}

async function checkers() {
  const line = 'game checkers draw_plies=80';
  const played = await playAndAnswer('checkers', line, { 'draw-plies': '80' }, '11-15');
  // PDN export and import round trip.
  // Written by the core's PDN writer in the wasm module (an instance of the page's own).
  await page.click('#pdn-export');
  await page.waitForFunction(() => document.getElementById('pdn').value.includes('[GameType'));
  const pdn = await page.inputValue('#pdn');
  check(pdn.includes(`1. ${played.moves[0]} ${played.moves[1]}`), 'checkers: PDN export', pdn);
  check(pdn.startsWith('[Event "microply web"]') && pdn.includes('[Result "*"]'), 'checkers: PDN tags', pdn);
  await page.click('#new-game');
  await settle((s) => s.moves.length === 0);
  await page.fill('#pdn', pdn);
  await page.click('#pdn-load');
  const reloaded = await settle((s) => s.moves.length === 2);
  check(reloaded.moves.join(' ') === played.moves.join(' '), 'checkers: PDN import');
  // A double jump, square by square, with the continuation highlighted.
  await importFen('checkers', line, 'B:W10,19:B6');
  await page.click('#board [data-token="6"]');
  check((await snapshot()).targets.join() === '15', 'checkers: first jump target highlighted');
  await page.click('#board [data-token="15"]');
  check((await snapshot()).targets.join() === '24', 'checkers: the continuation highlighted');
  await page.click('#board [data-token="24"]');
  const jumped = await settle((s) => s.moves.length >= 1);
  check(jumped.moves[0] === '6x15x24', 'checkers: the double jump was played', jumped.moves[0]);
  await shot('checkers');
  // The draw rule as a variant: two kings, a draw after 6 quiet plies.
  await setup('checkers', { 'draw-plies': '6' });
  await importFen('checkers', 'game checkers draw_plies=6', 'B:WK29:BK4');
  const end = await playToEnd('checkers', 2);
  check(end.status.result === 'draw' && end.moves.length === 6, 'checkers: draw after draw_plies quiet plies',
    `${end.status.result} after ${end.moves.length}`);
}

async function dots() {
  const line = 'game dots rows=3 cols=3';
  await playAndAnswer('dots', line, { rows: '3', cols: '3' }, 'b2-c2');
  // The solver's exact value beside the analysis (2x2: the first player wins 3-1).
  await setup('dots', { rows: '2', cols: '2' }, { engineSide: 'none' });
  const solved = await page.textContent('#solve');
  check(solved.startsWith('+2 boxes for first') && solved.includes('margin 2'), 'dots: exact value from the solver', solved);
  await setup('dots', { rows: '3', cols: '3' });
  // Four edges and no box: the first player is to move (an odd count would be refused).
  await importFen('dots', line, '3x3:a1-b1,c1-d1,a1-a2,b1-b2:0-0:1');
  // Completing a box keeps the turn: shown in the status line, box filled.
  await page.selectOption('#engine-side', 'none');
  await clickMove('dots', 'a2-b2');
  const extra = await settle((s) => s.moves.length === 1);
  check(extra.status.turn === 'first' && extra.status.score === '1-0', 'dots: a completed box keeps the turn');
  check((await page.textContent('#status')).includes('moves again'), 'dots: the extra turn is shown');
  check(await page.locator('#board rect.box.first').count() === 1, 'dots: the box is filled in its owner\'s colour');
  await setup('dots', { rows: '2', cols: '2' });
  const end = await playToEnd('dots', 4);
  const [a, b] = end.status.score.split('-').map(Number);
  check(a + b === 4 && end.moves.length === 12, 'dots: 2x2 played out, four boxes owned', end.status.score);
  check(await page.locator('#board rect.box.unknown').count() === 0, 'dots: every box has an owner');
  await shot('dots');
}

async function amazons() {
  const line = 'game amazons size=6';
  await playAndAnswer('amazons', line, { size: '6' }, 'b1-b3/d5');
  await importFen('amazons', line, '1q2q1/q4q/2x3/6/Q4Q/1Q2Q1:b');
  await setup('amazons', { size: '6' });
  const end = await playToEnd('amazons', 1);
  check(['white', 'black'].includes(end.status.result), 'amazons: 6x6 game won', end.status.result);
  await shot('amazons');
  // The 10x10 board, and the Stop button ending a long search.
  await setup('amazons', { size: '10' }, { limit: 'movetime', value: 60000 });
  await page.click('#go');
  await page.waitForTimeout(1500);
  check((await snapshot()).busy, 'amazons: the engine is searching');
  await page.click('#stop');
  const stopped = await settle(() => true, 10);
  check(stopped.moves.length === 0 && stopped.legal.length === 2176, 'amazons: Stop ends the search, the engine answers again',
    String(stopped.legal.length));
  await shot('amazons-10');
}

/** The evaluator selector lists the engine's evaluators and switches the static eval. */
async function evaluators() {
  await setup('checkers', { 'draw-plies': '80' }, { engineSide: 'none' });
  const names = await page.$$eval('#evaluator option', (os) => os.map((o) => o.textContent));
  const listed = host('game checkers\nevaluator').find((l) => l.startsWith('evaluator '))?.split('available=')[1];
  check(names.join() === listed, 'checkers: the selector lists the engine\'s evaluators in its order', `${names.join()} != ${listed}`);
  const fen = 'B:W18,19,20,K32:B6,7';
  await importFen('checkers', 'game checkers draw_plies=80', fen);
  for (const name of ['network', 'baseline']) {
    const expected = host(`game checkers\nposition fen ${fen}\nevaluator ${name}\neval`)
      .find((l) => l.startsWith('eval '))?.slice(5);
    await page.selectOption('#evaluator', name);
    const shown = await page
      .waitForFunction((e) => document.getElementById('eval').textContent === e, expected)
      .then(() => expected, () => page.textContent('#eval'));
    check(shown === expected, `checkers: the ${name} evaluator's static eval`, `${shown} != ${expected}`);
  }
}

async function phone() {
  await page.setViewportSize({ width: 390, height: 844 });
  await setup('checkers', { 'draw-plies': '80' });
  const width = await page.evaluate(() => document.querySelector('#board svg').getBoundingClientRect().right);
  check(width <= 390, 'phone: the board fits the viewport', String(width));
  await page.screenshot({ path: join(outDir, 'phone.png') });
}

try {
  for (const run of [tictactoe, checkers, evaluators, dots, amazons, phone]) {
    const before = failed;
    await run();
    console.log(`${run.name}: ${failed === before ? 'ok' : 'FAILED'}`);
  }
  check(pageErrors.length === 0, 'no script errors on the page', pageErrors.join('; '));
} catch (error) {
  failed += 1;
  console.log(`FAILED: ${error.stack}`);
} finally {
  await context.close();
}
console.log(`screenshots in ${outDir}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
