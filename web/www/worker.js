// The engine's Web Worker: protocol lines in (`postMessage(line)`), reply text out
// (`{ text }` messages, a line or more at a time, `info` lines while the search
// runs). A search cannot be interrupted from outside a single-threaded worker, so
// the page stops one by terminating the worker and starting a new one.
import { createEngine, fetchWasm } from './engine.js';

const ready = fetchWasm(new URL('./engine.wasm', import.meta.url))
  .then((bytes) => createEngine(bytes, {
    onReply: (text) => postMessage({ text }),
    now: () => performance.now(),
  }))
  .catch((error) => {
    postMessage({ failed: String(error) });
    throw error;
  });

onmessage = async (event) => {
  const engine = await ready;
  engine.feed(`${event.data}\n`);
};
