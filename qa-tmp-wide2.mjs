import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [w,h] of [[1280,800],[1366,768]]) {
const p = await b.newPage({ viewport: { width: w, height: h } });
await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500);
await p.check("text=Failure-matrix events"); await p.waitForTimeout(300);
await p.click("button:has-text('Run to end')"); await p.waitForTimeout(1500);
await p.evaluate(() => document.querySelector("#trace-scroll").scrollTop = 0);
await p.waitForTimeout(300);
await p.screenshot({ path: `/tmp/qa/h${w}-fm-none-top.png` });
console.log(w, await p.evaluate(() => { const t = document.querySelector("#trace-scroll"); const before = scrollY; window.scrollTo(0, 400); const s = scrollY; window.scrollTo(0,0); return `trace sw=${t.scrollWidth} cw=${t.clientWidth} docH=${document.documentElement.scrollHeight} winH=${innerHeight} canScrollTo=${s} bodyOverflow=${getComputedStyle(document.body).overflow}/${getComputedStyle(document.documentElement).overflow}`; }));
await p.evaluate(() => window.scrollTo(0, 400)); await p.waitForTimeout(200);
await p.screenshot({ path: `/tmp/qa/h${w}-fm-none-scrolled.png` });
await p.close();
}
await b.close();
