// The wasm engine's raw interface, shared by the page's worker and the Node runner
// (web/node/engine.mjs). Protocol bytes go in; reply text comes out through
// `onReply`, a whole line or more at a time, while a command is still running.

/** The module's bytes from `url` (the page and the worker fetch it alike). */
export async function fetchWasm(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`engine.wasm: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Instantiates the module; `onReply` receives what it writes, `now` is its clock. */
async function instantiate(wasm, onReply, now) {
  const decoder = new TextDecoder();
  let exports = null;
  const env = {
    microply_now_ms: () => now(),
    microply_write: (ptr, len) => {
      onReply(decoder.decode(new Uint8Array(exports.memory.buffer, ptr, len)));
    },
  };
  const { instance } = wasm instanceof WebAssembly.Module
    ? { instance: await WebAssembly.instantiate(wasm, { env }) }
    : await WebAssembly.instantiate(wasm, { env });
  exports = instance.exports;
  return exports;
}

/** Writes bytes or text into the module's input buffer; returns their length. */
function input(exports, text) {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const ptr = exports.microply_input(bytes.length);
  new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  return bytes.length;
}

/**
 * Instantiates the engine from a compiled `WebAssembly.Module` or bytes.
 * `now` is the clock in milliseconds (performance.now in a worker).
 */
export async function createEngine(wasm, { onReply, now, ttEntries = 0, moveWords = 0 }) {
  const exports = await instantiate(wasm, onReply, now);
  exports.microply_init(ttEntries, moveWords);
  return {
    /** Feeds bytes (a Uint8Array) or text; returns true once `quit` was received. */
    feed(text) {
      return exports.microply_feed(input(exports, text)) === 1;
    },
  };
}

/**
 * The module's functions that need no engine, on an instance of their own (no
 * table is allocated, and a search in the worker does not hold them up).
 */
export async function createRecords(wasm) {
  let reply = '';
  const exports = await instantiate(wasm, (text) => { reply += text; }, () => 0);
  return {
    /**
     * A checkers game as PDN, by the core's writer: `options` as `game checkers`
     * takes them, the start FEN (null: the start position), the moves. Throws the
     * engine's message for a bad FEN or move.
     */
    pdn(options, fen, moves) {
      reply = '';
      const ok = exports.microply_pdn(input(exports, `${options}\n${fen ?? ''}\n${moves.join(' ')}\n`));
      if (ok !== 1) throw new Error(reply.replace(/^error /, '').trim());
      return reply;
    },
  };
}
