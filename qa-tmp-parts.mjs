import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
p.on("pageerror", e => console.log("PAGEERR", e.message));
await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500);
const info = async (l) => console.log(l, "::", await p.evaluate(() => { const tb = document.querySelector("[role=toolbar]"); let s = ""; let n = tb.nextElementSibling; while (n && !n.querySelector?.("#diagram-title") && n.id !== "diagram-title") { s += n.innerText + " || "; n = n.nextElementSibling; } const d = document.querySelector("#diagram-title").parentElement.innerText.replace(/\s+/g," "); return s.replace(/\s+/g," ") + " ## DIAG: " + d; }));
for (let i = 0; i < 5; i++) await p.click("button:has-text('Step ▶')");
await p.waitForTimeout(400);
await p.click("button.part.area-sched"); await p.waitForTimeout(600);
await info("sched down at step5");
await p.screenshot({ path: "/tmp/qa/i1-sched-down-step5.png" });
await p.click("button:has-text('Run to end')"); await p.waitForTimeout(1500);
await info("run to end");
await p.screenshot({ path: "/tmp/qa/i2-sched-down-end.png" });
// use the note's switch if any
const sw = await p.evaluate(() => [...document.querySelector("#diagram-title").parentElement.querySelectorAll("button")].map(b => b.innerText.replace(/\s+/g," ") + (b.disabled ? "[dis]" : "")).join(" | "));
console.log("diagram buttons:", sw);
await p.click("button.part.area-sched"); await p.waitForTimeout(600);
await info("sched back at end");
await p.screenshot({ path: "/tmp/qa/i3-sched-back.png" });
await p.click("button:has-text('Run to end')").catch(e => console.log("run to end disabled?")); await p.waitForTimeout(1500);
await info("after run on");
await p.screenshot({ path: "/tmp/qa/i4-after-run-on.png" });
// change request mid-run -> pick failure-matrix events
await p.check("text=Failure-matrix events"); await p.waitForTimeout(800);
await info("switched to FM events");
await p.screenshot({ path: "/tmp/qa/i5-switched.png" });
// store down at step 0
await p.click("button.part.area-store"); await p.waitForTimeout(800);
await info("store down step0");
await p.screenshot({ path: "/tmp/qa/i6-store-down0.png" });
await p.click("button:has-text('Reset')"); await p.waitForTimeout(800);
await info("after reset");
await p.screenshot({ path: "/tmp/qa/i7-reset.png" });
await b.close();
