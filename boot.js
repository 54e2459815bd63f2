// What the lab's start (the script in index.html, which picks the build and loads it) leaves for
// once the page is parsed: the notice of a wasm trap, and the shell's embedded classes.
const q = new URLSearchParams(location.search);

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
// A trap while the lab starts rejects the start's promise, perhaps before this file ran (a cached
// wasm can start before the page is parsed): read from the promise, it is never missed.
window.cplabStarted?.catch(trapped);

if (q.has("embed") && q.get("embed") !== "0") {
  document.getElementById("shell")?.classList.add("embed", ...(q.get("height") === "fixed" ? [] : ["flow"]));
}
