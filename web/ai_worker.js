// The computer player's Web Worker: runs the engine's search (ai/gomoku_ai_worker_bg.wasm)
// off the page's main thread. Messages, as lines of gomoku_engine::ai::wire:
//   {request} in, {reply} out: a search for a move;
//   {analyse} in, {progress} out after each iteration of the analysis, then {reply} with
//   the last one.
// A failure (a module that cannot load, a trap) is the reply `error <why>`. The worker
// keeps one engine, and so its table, for its life; the game searches one position per
// worker at a time and cancels a search by terminating its worker.
importScripts('./ai/gomoku_ai_worker.js');

const ready = wasm_bindgen({ module_or_path: './ai/gomoku_ai_worker_bg.wasm' });

self.onmessage = async (event) => {
  const { request, analyse } = event.data;
  let reply;
  try {
    await ready;
    if (analyse !== undefined) {
      reply = wasm_bindgen.analyse(analyse, (progress) => self.postMessage({ progress }));
    } else {
      reply = wasm_bindgen.answer(request);
    }
  } catch (error) {
    reply = 'error ' + error;
  }
  self.postMessage({ reply });
};
