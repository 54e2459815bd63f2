// The real control plane's manifest reader (?kube=1): reads a student's manifest with
// k8s-openapi's types and serde_norway in a wasm build of its own (lab_kube_reader), off the
// page's main thread. The page starts this worker only when a manifest other than the default
// one needs reading, so its first download carries none of the reader. Each message
// { file, text } is answered, in order, with { wire } (the objects or kubectl's refusal as
// src/kube/manifest_wire.rs writes them) or { error } (the reader could not load or run).
import init, { read_manifests } from "./lab_kube_reader.js";

const ready = init({ module_or_path: new URL("./lab_kube_reader_bg.wasm", import.meta.url) });

self.onmessage = async ({ data }) => {
  let reply;
  try {
    await ready;
    reply = { wire: read_manifests(data.file, data.text) };
  } catch (e) {
    reply = { error: String(e) };
  }
  self.postMessage(reply);
};
