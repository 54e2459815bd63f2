// Writes FILE.gz and FILE.br (brotli 11) beside each of the lab's text and wasm files in the folder
// given (Trunk's staging folder, from its post_build hook), so a static server can send the
// compressed file as it is (see docs/embedding.md, "Compressed files"). The .gz is zopfli's with
// --zopfli (the release build: Debian's zopfli, scripts/setup), which any gzip reader takes and
// which is about 5% smaller than gzip -9 (docs/size.md); otherwise Node's own zlib at level 9, as
// for a debug build, whose files are too large to be worth zopfli's time.
import { readdirSync, readFileSync, writeFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { execFile } from "node:child_process";
import { cpus } from "node:os";
import { promisify } from "node:util";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

const args = process.argv.slice(2);
const zopfli = args.includes("--zopfli");
const dir = args.find((a) => !a.startsWith("--")) || process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("compress: name the folder (or run as Trunk's post_build hook)");
  process.exit(2);
}
const wanted = /\.(wasm|js|css|html|json|svg)$/;
const walk = (d) =>
  readdirSync(d).flatMap((name) => {
    const path = join(d, name);
    return statSync(path).isDirectory() ? walk(path) : wanted.test(name) ? [path] : [];
  });
// zopfli takes about two seconds a page's wasm: one file per core at a time.
const zopfliOf = promisify(execFile);
const gzipOf = async (path, bytes) =>
  zopfli ? (await zopfliOf("zopfli", ["-c", path], { encoding: "buffer", maxBuffer: 1 << 30 })).stdout : gzipSync(bytes, { level: 9 });
const compress = async (path) => {
  const bytes = readFileSync(path);
  writeFileSync(`${path}.gz`, await gzipOf(path, bytes));
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    [constants.BROTLI_PARAM_MODE]: path.endsWith(".wasm") ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
  };
  writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params }));
};
const queue = walk(dir);
const worker = async () => {
  for (let path = queue.shift(); path; path = queue.shift()) await compress(path);
};
await Promise.all(Array.from({ length: Math.max(1, cpus().length) }, worker));
