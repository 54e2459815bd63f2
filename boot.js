// Starts the lab. A file of its own (not an inline script) so the page runs under a
// Content-Security-Policy without 'unsafe-inline'; paths are relative to this file, so the same
// build works under any path prefix.
import init from "./lab.js";

init({ module_or_path: new URL("./lab_bg.wasm", import.meta.url) });
