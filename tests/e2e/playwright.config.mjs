// End-to-end tests of the built lab in Debian's Chromium (never a downloaded browser).
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.mjs",
  outputDir: "artifacts/results",
  timeout: 30_000,
  retries: 0,
  workers: 2,
  reporter: [["list"]],
  use: {
    baseURL: "http://127.0.0.1:8099/",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: [
    { command: "node tests/e2e/serve.mjs --port 8099", cwd: "../..", url: "http://127.0.0.1:8099/" },
    // The course's web server: the shipped Content-Security-Policy on every page.
    {
      command: "node tests/e2e/serve.mjs --port 8098 --csp deploy/content-security-policy",
      cwd: "../..",
      url: "http://127.0.0.1:8098/",
    },
    // The course's path: the same build under a deep prefix.
    {
      command: "node tests/e2e/serve.mjs --port 8096 --prefix /en/courses/orchestration/control-plane-components/lab/",
      cwd: "../..",
      url: "http://127.0.0.1:8096/en/courses/orchestration/control-plane-components/lab/",
    },
    // Embedding: the lab (CORS on, for a sandboxed iframe) and two host pages on other origins.
    { command: "node tests/e2e/serve.mjs --port 8093 --cors true", cwd: "../..", url: "http://127.0.0.1:8093/" },
    { command: "node tests/e2e/serve.mjs --port 8094 --root tests/e2e/fixtures", cwd: "../..", url: "http://127.0.0.1:8094/host.html" },
    { command: "node tests/e2e/serve.mjs --port 8092 --root tests/e2e/fixtures", cwd: "../..", url: "http://127.0.0.1:8092/host.html" },
  ],
});
