import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 1366, height: 768 } });
await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500);
await p.check("text=Failure-matrix events"); await p.waitForTimeout(300);
for (let i = 0; i < 19; i++) { await p.click("button:has-text('Step ▶')"); await p.waitForTimeout(100); }
await p.waitForTimeout(500);
console.log(await p.evaluate(() => { const H = innerHeight; const bad = []; for (const el of document.querySelectorAll("body *")) { const r = el.getBoundingClientRect(); const cs = getComputedStyle(el); if (r.bottom > H + 1 && (cs.position === "absolute" || cs.position==="fixed" || el.offsetParent === null)) bad.push(el.tagName + "#" + el.id + "." + el.className + " pos=" + cs.position + " @" + Math.round(r.top) + "-" + Math.round(r.bottom) + " '" + (el.innerText||"").slice(0,80) + "'"); } return bad.slice(0,20).join("\n"); }));
await b.close();
