import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500);
const chk = async (label) => console.log(label, await p.evaluate(() => { const t = document.querySelector("#trace-scroll"); let widest = ""; let mw = 0; for (const c of t.querySelectorAll("td,th")) { if (c.scrollWidth > mw) { mw = c.scrollWidth; widest = c.innerText.slice(0,120); } } return `trace sw=${t.scrollWidth} cw=${t.clientWidth} page scrollY=${scrollY} docH=${document.documentElement.scrollHeight} widestCell(${mw})="${widest}"`; }));
await chk("start");
await p.click("a:has-text('Failure matrix')"); await p.waitForTimeout(500); await chk("after link");
for (const r of ["-", "API server"]) { await p.locator(`button.fill:text-is("${r}")`).click(); await p.waitForTimeout(800); await chk("row " + r); }
await p.locator("button:has-text('Bring the parts back')").first().click(); await p.waitForTimeout(1500); await chk("repair");
await p.screenshot({ path: "/tmp/qa/g-after-repair.png" });
const rp = p.locator("button:has-text('report')"); console.log(await rp.allInnerTexts());
await rp.last().click(); await p.waitForTimeout(1500); await chk("report");
await p.screenshot({ path: "/tmp/qa/g-after-report.png" });
console.log(await p.evaluate(() => [...document.querySelectorAll("#trace-scroll tr")].map(r => r.innerText.replace(/\s+/g, " ")).join("\n")));
await b.close();
