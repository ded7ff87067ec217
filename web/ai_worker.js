// The computer player's Web Worker: runs the engine's search (ai/gomoku_ai_worker_bg.wasm)
// off the page's main thread. Messages: {id, request} in, {id, reply} out, as lines of
// gomoku_engine::ai::wire. The game cancels a search by terminating this worker.
importScripts('./ai/gomoku_ai_worker.js');

const ready = wasm_bindgen({ module_or_path: './ai/gomoku_ai_worker_bg.wasm' });

self.onmessage = async (event) => {
  const { id, request } = event.data;
  let reply;
  try {
    await ready;
    reply = wasm_bindgen.answer(request);
  } catch (error) {
    reply = 'error ' + error;
  }
  self.postMessage({ id, reply });
};
