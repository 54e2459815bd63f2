import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
// dark 1280 mid-play + matrix
let p = await b.newPage({ viewport: { width: 1280, height: 800 } });
await p.emulateMedia({ colorScheme: "dark" });
await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500);
for (let i = 0; i < 4; i++) await p.click("button:has-text('Step ▶')");
await p.waitForTimeout(100);
await p.screenshot({ path: "/tmp/qa/l-dark-step4.png" });
await p.locator("button.fill:text-is('API server')").click(); await p.waitForTimeout(800);
await p.locator("button.part.area-sched").click(); await p.waitForTimeout(300);
await p.screenshot({ path: "/tmp/qa/l-dark-matrix.png" });
await p.close();
// keyboard
p = await b.newPage({ viewport: { width: 1280, height: 800 } });
await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500);
const order = [];
for (let i = 0; i < 30; i++) { await p.keyboard.press("Tab"); order.push(await p.evaluate(() => { const e = document.activeElement; const r = e.getBoundingClientRect(); return `${e.tagName}${e.type ? ":" + e.type : ""} "${(e.getAttribute("aria-label") || e.innerText || e.value || "").replace(/\s+/g, " ").slice(0, 40)}" @${Math.round(r.top)}`; })); }
console.log(order.join("\n"));
await p.screenshot({ path: "/tmp/qa/m-kbd-focus30.png" });
// focus Play, press Space, arrows
await p.locator("button:has-text('Play')").focus(); await p.keyboard.press("Space"); await p.waitForTimeout(1200); await p.keyboard.press("Space");
console.log("after space-space:", await p.evaluate(() => document.querySelector("[role=toolbar]").innerText.replace(/\s+/g," ")));
await p.locator("input[type=range]").focus(); await p.keyboard.press("ArrowRight"); await p.keyboard.press("ArrowRight"); await p.waitForTimeout(300);
console.log("after arrows on slider:", await p.evaluate(() => document.querySelector("input[type=range]").value));
await p.locator("button:has-text('Step ▶')").focus(); await p.keyboard.press("ArrowRight"); await p.waitForTimeout(300);
console.log("ArrowRight on Step btn:", await p.evaluate(() => document.querySelector("input[type=range]").value + " focus=" + document.activeElement.innerText));
await p.locator("button.part.area-api").focus(); await p.keyboard.press("Space"); await p.waitForTimeout(400);
await p.screenshot({ path: "/tmp/qa/m-kbd-part.png" });
console.log("after space on api part:", await p.evaluate(() => document.querySelector("button.part.area-api").innerText.replace(/\s+/g," ")));
await p.close();
// 320 px
p = await b.newPage({ viewport: { width: 320, height: 640 } });
await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500);
await p.check("text=Failure-matrix events");
for (let i = 0; i < 6; i++) await p.click("button:has-text('Step ▶')");
await p.waitForTimeout(300);
await p.screenshot({ path: "/tmp/qa/n-320-top.png" });
await p.screenshot({ path: "/tmp/qa/n-320-full.png", fullPage: true });
console.log("320:", await p.evaluate(() => { const W = document.documentElement.clientWidth; const bad = []; for (const el of document.querySelectorAll("body *")) { const r = el.getBoundingClientRect(); if (r.width && r.right > W + 1 && !el.closest(".visually-hidden")) bad.push(el.tagName + "." + el.className + ":" + Math.round(r.right)); if (el.scrollWidth > el.clientWidth + 1 && /(auto|scroll)/.test(getComputedStyle(el).overflowX)) bad.push("HS " + el.tagName + "#" + el.id + "." + el.className + " " + el.scrollWidth + ">" + el.clientWidth); } return "docW=" + document.documentElement.scrollWidth + "/" + W + " " + bad.slice(0, 10).join("; "); }));
await p.locator("button.fill:text-is('controller manager')").click(); await p.waitForTimeout(800);
await p.locator("button.fill:text-is('controller manager')").scrollIntoViewIfNeeded();
await p.screenshot({ path: "/tmp/qa/n-320-matrix.png" });
await p.close();
await b.close();
