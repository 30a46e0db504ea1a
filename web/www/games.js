// One view per game: how its FEN is drawn and how its moves split into clicks.
// No rules live here: legal moves come from the engine's `moves` reply, positions
// from its `fen` reply; a move is the sequence of tokens the player clicks.
import { el, svg, file, label, tokenClass } from './boards.js';

const CELL = 60;
const MARGIN = 24;

/** Board geometry with the flip applied: grid (col, row-from-top) to pixels. */
function grid(n, m, flipped) {
  return (c, r) => {
    const cc = flipped ? n - 1 - c : c;
    const rr = flipped ? m - 1 - r : r;
    return [MARGIN + cc * CELL, MARGIN + rr * CELL];
  };
}

function squareBoard(cols, rows, flipped, fileName, rankName) {
  const root = svg(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN);
  const at = grid(cols, rows, flipped);
  for (let c = 0; c < cols; c++) {
    const [x] = at(c, 0);
    label(root, x + CELL / 2, MARGIN / 2, fileName(c));
    label(root, x + CELL / 2, rows * CELL + MARGIN * 1.5, fileName(c));
  }
  for (let r = 0; r < rows; r++) {
    const [, y] = at(0, r);
    label(root, MARGIN / 2, y + CELL / 2, rankName(r));
    label(root, cols * CELL + MARGIN * 1.5, y + CELL / 2, rankName(r));
  }
  return { root, at };
}

const tictactoe = {
  name: 'tictactoe',
  title: 'Tic-tac-toe',
  sides: ['x', 'o'],
  turn: (fen) => (fen.endsWith(':o') ? 1 : 0),
  tokens: (move) => [move],
  parse(fen) {
    const [rows, side] = fen.split(':');
    return { rows: rows.split('/'), side };
  },
  draw(model, ui) {
    const { root, at } = squareBoard(3, 3, ui.flipped, file, (r) => String(3 - r));
    model.rows.forEach((row, r) => [...row].forEach((ch, c) => {
      const token = `${file(c)}${3 - r}`;
      const [x, y] = at(c, r);
      const g = el('g', { 'data-token': token, class: tokenClass(token, ui, 'cell') }, root);
      el('rect', { x, y, width: CELL, height: CELL, class: 'square light grid' }, g);
      if (ch === 'x') {
        el('path', { d: `M${x + 15} ${y + 15}L${x + 45} ${y + 45}M${x + 45} ${y + 15}L${x + 15} ${y + 45}`, class: 'mark-x' }, g);
      } else if (ch === 'o') {
        el('circle', { cx: x + 30, cy: y + 30, r: 16, class: 'mark-o' }, g);
      }
    }));
    return root;
  },
};

// PDN squares 1-32: row 0 at the top holds 1-4 on the dark squares.
function checkersSquare(n) {
  const r = Math.floor((n - 1) / 4);
  const i = (n - 1) % 4;
  return [r % 2 === 0 ? 2 * i + 1 : 2 * i, r];
}

function checkersPieces(list, colour, pieces) {
  for (const item of list.split(',').filter(Boolean)) {
    const king = item.startsWith('K');
    const body = king ? item.slice(1) : item;
    const [from, to] = body.split('-').map(Number);
    for (let n = from; n <= (to || from); n++) pieces.set(n, { colour, king });
  }
}

const checkers = {
  name: 'checkers',
  title: 'Checkers',
  sides: ['black', 'white'],
  turn: (fen) => (fen.startsWith('W') ? 1 : 0),
  tokens: (move) => move.split(/[-x]/),
  parse(fen) {
    const [side, ...lists] = fen.split(':');
    const pieces = new Map();
    for (const list of lists) checkersPieces(list.slice(1), list[0] === 'W' ? 'white' : 'black', pieces);
    return { side, pieces };
  },
  draw(model, ui) {
    const { root, at } = squareBoard(8, 8, ui.flipped, file, (r) => String(8 - r));
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        const [x, y] = at(c, r);
        if ((r + c) % 2 === 0) el('rect', { x, y, width: CELL, height: CELL, class: 'square light' }, root);
      }
    }
    for (let n = 1; n <= 32; n++) {
      const token = String(n);
      const [x, y] = at(...checkersSquare(n));
      const g = el('g', { 'data-token': token, class: tokenClass(token, ui, 'cell') }, root);
      el('rect', { x, y, width: CELL, height: CELL, class: 'square dark' }, g);
      el('text', { x: x + 4, y: y + 12, class: 'square-number' }, g, token);
      const piece = model.pieces.get(n);
      if (piece) {
        el('circle', { cx: x + 30, cy: y + 30, r: 22, class: `man ${piece.colour}` }, g);
        if (piece.king) el('text', { x: x + 30, y: y + 31, class: `crown ${piece.colour}`, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, g, 'K');
      }
    }
    return root;
  },
};

/** Splits an Amazons FEN row (`1q2q1`, runs may have two digits) into cells. */
function amazonsRow(text) {
  const cells = [];
  for (const [, run, piece] of text.matchAll(/(\d+)|([Qqx])/g)) {
    if (run) cells.push(...Array(Number(run)).fill('.'));
    else cells.push(piece);
  }
  return cells;
}

const amazons = {
  name: 'amazons',
  title: 'Amazons',
  sides: ['white', 'black'],
  turn: (fen) => (fen.endsWith(':b') ? 1 : 0),
  tokens: (move) => move.split(/[-/]/),
  parse(fen) {
    const [rows, side] = fen.split(':');
    return { rows: rows.split('/').map(amazonsRow), side };
  },
  draw(model, ui) {
    const n = model.rows.length;
    const { root, at } = squareBoard(n, n, ui.flipped, file, (r) => String(n - r));
    model.rows.forEach((row, r) => row.forEach((ch, c) => {
      const token = `${file(c)}${n - r}`;
      const [x, y] = at(c, r);
      const g = el('g', { 'data-token': token, class: tokenClass(token, ui, 'cell') }, root);
      el('rect', { x, y, width: CELL, height: CELL, class: `square ${(r + c) % 2 ? 'dark' : 'light'}` }, g);
      if (ch === 'Q' || ch === 'q') {
        el('circle', { cx: x + 30, cy: y + 30, r: 20, class: `man ${ch === 'Q' ? 'white' : 'black'}` }, g);
        el('text', { x: x + 30, y: y + 31, class: `crown ${ch === 'Q' ? 'white' : 'black'}`, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, g, '♛');
      } else if (ch === 'x') {
        el('rect', { x: x + 14, y: y + 14, width: 32, height: 32, class: 'arrow' }, g);
      }
    }));
    return root;
  },
};

const DOT_GAP = 70;

/** Edges named lower/left dot first: `a1-b1` (horizontal) or `a1-a2` (vertical). */
const hEdge = (c, r) => `${file(c)}${r + 1}-${file(c + 1)}${r + 1}`;
const vEdge = (c, r) => `${file(c)}${r + 1}-${file(c)}${r + 2}`;

/** The boxes all four of whose edges are drawn, as `c,r` keys (r from the bottom). */
export function dotsBoxes(model) {
  const boxes = new Set();
  for (let r = 0; r < model.rows; r++) {
    for (let c = 0; c < model.cols; c++) {
      if ([hEdge(c, r), hEdge(c, r + 1), vEdge(c, r), vEdge(c + 1, r)].every((e) => model.edges.has(e))) {
        boxes.add(`${c},${r}`);
      }
    }
  }
  return boxes;
}

const dots = {
  name: 'dots',
  title: 'Dots-and-Boxes',
  sides: ['first', 'second'],
  turn: (fen) => (fen.endsWith(':2') ? 1 : 0),
  tokens: (move) => [move],
  parse(fen) {
    const [size, edges, score, side] = fen.split(':');
    const [rows, cols] = size.split('x').map(Number);
    return { rows, cols, edges: new Set(edges.split(',').filter(Boolean)), score, side };
  },
  // ui.owners maps a box key to 'first' / 'second' (from the move history).
  draw(model, ui) {
    const { rows, cols } = model;
    const w = cols * DOT_GAP + 2 * MARGIN + 20;
    const h = rows * DOT_GAP + 2 * MARGIN + 20;
    const root = svg(w, h);
    const x0 = MARGIN + 10;
    const y0 = MARGIN + 10;
    const px = (c, r) => {
      const cc = ui.flipped ? cols - c : c;
      const rr = ui.flipped ? r : rows - r;
      return [x0 + cc * DOT_GAP, y0 + rr * DOT_GAP];
    };
    for (let c = 0; c <= cols; c++) label(root, px(c, 0)[0], h - MARGIN / 2, file(c));
    for (let r = 0; r <= rows; r++) label(root, MARGIN / 2, px(0, r)[1], String(r + 1));
    for (const key of dotsBoxes(model)) {
      const [c, r] = key.split(',').map(Number);
      const [xa, ya] = px(c, r);
      const [xb, yb] = px(c + 1, r + 1);
      const owner = ui.owners.get(key) || 'unknown';
      el('rect', { x: Math.min(xa, xb), y: Math.min(ya, yb), width: DOT_GAP, height: DOT_GAP, class: `box ${owner}` }, root);
    }
    const edge = (token, a, b) => {
      const drawn = model.edges.has(token);
      const g = el('g', { 'data-token': token, class: tokenClass(token, ui, drawn ? 'edge drawn' : 'edge') }, root);
      const pad = 9;
      el('rect', {
        x: Math.min(a[0], b[0]) - pad,
        y: Math.min(a[1], b[1]) - pad,
        width: Math.abs(b[0] - a[0]) + 2 * pad,
        height: Math.abs(b[1] - a[1]) + 2 * pad,
        class: 'hit',
      }, g);
      el('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: 'stroke' }, g);
    };
    for (let r = 0; r <= rows; r++) for (let c = 0; c < cols; c++) edge(hEdge(c, r), px(c, r), px(c + 1, r));
    for (let r = 0; r < rows; r++) for (let c = 0; c <= cols; c++) edge(vEdge(c, r), px(c, r), px(c, r + 1));
    for (let r = 0; r <= rows; r++) for (let c = 0; c <= cols; c++) {
      const [x, y] = px(c, r);
      el('circle', { cx: x, cy: y, r: 5, class: 'dot' }, root);
    }
    return root;
  },
};

/** Every game, by protocol name. */
export const GAMES = { tictactoe, checkers, dots, amazons };
