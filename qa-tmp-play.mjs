import { chromium } from "@playwright/test";
const [w, h, tag, mode, scheme] = [ +process.argv[2], +process.argv[3], process.argv[4], process.argv[5] || "plain", process.argv[6] || "light"];
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: w, height: h } });
await p.emulateMedia({ colorScheme: scheme });
p.on("pageerror", e => console.log("PAGEERR", e.message));
let f;
if (mode === "iframe") {
  await p.setContent(`<!doctype html><html><body style="margin:0;background:#eee"><main style="width:900px;margin:0 auto;background:#fff;padding:0"><h1 style="margin:8px 0">Course page</h1><p>Some text before the lab.</p><iframe src="http://127.0.0.1:8611/?embed=1&height=fixed" style="width:100%;height:720px;border:0"></iframe><p>After.</p></main></body></html>`);
  await p.waitForTimeout(2000);
  f = p.frames()[1];
  // scroll the iframe into view
  await p.evaluate(() => document.querySelector("iframe").scrollIntoView());
} else { await p.goto("http://127.0.0.1:8611/"); await p.waitForTimeout(1500); f = p.mainFrame(); }
await p.screenshot({ path: `/tmp/qa/${tag}-0-start.png` });
const vis = async () => f.evaluate(() => {
  const H = window.innerHeight, W = window.innerWidth;
  const chk = (el, name) => { if (!el) return `${name}:MISSING`; const r = el.getBoundingClientRect(); const ok = r.top >= -1 && r.bottom <= H + 1 && r.left >= -1 && r.right <= W + 1 && r.height > 0; 
    // check within scroll container too
    let inner = "";
    let pnode = el.parentElement; while (pnode) { const cs = getComputedStyle(pnode); if (/(auto|scroll)/.test(cs.overflowY) && pnode.scrollHeight > pnode.clientHeight) { const pr = pnode.getBoundingClientRect(); if (r.top < pr.top - 1 || r.bottom > pr.bottom + 1) inner = "(clipped by scrollbox " + (pnode.id||pnode.className) + ")"; break;} pnode = pnode.parentElement; }
    return `${name}:${ok && !inner ? "ok" : "NOT VISIBLE"}${inner}[${Math.round(r.top)}-${Math.round(r.bottom)}]`; };
  const parts = [...document.querySelectorAll("button.part")];
  const out = [chk(document.querySelector('[role=toolbar]'), "controls")];
  parts.forEach((x, i) => out.push(chk(x, x.className.split(" ")[1])));
  const strip = [...document.querySelectorAll("p, div")].find(e => /^Step \d+ of \d+ · round/.test(e.innerText||"") && e.children.length < 5);
  out.push(chk(strip, "strip"));
  const sentence = [...document.querySelectorAll("p, div, strong")].filter(e => /^Step \d+ of \d+:/.test(e.innerText||"") && !e.classList.contains("visually-hidden")).pop();
  out.push(chk(sentence, "sentence"));
  out.push(chk(document.querySelector("tr.current"), "currentRow"));
  out.push("pageScroll=" + Math.round(scrollY) + " docH=" + document.documentElement.scrollHeight + " docW=" + document.documentElement.scrollWidth + "/" + W);
  out.push("sentenceText=" + (sentence && sentence.innerText));
  out.push("tokens=" + document.querySelectorAll(".token").length + " flash=" + document.querySelectorAll("li.flash").length + " doing=" + document.querySelectorAll(".part.store .doing").length);
  return out.join(" | ");
});
console.log("START", await vis());
await f.check("text=The lesson's request").catch(()=>{});
await f.selectOption("select:near(:text('Speed'))", { label: "3 steps/s" }).catch(e => console.log("speed fail", e.message));
await f.click("button:has-text('Play')");
for (let i = 0; i < 14; i++) {
  await p.waitForTimeout(i < 6 ? 110 : 400);
  if (i < 6 || i % 2 == 0) await p.screenshot({ path: `/tmp/qa/${tag}-play-${String(i).padStart(2,"0")}.png` });
  console.log(i, await vis());
}
await p.waitForTimeout(4000);
await p.screenshot({ path: `/tmp/qa/${tag}-play-end.png` });
console.log("END", await vis());
await b.close();
