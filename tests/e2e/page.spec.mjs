import { test, expect } from "@playwright/test";
import { LabPage } from "./lab-page.mjs";

test("the built page shows the lesson's trace, computed by the model in wasm", async ({ page }) => {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const lab = new LabPage(page);
  await lab.open();
  await expect(lab.traceRows).toHaveCount(17);
  await expect(lab.traceRows.nth(11)).toContainText("node agents");
  await expect(lab.traceRows.nth(11)).toContainText("copy/collector-5");
  await expect(lab.traceSummary).toHaveText(
    "components visited 4   trace steps 17   store reads 50   store writes 7   revision 0 -> 7   round 2",
  );
  expect(errors).toEqual([]);
});
