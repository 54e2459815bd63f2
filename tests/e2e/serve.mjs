// A small static server for the built lab (dist/), for the end-to-end tests.
//   node tests/e2e/serve.mjs [--port N] [--root DIR] [--prefix /some/path/] [--csp FILE] [--precompressed br,gzip]
// --prefix serves the build under a path (as the course site does); --csp sends the policy in
// FILE as the Content-Security-Policy header; --cors true lets a sandboxed (opaque-origin) iframe
// load the lab's module and wasm, as the course's server must for its embed; --precompressed
// sends FILE.br or FILE.gz (the build writes both) in its place, with Content-Encoding, when the
// browser accepts that encoding, first choice first (as docs/embedding.md, "Compressed files", asks of a server).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith("--") ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const port = Number(args.port ?? 8099);
const root = resolve(args.root ?? join(here, "..", "..", "dist"));
const prefix = args.prefix ?? "/";
const precompressed = (args.precompressed ?? "").split(",").filter(Boolean);
const suffix = { br: ".br", gzip: ".gz" };
const csp = args.csp ? (await readFile(args.csp, "utf8")).trim().replace(/\s*\n\s*/g, " ") : null;

const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm",
  ".css": "text/css", ".json": "application/json", ".png": "image/png", ".svg": "image/svg+xml",
};

createServer(async (req, res) => {
  const url = new URL(req.url, "http://localhost");
  if (!url.pathname.startsWith(prefix)) {
    res.writeHead(404).end("not under " + prefix);
    return;
  }
  let path = normalize(decodeURIComponent(url.pathname.slice(prefix.length)));
  if (path === "." || path.endsWith("/")) path = join(path, "index.html");
  const file = join(root, path);
  if (!file.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const headers = { "content-type": types[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" };
    let body = null;
    const accepted = req.headers["accept-encoding"] ?? "";
    for (const encoding of precompressed.filter((e) => suffix[e] && accepted.includes(e))) {
      body = await readFile(file + suffix[encoding]).catch(() => null);
      if (body) {
        Object.assign(headers, { "content-encoding": encoding, vary: "Accept-Encoding" });
        break;
      }
    }
    body ??= await readFile(file);
    if (csp && extname(file) === ".html") headers["content-security-policy"] = csp;
    if (args.cors === "true") headers["access-control-allow-origin"] = "*";
    res.writeHead(200, headers).end(body);
  } catch {
    res.writeHead(404).end("not found");
  }
}).listen(port, "127.0.0.1", () => console.log(`serving ${root} at http://127.0.0.1:${port}${prefix}`));
