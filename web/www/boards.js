// SVG drawing helpers shared by the game views.
const NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes, appended to `parent` when given. */
export function el(name, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

/** A fresh SVG of `width` x `height` user units. */
export function svg(width, height) {
  return el('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'board',
    role: 'img',
  });
}

/** The letter of a 0-based column. */
export const file = (c) => String.fromCharCode(97 + c);

/** A label in the margin. */
export function label(parent, x, y, text) {
  el('text', { x, y, class: 'coord', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, parent, text);
}

/** Classes for a clickable token: legal target, part of the selection, last move. */
export function tokenClass(token, ui, base) {
  const classes = [base];
  if (ui.targets.has(token)) classes.push('target');
  if (ui.selected.includes(token)) classes.push('selected');
  if (ui.lastMove.includes(token)) classes.push('last');
  return classes.join(' ');
}
