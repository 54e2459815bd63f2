import { chromium } from "@playwright/test";
import fs from "fs";
// usage: src x y w h scale out
const [src, x, y, w, h, s, out] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: Math.ceil(w*s), height: Math.ceil(h*s) } });
const data = fs.readFileSync(src).toString("base64");
await p.setContent(`<body style="margin:0;overflow:hidden"><img src="data:image/png;base64,${data}" style="image-rendering:pixelated;transform-origin:0 0;transform:scale(${s}) translate(-${x}px,-${y}px)"></body>`);
await p.waitForTimeout(200);
await p.screenshot({ path: out });
await b.close();
