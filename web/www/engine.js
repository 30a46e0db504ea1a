// The wasm engine's raw interface, shared by the page's worker and the Node runner
// (web/node/engine.mjs). Protocol bytes go in; reply text comes out through
// `onReply`, a whole line or more at a time, while a command is still running.

/**
 * Instantiates the engine from a compiled `WebAssembly.Module` or bytes.
 * `now` is the clock in milliseconds (performance.now in a worker).
 */
export async function createEngine(wasm, { onReply, now, ttEntries = 0, moveWords = 0 }) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
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
  exports.microply_init(ttEntries, moveWords);
  return {
    /** Feeds bytes (a Uint8Array) or text; returns true once `quit` was received. */
    feed(input) {
      const bytes = typeof input === 'string' ? encoder.encode(input) : input;
      const ptr = exports.microply_input(bytes.length);
      new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
      return exports.microply_feed(bytes.length) === 1;
    },
  };
}
