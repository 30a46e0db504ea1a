#!/usr/bin/env node
// The browser's wasm engine on stdin/stdout, like `microply engine`: used by
// `microply crosscheck --engine` to check host ≡ browser on the firmware suites.
// Usage: node web/node/engine.mjs [--tt-entries N] [--move-words N] [--wasm FILE]
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createEngine } from '../www/engine.js';

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
}

const wasmPath = option('--wasm', new URL('../www/engine.wasm', import.meta.url));
const pending = [];
const engine = await createEngine(readFileSync(wasmPath), {
  onReply: (text) => pending.push(text),
  now: () => performance.now(),
  ttEntries: Number(option('--tt-entries', 0)),
  moveWords: Number(option('--move-words', 0)),
});

function flush() {
  if (pending.length > 0) {
    process.stdout.write(pending.join(''));
    pending.length = 0;
  }
}

process.stdin.on('data', (chunk) => {
  const quit = engine.feed(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
  flush();
  if (quit) {
    process.stdin.pause();
    process.stdout.end();
  }
});
process.stdin.on('end', flush);
