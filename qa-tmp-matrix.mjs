import { chromium } from "@playwright/test";
const [w, h, tag, mode, scheme] = [ +process.argv[2], +process.argv[3], process.argv[4], process.argv[5] || "plain", process.argv[6] || "light"];
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: w, height: h } });
await p.emulateMedia({ colorScheme: scheme });
p.on("pageerror", e => console.log("PAGEERR", e.message));
let f;
if (mode === "iframe") {
  await p.setContent(`<!doctype html><html><body style="margin:0;background:#eee"><main style="width:900px;margin:0 auto;background:#fff"><h1 style="margin:8px 0">Course page</h1><p>Some text before the lab.</p><iframe src="http://127.0.0.1:8611/?embed=1&height=fixed" style="width:100%;height:720px;border:0"></iframe><p>After.</p></main></body></html>`);
  await p.waitForTimeout(2000); f = p.frames()[1];
  await p.evaluate(() => document.querySelector("iframe").scrollIntoView());
} else { await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500); f = p.mainFrame(); }
const overflow = () => f.evaluate(() => {
  const W = document.documentElement.clientWidth; const bad = [];
  for (const el of document.querySelectorAll("body *")) { const r = el.getBoundingClientRect(); if (r.width && (r.right > W + 1 || r.left < -1)) bad.push(el.tagName + "." + el.className + " " + Math.round(r.left) + "-" + Math.round(r.right)); 
    if (el.scrollWidth > el.clientWidth + 1 && /(auto|scroll|hidden)/.test(getComputedStyle(el).overflowX) && el.clientWidth) bad.push("HSCROLL " + el.tagName + "#" + el.id + "." + el.className + " " + el.scrollWidth + ">" + el.clientWidth); }
  return "docW=" + document.documentElement.scrollWidth + "/" + W + " " + bad.slice(0, 12).join("; ");
});
await f.click("a:has-text('Failure matrix')");
await p.waitForTimeout(800);
await p.screenshot({ path: `/tmp/qa/${tag}-m0.png` });
const rows = ["-", "API server", "state store", "scheduler", "controller manager", "node agents", "whole control plane"];
for (const r of rows) {
  const btn = f.locator(`button.fill:text-is("${r}")`);
  await btn.click();
  await p.waitForTimeout(1200);
  const st = await f.evaluate(() => [...document.querySelectorAll("p,div")].filter(e => /^Step \d+ of \d+:/.test(e.innerText||"")).map(e=>e.innerText).pop());
  console.log("after", r, "=>", st, "| btnvisible", await btn.isVisible());
}
await p.screenshot({ path: `/tmp/qa/${tag}-m1-filled.png` });
console.log(await f.evaluate(() => document.querySelector("#matrix-title").parentElement.innerText));
console.log("OVERFLOW", await overflow());
// show matrix section scrolled
await f.evaluate(() => document.querySelector("#matrix-title").scrollIntoView());
await p.waitForTimeout(300);
await p.screenshot({ path: `/tmp/qa/${tag}-m2-matrix.png` });
// list buttons in matrix section
console.log(await f.evaluate(() => [...document.querySelector("#matrix-title").parentElement.querySelectorAll("button,a")].map(b => `${b.tagName} "${b.innerText.replace(/\s+/g," ")}" dis=${b.disabled} aria=${b.getAttribute("aria-label")}`).join("\n")));
await b.close();
