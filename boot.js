// Loads one of the lab's two builds: the one with assignments only when the address asks for it.
// (Why a file of its own, and why two builds: see index.html.)
const q = new URLSearchParams(location.search);
const name = ["a", "assignment", "p", "review"].some((k) => q.has(k)) ? "lab_assignments" : "lab";
const { default: init } = await import(`./${name}.js`);
await init({ module_or_path: new URL(`./${name}_bg.wasm`, import.meta.url) });
