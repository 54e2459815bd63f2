// Accessibility of the built lab. (Its speed is measured by scripts/measure, not tested.)
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { LabPage } from "./lab-page.mjs";

async function axe(page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("axe finds no violations, idle and mid-playback", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const lab = new LabPage(page);
  await lab.open();
  expect(await axe(page)).toEqual([]);
  await lab.forward(8);
  await lab.part("scheduler").click();
  await lab.forward(3);
  expect(await axe(page)).toEqual([]);
  await lab.chooseEvents();
  await lab.part("API server").click();
  await lab.runToEnd();
  expect(await axe(page)).toEqual([]);
  await context.close();
});
