// The explorer's worker (?explore=1): runs the model's scale points off the page's main thread, so
// a large cluster (hundreds of milliseconds at 100,000 items) never holds up the page. It loads
// the explorer's own build (no second one) and answers each message { id, items } with
// { id, items, point, ms } or { id, items, error, ms }; ms is the model call's time alone, which
// the page records as a performance measure (src/ui/explore_worker.rs; scripts/measure reads it).
import init, { scale_point } from "./lab_explore.js";

const ready = init({ module_or_path: new URL("./lab_explore_bg.wasm", import.meta.url) });

self.onmessage = async ({ data }) => {
  await ready;
  const { id, items } = data;
  const start = performance.now();
  let reply;
  try {
    reply = { id, items, point: scale_point(items) };
  } catch (e) {
    reply = { id, items, error: String(e) };
  }
  reply.ms = performance.now() - start;
  self.postMessage(reply);
};
