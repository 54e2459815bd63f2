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
const sentence = () => f.evaluate(() => { const s = document.querySelector("[role=toolbar]"); let n = s.nextElementSibling; const t=[]; while (n && t.length<3) { t.push(n.innerText); n = n.nextElementSibling; } return t.join(" || "); });
await f.click("a:has-text('Failure matrix')");
const rows = ["-", "API server", "state store", "scheduler", "controller manager", "node agents", "whole control plane"];
for (const r of rows) {
  await f.locator(`button.fill:text-is("${r}")`).click(); await p.waitForTimeout(1000);
  console.log("ROW", r, "::", await sentence());
  const row = f.locator(`button.fill:text-is("${r}")`).locator("xpath=ancestor::*[self::li or self::tr or self::div][1]");
  const rep = row.locator("button:has-text('Bring the parts back')");
  if (await rep.count()) { await rep.click(); await p.waitForTimeout(1500);
    console.log("  after repair ::", await sentence());
    const rp = row.locator("button:has-text('report')");
    if (await rp.count()) { await rp.first().click(); await p.waitForTimeout(1500); console.log("  after report ::", await sentence()); }
  }
  console.log("  ROWTEXT:", (await row.innerText()).replace(/\s+/g, " "));
}
await p.screenshot({ path: `/tmp/qa/${tag}-r1.png` });
await f.evaluate(() => document.querySelector("#matrix-title").scrollIntoView());
await p.waitForTimeout(300);
await p.screenshot({ path: `/tmp/qa/${tag}-r2.png` });
const box = f.locator("[aria-label='Failure matrix rows']");
for (let i = 1; i < 6; i++) { await box.evaluate((e, i) => e.scrollTop = i * 330, i); await p.waitForTimeout(200); await p.screenshot({ path: `/tmp/qa/${tag}-r3-${i}.png` }); }
console.log(await f.evaluate(() => { const W = document.documentElement.clientWidth; return "docW=" + document.documentElement.scrollWidth + "/" + W + " scrollY=" + scrollY + " docH=" + document.documentElement.scrollHeight; }));
await b.close();
