import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [w,h] of [[1280,800],[1366,768]]) {
const p = await b.newPage({ viewport: { width: w, height: h } });
await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500);
for (let i = 0; i < 5; i++) await p.click("button:has-text('Step ▶')");
await p.click("button.part.area-sched"); await p.waitForTimeout(600);
const sw = p.locator("button:has-text('Run the failure-matrix events with')");
console.log(w, await sw.evaluate(e => { const r = e.getBoundingClientRect(); let q = e.parentElement; let sc = null; while (q) { const cs = getComputedStyle(q); if (/(auto|scroll)/.test(cs.overflowY)) { sc = q.id + "." + q.className + " sh=" + q.scrollHeight + " ch=" + q.clientHeight; break; } q = q.parentElement; } return `switch top=${Math.round(r.top)} bottom=${Math.round(r.bottom)} winH=${innerHeight} docH=${document.documentElement.scrollHeight} scroller=${sc} note="${e.parentElement.innerText.replace(/\s+/g," ")}"`; }));
await sw.scrollIntoViewIfNeeded(); await p.waitForTimeout(400);
await p.screenshot({ path: `/tmp/qa/j${w}-note.png` });
await sw.click(); await p.waitForTimeout(1500);
await p.screenshot({ path: `/tmp/qa/j${w}-after-switch.png` });
console.log(await p.evaluate(() => document.querySelector("[role=toolbar]").nextElementSibling.innerText + " | " + document.querySelector("[role=toolbar]").nextElementSibling.nextElementSibling.innerText + " | scrollY=" + scrollY));
await p.close();
}
await b.close();
