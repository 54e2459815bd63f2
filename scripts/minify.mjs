// Minifies, in place, the page scripts of a release build in the folder given (Trunk's staging
// folder, from scripts/split): boot.js, each page's wasm-bindgen glue (lab*.js) and each split
// page's module loader (*_split.js). All are ES modules; terser (npm, pinned in package.json)
// keeps their exports and every property name, which is how the wasm finds its imports. About
// 1.3 to 1.4 KB gzip off each page's first load (docs/size.md, "2026-12-06: served smaller").
// The workers' scripts and the inline start in index.html (allowed by its hash) are left as
// they are.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { minify } from "terser";

const dir = process.argv[2];
if (!dir) {
  console.error("minify: name the folder");
  process.exit(2);
}
const page = /^(boot|lab[a-z_]*)\.js$/;
const files = readdirSync(dir).filter((name) => page.test(name));
if (!files.includes("boot.js") || !files.includes("lab.js")) {
  console.error(`minify: ${dir} has no boot.js or lab.js: not a build`);
  process.exit(1);
}
for (const name of files) {
  const path = join(dir, name);
  const source = readFileSync(path, "utf8");
  const { code } = await minify(source, { module: true, compress: true, mangle: true, format: { comments: false } });
  if (!code) {
    console.error(`minify: terser gave nothing for ${name}`);
    process.exit(1);
  }
  // A file minified already (the hook run again on the same folder) is left as it is.
  if (code.length < source.length) writeFileSync(path, code);
}
