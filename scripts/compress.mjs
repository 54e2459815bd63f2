// Writes FILE.gz (gzip -9) and FILE.br (brotli 11) beside each of the lab's text and wasm files in
// the folder given (Trunk's staging folder, from its post_build hook), so a static server can send
// the compressed file as it is (see docs/embedding.md, "Compressed files"). Node's own zlib: nothing to install.
import { readdirSync, readFileSync, writeFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
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
for (const path of walk(dir)) {
  const bytes = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    [constants.BROTLI_PARAM_MODE]: path.endsWith(".wasm") ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
  };
  writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params }));
}
