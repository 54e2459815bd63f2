// Loads one of the lab's builds (why, and why a file of its own: see index.html).
const q = new URLSearchParams(location.search);
const name = q.has("teach") ? "lab_teach" : ["a", "assignment", "p", "review"].some((k) => q.has(k)) ? "lab_assignments" : "lab";

// A wasm trap (out of memory, an abort) throws past the lab's own panic hook, and no lab code may
// run after one: show the notice the lab made ready at start, and post the error it carries to the
// host page it names (only an allowed one: see src/ui/crash.rs).
const trapped = (error) => {
  const panel = document.getElementById("crash");
  if (!(error instanceof WebAssembly.RuntimeError) || !panel || !panel.hidden) return;
  panel.hidden = false;
  const { host, message } = panel.dataset;
  if (host && message && window.parent !== window) window.parent.postMessage(JSON.parse(message), host);
};
addEventListener("error", (e) => trapped(e.error));
addEventListener("unhandledrejection", (e) => trapped(e.reason));

// The wasm is asked for at once, beside its JS (which would ask only once run): init takes the
// pending response; a failed download fails there, once.
const wasm = fetch(new URL(`./${name}_bg.wasm`, import.meta.url));
wasm.catch(() => {});

// So is the assignment file the address names (same origin only): the lab takes this response
// (src/ui/files.rs). The shell wears the lab's embedded classes (src/ui/mod.rs).
const file = q.has("a") ? null : q.get("assignment");
const target = file === null ? null : new URL(file, location.href);
if (target && target.origin === location.origin && target.origin !== "null") {
  const response = fetch(file);
  response.catch(() => {});
  window.cplabEarlyFetch = { path: file, response };
}
if (q.has("embed") && q.get("embed") !== "0") {
  document.getElementById("shell")?.classList.add("embed", ...(q.get("height") === "fixed" ? [] : ["flow"]));
}
const { default: init } = await import(`./${name}.js`);
await init({ module_or_path: wasm });
