// The computer player's Web Worker: runs the engine's search (ai/gomoku_ai_worker_bg.wasm)
// off the page's main thread. Messages: {request} in, {reply} out, as lines of
// gomoku_engine::ai::wire; a failure (a module that cannot load, a trap) is the reply
// `error <why>`. The game searches one position per worker at a time and cancels a
// search by terminating its worker.
importScripts('./ai/gomoku_ai_worker.js');

const ready = wasm_bindgen({ module_or_path: './ai/gomoku_ai_worker_bg.wasm' });

self.onmessage = async (event) => {
  const { request } = event.data;
  let reply;
  try {
    await ready;
    reply = wasm_bindgen.answer(request);
  } catch (error) {
    reply = 'error ' + error;
  }
  self.postMessage({ reply });
};
