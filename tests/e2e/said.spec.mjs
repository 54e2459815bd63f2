// What the page says of what it was given (issue 29, "What was typed stays as typed"): one
// escaping rule for every message, each file named for what it is, the sandbox's refusal in the
// sandbox's words.
import { test, expect } from "@playwright/test";
import { fileURLToPath } from "node:url";

const root = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

const code = (doc) => Buffer.from(JSON.stringify(doc)).toString("base64url");
const sandbox = (scenario) => `./?workbench=1&sandbox=1&s=${code(scenario)}`;
test("a status, a health and a part with control characters are quoted escaped, as every message quotes", async ({ page }) => {
  const scenario = {
    changes: {
      "copy/a": { service: "collector", node: "m1", status: "\u0000" },
      "node/m1": { capacity: 4, health: "\u001b[2J" },
    },
  };
  await page.goto(sandbox(scenario));
  await expect(page.locator("#copy-a-notes")).toContainText('unknown status "\\u{0000}"');
  await expect(page.locator("#node-m1-notes")).toContainText('unknown health "\\u{001b}[2J"');
  await page.goto(sandbox({ timeline: [{ round: 2, down: "\u0007" }] }));
  await expect(page.locator("#event-0-notes")).toContainText('unknown component "\\u{0007}"');
  for (const raw of ["\u0000", "\u001b", "\u0007"]) expect(await page.locator("body").innerText()).not.toContain(raw);
});

test("the sandbox's run past the browser's limits speaks of running it, not of answers", async ({ page }) => {
  const endless = {
    initial: {
      "service/b": { desired: 20 },
      "copy/b-x": { service: "b", node: "m", status: "running" },
      "node/m": { capacity: 100, health: "alive" },
    },
    max_rounds: 1000,
  };
  await page.goto(sandbox(endless));
  const notes = page.locator("#scenario-notes");
  await expect(notes).toContainText("this scenario cannot be run in the browser (the run was stopped after 25000 trace steps");
  await expect(notes).toContainText("`cplab run` runs it from a file");
  await expect(notes).not.toContainText("answer");
});

test("a .json file that is not the lab's JSON is told it is no lab report, not that a CSV header is wrong", async ({ page }) => {
  await page.goto("./?review=1");
  for (const buffer of [Buffer.from("[[[["), Buffer.from([0x50, 0x4b, 3, 4, 0, 0xff])]) {
    await page.getByTestId("import-report").setInputFiles({ name: "report.json", mimeType: "application/json", buffer });
    await expect(page.getByTestId("import-error")).toContainText(
      "not a lab report: the lab writes its report as a JSON object, or as CSV whose first line is id,label,",
    );
    await expect(page.getByTestId("import-error")).not.toContainText("header");
  }
});

test("the class review refuses a 5 MB report as the single review does: over 4 MiB, not read", async ({ page }) => {
  await page.goto("./?workbench=1");
  await page.getByTestId("open-file").setInputFiles(root("assignments/lesson-trace.json"));
  const huge = Buffer.alloc(5 << 20, " ");
  huge.write('{"version": 1, "lines": [');
  await page.getByTestId("class-files").setInputFiles({ name: "huge.json", mimeType: "application/json", buffer: huge });
  await expect(page.getByTestId("class-skipped")).toContainText(
    "Skipped huge.json: left out (the file is larger than 4 MiB, more than any lab report; it was not read)",
  );
});

test("a number typed in the scenario's tables stays as typed, and one JSON would rewrite is named as typed", async ({ page }) => {
  await page.goto("./?workbench=1&sandbox=1");
  const desired = page.getByTestId("service-collector-desired");
  for (const typed of ["99999999999999999999", "-0", "1e3"]) {
    await desired.fill(typed);
    await expect(page.locator("#service-collector-notes")).toContainText(`found the text "${typed}"`);
    await expect(desired).toHaveValue(typed);
  }
  await desired.fill("5.0");
  await expect(page.locator("#service-collector-notes")).toHaveText("");
  await expect(desired).toHaveValue("5.0");
});
