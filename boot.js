// Starts the lab. A file of its own (not an inline script) so the page runs under a
// Content-Security-Policy without 'unsafe-inline'; paths are relative to this file, so the same
// build works under any path prefix.
//
// Two builds of the one lab: the plain lab, and the lab with assignments (predictions, reveal,
// saved work, reports), which is larger. A page gets the second only when its address asks for
// an assignment, shared predictions or a report review.
const params = new URLSearchParams(location.search);
const name = ["a", "assignment", "p", "review"].some((k) => params.has(k)) ? "lab_assignments" : "lab";
const { default: init } = await import(`./${name}.js`);
await init({ module_or_path: new URL(`./${name}_bg.wasm`, import.meta.url) });
