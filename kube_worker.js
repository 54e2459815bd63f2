// The real control plane's readers (?kube=1), off the page's main thread, in a wasm build of
// their own (lab_kube_reader) that the page's first download does not carry.
// - A manifest: each message { file, text } is answered, in order, with { wire } (the objects
//   or kubectl's refusal as src/kube/manifest_wire.rs writes them) or { error } (the reader
//   could not load or run).
// - An audit log: a message { log, blob, secrets } (log: the page's number for this load) is
//   read in the page's steps (src/playback/audit_worker.rs), and answered with one { log, wire }
//   a step (src/playback/audit_wire.rs's text, the last one its tail); or { log, error } (the
//   log is refused, in the reader's words) or { log, unreadable } (the browser would not read
//   the file). A newer log stops the one before at its next step.
// - A run: a message { run } (the scenario as src/playback/kube_runs.rs asks it) is simulated
//   and answered with { run, wire } (src/kube/run_wire.rs's text) or { run, error }.
// - The run shown as an audit log: a message { audit } (the run's scenario, asked as a run is)
//   is simulated and written, answered with { audit, log } or { audit, error }.
import init, { read_manifests, run_scenario, audit_log, LogReader } from "./lab_kube_reader.js";

const ready = init({ module_or_path: new URL("./lab_kube_reader_bg.wasm", import.meta.url) });
let latest = 0;

async function readLog({ log, blob, secrets }) {
  latest = log;
  const post = (message) => self.postMessage({ log, ...message });
  try {
    await ready;
  } catch (e) {
    return post({ error: String(e) });
  }
  let reader;
  try {
    reader = new LogReader(blob.size, secrets);
  } catch (e) {
    return post({ error: String(e) });
  }
  try {
    while (!reader.done() && latest === log) {
      const wants = reader.wants();
      if (wants) {
        let bytes;
        try {
          bytes = new Uint8Array(await blob.slice(wants[0], wants[1]).arrayBuffer());
        } catch (e) {
          return post({ unreadable: String(e) });
        }
        if (latest !== log) return;
        reader.give(bytes);
      }
      post({ wire: reader.answer() });
    }
  } catch (e) {
    post({ error: String(e) });
  } finally {
    reader.free();
  }
}

// A question answered by one call of the reader's wasm: { [key]: asked, [field]: its answer },
// or { [key]: asked, error } when the reader could not load or the call threw.
async function answer(key, field, call, asked) {
  let reply;
  try {
    await ready;
    reply = { [key]: asked, [field]: call(asked) };
  } catch (e) {
    reply = { [key]: asked, error: String(e) };
  }
  self.postMessage(reply);
}

self.onmessage = async ({ data }) => {
  if (data.log !== undefined) return readLog(data);
  if (data.audit !== undefined) return answer("audit", "log", audit_log, data.audit);
  if (data.run !== undefined) return answer("run", "wire", run_scenario, data.run);
  let reply;
  try {
    await ready;
    reply = { wire: read_manifests(data.file, data.text) };
  } catch (e) {
    reply = { error: String(e) };
  }
  self.postMessage(reply);
};
