// The page: draws the engine's positions, turns clicks into the engine's moves, and
// drives the engine in its worker with protocol lines (docs/protocol.md, docs/web.md).
import { createRecords, fetchWasm } from './engine.js';
import { GAMES, dotsBoxes } from './games.js';

const $ = (id) => document.getElementById(id);

/** A search ended by the Stop button. */
class Stopped extends Error {}

/** The protocol engine in a Web Worker: `send(line)` resolves with the reply. */
class EngineClient {
  constructor(onReady) {
    this.onReady = onReady;
    this.start();
  }

  start() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.buffer = '';
    this.pending = [];
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => this.onReady(`engine failed: ${event.message}`);
  }

  receive(data) {
    if (data.failed) {
      this.onReady(`engine failed: ${data.failed}`);
      return;
    }
    this.buffer += data.text;
    let end;
    while ((end = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 1);
      this.line(line);
    }
  }

  line(line) {
    const request = this.pending[0];
    if (!request) return;
    if (line === 'ok' || line.startsWith('error')) {
      this.pending.shift();
      request.resolve({ lines: request.lines, error: line === 'ok' ? null : line.slice(6) });
      return;
    }
    request.lines.push(line);
    if (line.startsWith('info ') && request.onInfo) request.onInfo(line);
  }

  /** Sends one line; resolves with `{ lines, error }` (error: the protocol's text). */
  send(line, onInfo = null) {
    return new Promise((resolve, reject) => {
      this.pending.push({ lines: [], resolve, reject, onInfo });
      this.worker.postMessage(line);
    });
  }

  /** Sends one line; resolves with the reply's lines, rejects on an error reply. */
  async expect(line, onInfo = null) {
    const { lines, error } = await this.send(line, onInfo);
    if (error !== null) throw new Error(error);
    return lines;
  }

  /** Ends whatever runs: a new worker replaces the old one (see docs/web.md). */
  restart() {
    this.worker.terminate();
    for (const request of this.pending) request.reject(new Stopped('stopped'));
    this.start();
  }
}

const state = {
  game: GAMES.tictactoe,
  options: '',
  startFen: null, // null: the game's start position
  moves: [], // in the engine's notation
  fens: [], // fens[i]: the position after i moves
  cursor: 0, // the position shown: after this many moves
  legal: [],
  status: {},
  selected: [],
  flipped: false,
  busy: false,
  generation: 0, // bumped by every change, so a late reply cannot act on a newer position
  refreshing: false, // true until the board shows the latest position
  evaluator: null, // the evaluator chosen in the selector (null: the game's default)
};

const engine = new EngineClient((message) => { $('engine-state').textContent = message; });

function variantControls(game) {
  const select = (id, values, chosen) => `<select id="${id}">${values
    .map((v) => `<option${v === chosen ? ' selected' : ''}>${v}</option>`).join('')}</select>`;
  const sizes = [1, 2, 3, 4, 5, 6];
  switch (game) {
    case 'checkers':
      return 'draw after <input id="draw-plies" type="number" min="1" value="80"> quiet plies';
    case 'dots':
      return `${select('rows', sizes, 3)} × ${select('cols', sizes, 3)} boxes`;
    case 'amazons':
      return `${select('size', [10, 8, 6], 10)} × board`;
    default:
      return '';
  }
}

function gameOptions() {
  switch (state.game.name) {
    case 'checkers': return `draw_plies=${$('draw-plies').value}`;
    case 'dots': return `rows=${$('rows').value} cols=${$('cols').value}`;
    case 'amazons': return `size=${$('size').value}`;
    default: return '';
  }
}

function positionCommand(plies) {
  const base = state.startFen ? `position fen ${state.startFen}` : 'position start';
  const moves = state.moves.slice(0, plies);
  return moves.length ? `${base} moves ${moves.join(' ')}` : base;
}

function goCommand() {
  const limit = Math.max(1, Number($('limit-value').value) || 1);
  const mode = $('mode').value;
  // ProbCut builds on the table kept from the last move's search (deeper entries cut):
  // docs/search.md, "Keeping the table between moves".
  const table = mode === 'probcut' ? ' table=keep' : '';
  return `go ${$('limit').value} ${limit} algo=${$('algo').value} mode=${mode}${table}`;
}

/** Whether the engine plays the side whose turn it is in `fen`. */
function engineSide(fen) {
  const who = $('engine-side').value;
  const turn = state.game.turn(fen);
  return who === 'both' || (who === 'first' && turn === 0) || (who === 'second' && turn === 1);
}

function showError(message) {
  $('error').textContent = message;
}

/** Loads the shown position into the engine and reads what the page draws. */
async function refresh({ auto = false } = {}) {
  const generation = ++state.generation;
  state.selected = [];
  state.refreshing = true;
  await engine.expect(positionCommand(state.cursor));
  const [fen] = await engine.expect('fen');
  const [moves] = await engine.expect('moves');
  const [status] = await engine.expect('status');
  const [score] = await engine.expect('eval');
  if (generation !== state.generation) return;
  state.fens[state.cursor] = fen.slice(4);
  state.legal = moves.split(' ').slice(1);
  state.status = Object.fromEntries(status.split(' ').slice(1).map((kv) => kv.split('=')));
  $('eval').textContent = score.slice(5);
  await showSolution(generation);
  if (generation !== state.generation) return;
  render();
  state.refreshing = false;
  if (auto && state.status.result === 'ongoing' && state.cursor === state.moves.length
      && engineSide(state.fens[state.cursor])) {
    await think(true);
  }
}

/** Dots boards of at most 24 edges (3x3 boxes): the solver's exact value. */
async function showSolution(generation) {
  const fen = state.fens[state.cursor];
  const model = state.game.name === 'dots' ? state.game.parse(fen) : null;
  const small = model && model.rows * (model.cols + 1) + model.cols * (model.rows + 1) <= 24;
  $('solve-row').hidden = !small;
  if (!small || state.status.result !== 'ongoing') {
    $('solve').textContent = '–';
    return;
  }
  const { lines, error } = await engine.send('solve');
  if (generation !== state.generation) return;
  const fields = error === null ? Object.fromEntries(lines[0].split(' ').slice(1).map((kv) => kv.split('='))) : null;
  $('solve').textContent = fields
    ? `${fields.value > 0 ? '+' : ''}${fields.value} boxes for ${state.status.turn} (first's final margin ${fields.margin}), best ${fields.bestmove}`
    : error;
}

/** Reads the FEN after every ply of the move list (for replay and box owners). */
async function computeFens() {
  state.fens = [];
  for (let i = 0; i <= state.moves.length; i++) {
    await engine.expect(positionCommand(i));
    state.fens[i] = (await engine.expect('fen'))[0].slice(4);
  }
}

/** Loads the game and the chosen evaluator into the (possibly new) worker. */
async function loadGame() {
  await engine.expect(`game ${state.game.name} ${state.options}`.trim());
  if (state.evaluator) await engine.expect(`evaluator ${state.evaluator}`);
}

/** Lists the game's evaluators (the reply `evaluator NAME weights=N available=A,B`). */
async function listEvaluators() {
  const [line] = await engine.expect('evaluator');
  const [, current, ...fields] = line.split(' ');
  const available = Object.fromEntries(fields.map((kv) => kv.split('='))).available.split(',');
  $('evaluator').replaceChildren(...available.map((name) => {
    const option = document.createElement('option');
    option.textContent = name;
    option.selected = name === current;
    return option;
  }));
  $('evaluator').disabled = available.length < 2;
}

async function chooseEvaluator() {
  state.evaluator = $('evaluator').value;
  await engine.expect(`evaluator ${state.evaluator}`);
  await refresh();
}

async function newGame() {
  engine.restart();
  state.game = GAMES[$('game').value];
  state.options = gameOptions();
  Object.assign(state, { startFen: null, moves: [], fens: [], cursor: 0, evaluator: null });
  setBusy(false);
  showError('');
  $('info').replaceChildren();
  $('pdn-box').hidden = state.game.name !== 'checkers';
  await loadGame();
  await listEvaluators();
  $('engine-state').textContent = 'engine ready (WebAssembly)';
  await refresh({ auto: true });
}

async function playMove(move) {
  state.moves = [...state.moves.slice(0, state.cursor), move];
  state.fens = state.fens.slice(0, state.cursor + 1);
  state.cursor += 1;
  await refresh({ auto: true });
}

/** Searches the shown position; with `play`, plays the best move. */
async function think(play) {
  const generation = state.generation;
  setBusy(true);
  $('info').replaceChildren();
  try {
    const lines = await engine.expect(goCommand(), addInfo);
    const best = lines.find((l) => l.startsWith('bestmove '));
    setBusy(false);
    if (play && best && generation === state.generation) await playMove(best.slice(9));
  } catch (error) {
    setBusy(false);
    if (!(error instanceof Stopped)) showError(error.message);
  }
}

function addInfo(line) {
  const fields = Object.fromEntries(line.split(' ').slice(1, 5).map((kv) => kv.split('=')));
  const pv = line.slice(line.indexOf('pv=') + 3);
  const li = document.createElement('li');
  li.textContent = `depth ${fields.depth}  score ${fields.score}  nodes ${fields.nodes}  ${fields.time} ms  ${pv}`;
  $('info').appendChild(li);
  li.scrollIntoView({ block: 'nearest' });
}

async function stop() {
  engine.restart();
  setBusy(false);
  await loadGame();
  await refresh();
}

function setBusy(busy) {
  state.busy = busy;
  $('stop').disabled = !busy;
  for (const id of ['go', 'analyse']) $(id).disabled = busy;
  document.body.classList.toggle('thinking', busy);
  $('engine-state').textContent = busy ? 'engine thinking…' : 'engine ready (WebAssembly)';
}

/** Box owners: a box belongs to the side that moved when it was completed. */
function boxOwners() {
  const owners = new Map();
  const game = state.game;
  let before = new Set();
  for (let i = 0; i <= state.cursor && state.fens[i]; i++) {
    const boxes = dotsBoxes(game.parse(state.fens[i]));
    for (const key of boxes) {
      if (!before.has(key) && i > 0 && state.fens[i - 1]) {
        owners.set(key, game.sides[game.turn(state.fens[i - 1])]);
      }
    }
    before = boxes;
  }
  return owners;
}

/** The tokens each legal move is clicked as, and those matching the selection. */
function candidates(prefix) {
  return state.legal
    .map((move) => ({ move, tokens: state.game.tokens(move) }))
    .filter((c) => c.tokens.length >= prefix.length && prefix.every((t, i) => c.tokens[i] === t));
}

function targets() {
  const n = state.selected.length;
  return new Set(candidates(state.selected).filter((c) => c.tokens.length > n).map((c) => c.tokens[n]));
}

function humanToMove() {
  const fen = state.fens[state.cursor];
  return !state.busy && fen && state.status.result === 'ongoing'
    && (state.cursor < state.moves.length || !engineSide(fen));
}

function click(token) {
  if (!humanToMove()) return;
  let prefix = [...state.selected, token];
  let found = candidates(prefix);
  if (found.length === 0) {
    prefix = [token];
    found = candidates(prefix);
    if (found.length === 0) return; // an illegal click does nothing
  }
  const complete = found.find((c) => c.tokens.length === prefix.length);
  if (complete) {
    guard(playMove(complete.move));
  } else {
    state.selected = prefix;
    render();
  }
}

function lastMoveTokens() {
  return state.cursor > 0 ? state.game.tokens(state.moves[state.cursor - 1]) : [];
}

function render() {
  const fen = state.fens[state.cursor];
  const model = state.game.parse(fen);
  const ui = {
    targets: humanToMove() ? targets() : new Set(),
    selected: state.selected,
    lastMove: lastMoveTokens(),
    flipped: state.flipped,
    owners: state.game.name === 'dots' ? boxOwners() : new Map(),
  };
  const board = state.game.draw(model, ui);
  board.setAttribute('aria-label', `${state.game.title} ${fen}`);
  $('board').replaceChildren(board);
  $('board').dataset.fen = fen;
  $('status').textContent = statusText();
  renderMoves();
}

function statusText() {
  const { turn, result, score } = state.status;
  const game = state.game;
  let text = result === 'ongoing' ? `${turn} to move`
    : result === 'draw' ? 'game over: draw' : `game over: ${result} wins`;
  if (score) text += ` · boxes ${score}`;
  const [prev, now] = [state.fens[state.cursor - 1], state.fens[state.cursor]];
  if (game.name === 'dots' && result === 'ongoing' && prev && game.turn(prev) === game.turn(now)) {
    text += ` · ${turn} completed a box and moves again`;
  }
  return text;
}

function renderMoves() {
  const items = state.moves.map((move, i) => {
    const li = document.createElement('li');
    li.textContent = move;
    li.dataset.ply = String(i + 1);
    if (i + 1 === state.cursor) li.classList.add('current');
    return li;
  });
  $('moves').replaceChildren(...items);
}

async function goTo(ply) {
  if (state.busy) await stop();
  state.cursor = Math.max(0, Math.min(state.moves.length, ply));
  await refresh();
}

async function takeBack() {
  if (state.busy) await stop();
  let ply = state.moves.length;
  if (ply === 0) return;
  ply -= 1;
  // Against the engine, go back to the last position where the human moves.
  while (ply > 0 && engineSide(state.fens[ply]) && $('engine-side').value !== 'both') ply -= 1;
  state.moves = state.moves.slice(0, ply);
  state.fens = state.fens.slice(0, ply + 1);
  state.cursor = ply;
  await refresh();
}

async function loadPosition(fen, moves) {
  if (state.busy) await stop();
  const base = fen ? `position fen ${fen}` : 'position start';
  const { error } = await engine.send(moves.length ? `${base} moves ${moves.join(' ')}` : base);
  if (error !== null) {
    showError(error);
    await refresh();
    return;
  }
  showError('');
  Object.assign(state, { startFen: fen, moves, cursor: moves.length });
  await computeFens();
  await refresh();
}

/** The module's engine-free functions (PDN), loaded on the first use. */
let records = null;

/** The game as PDN, written by the core's writer in the wasm module. */
async function exportPdn() {
  records ??= fetchWasm(new URL('./engine.wasm', import.meta.url))
    .then(createRecords)
    .catch((error) => {
      records = null; // try again on the next click
      throw error;
    });
  return (await records).pdn(state.options, state.startFen, state.moves);
}

function importPdn(text) {
  const fen = /\[FEN\s+"([^"]*)"\]/.exec(text)?.[1] ?? null;
  const body = text.replace(/\[[^\]]*\]/g, ' ').replace(/\{[^}]*\}/g, ' ');
  const moves = body.split(/\s+/)
    .filter((t) => t && !/^\d+\.+$/.test(t) && !/^(1-0|0-1|2-0|0-2|1-1|1\/2-1\/2|\*)$/.test(t))
    .map((t) => t.replace(/^\d+\.+/, ''));
  return loadPosition(fen, moves);
}

/** Runs an event's work; a search stopped under it is no error. */
function guard(work) {
  Promise.resolve(work).catch((error) => {
    if (!(error instanceof Stopped)) showError(error.message);
  });
}

function wire() {
  const on = (id, event, handler) => $(id).addEventListener(event, (e) => guard(handler(e)));
  const renderVariant = () => {
    $('variant').innerHTML = variantControls($('game').value);
    for (const select of $('variant').querySelectorAll('select, input')) {
      select.addEventListener('change', () => guard(newGame()));
    }
  };
  on('game', 'change', () => { renderVariant(); return newGame(); });
  on('new-game', 'click', newGame);
  on('flip', 'click', () => { state.flipped = !state.flipped; render(); });
  on('board', 'click', (e) => {
    const target = e.target.closest('[data-token]');
    if (target) click(target.dataset.token);
  });
  on('go', 'click', () => think(true));
  on('analyse', 'click', () => think(false));
  on('stop', 'click', stop);
  on('evaluator', 'change', chooseEvaluator);
  on('engine-side', 'change', () => refresh({ auto: true }));
  on('first', 'click', () => goTo(0));
  on('back', 'click', () => goTo(state.cursor - 1));
  on('forward', 'click', () => goTo(state.cursor + 1));
  on('last', 'click', () => goTo(state.moves.length));
  on('takeback', 'click', takeBack);
  on('moves', 'click', (e) => {
    const ply = e.target.closest('li')?.dataset.ply;
    return ply ? goTo(Number(ply)) : null;
  });
  on('fen-load', 'click', () => loadPosition($('fen').value.trim(), []));
  on('fen-copy', 'click', () => { $('fen').value = state.fens[state.cursor]; });
  on('pdn-load', 'click', () => importPdn($('pdn').value));
  on('pdn-export', 'click', async () => { $('pdn').value = await exportPdn(); });
  on('limit', 'change', () => {
    $('limit-value').value = { movetime: 1000, depth: 6, nodes: 100000 }[$('limit').value];
  });
  renderVariant();
}

wire();
guard(newGame());
// For the end-to-end test and the curious: the page's state.
window.microply = { state, engine };
