import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
p.on("console", m => console.log("CONSOLE", m.type(), m.text()));
p.on("pageerror", e => console.log("PAGEERR", e.message));
await p.goto("http://127.0.0.1:8611/");
await p.waitForTimeout(1500);
await p.screenshot({ path: "/tmp/qa/01-1280-initial.png" });
const info = await p.evaluate(() => {
  const out = [];
  for (const el of document.querySelectorAll("button, select, input, a, [role], h1, h2, h3, label, summary")) {
    const r = el.getBoundingClientRect();
    out.push(`${el.tagName} ${el.getAttribute("role")||""} id=${el.id} cls=${el.className} "${(el.innerText||el.value||"").replace(/\s+/g," ").slice(0,60)}" aria=${el.getAttribute("aria-label")||""} [${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)}x${Math.round(r.height)}]`);
  }
  return out.join("\n") + "\n\nSCROLL " + document.documentElement.scrollWidth + "x" + document.documentElement.scrollHeight;
});
console.log(info);
console.log((await p.evaluate(() => document.body.innerText)).slice(0, 5000));
await b.close();
