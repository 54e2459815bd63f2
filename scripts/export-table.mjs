// Exports a wasm module's function table (table 0) as `__indirect_function_table`, in place.
// scripts/split needs it: the kube page's split module calls into the main module through that
// table and asks the main module's JS for it, but wasm-bindgen 0.2.130 drops the export the
// splitter wrote (it hands closures out as functions of their own). A module whose table 0 is
// not a function table, or that already exports the name, is refused, and nothing is written.
import { readFileSync, writeFileSync } from "node:fs";

const NAME = "__indirect_function_table";
const path = process.argv[2];
if (!path) {
  console.error("export-table: name the .wasm file");
  process.exit(2);
}
const bytes = readFileSync(path);

/** Reads an unsigned LEB128 at `at`: [value, the offset after it]. */
function leb(at) {
  let value = 0, shift = 0, byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}
/** Writes `value` as unsigned LEB128. */
function toLeb(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return Buffer.from(out);
}

// The module's sections: [id, start of the section's header, start of its body, end].
const sections = [];
for (let at = 8; at < bytes.length; ) {
  const id = bytes[at];
  const [size, body] = leb(at + 1);
  sections.push({ id, start: at, body, end: body + size });
  at = body + size;
}
const fail = (why) => {
  console.error(`export-table: ${path}: ${why}`);
  process.exit(1);
};
const tables = sections.find((s) => s.id === 4);
if (!tables) fail("no table section");
const [count, first] = leb(tables.body);
if (count < 1 || bytes[first] !== 0x70) fail("table 0 is not a function table (funcref)");
const exports = sections.find((s) => s.id === 7);
if (!exports) fail("no export section");
const [n, entries] = leb(exports.body);
if (bytes.subarray(entries, exports.end).includes(Buffer.from(NAME))) fail(`${NAME} is exported already`);
const name = Buffer.from(NAME);
// One more export: its name, kind 1 (a table), index 0.
const body = Buffer.concat([toLeb(n + 1), bytes.subarray(entries, exports.end), toLeb(name.length), name, Buffer.from([1, 0])]);
const section = Buffer.concat([Buffer.from([7]), toLeb(body.length), body]);
writeFileSync(path, Buffer.concat([bytes.subarray(0, exports.start), section, bytes.subarray(exports.end)]));
