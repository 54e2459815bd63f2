import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 1366, height: 768 } });
await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500);
await p.check("text=Failure-matrix events"); await p.waitForTimeout(300);
for (let i = 0; i < 25; i++) { await p.click("button:has-text('Step ▶')"); await p.waitForTimeout(150);
 const r = await p.evaluate(() => { const H = innerHeight; const bad = []; for (const el of document.querySelectorAll("body *")) { const r = el.getBoundingClientRect(); if (r.bottom > H + 1 && r.height) { let q = el.parentElement, clipped = false; while (q && q !== document.body) { const cs = getComputedStyle(q); if (cs.overflowY !== "visible" && q.getBoundingClientRect().bottom <= H + 1) { clipped = true; break; } q = q.parentElement; } if (!clipped) bad.push(el.tagName + "#" + el.id + "." + el.className + "@" + Math.round(r.bottom)); } } return document.documentElement.scrollHeight + " " + bad.slice(0, 6).join(", "); });
 console.log(i + 1, r);
}
await b.close();
