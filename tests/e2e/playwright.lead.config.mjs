// End-to-end tests of the built lab in Debian's Chromium (never a downloaded browser).
import { defineConfig } from "@playwright/test";

// Every server's port, in this one place. The tests read them through the config's metadata
// (origins.mjs), so a copy of this file with other ports runs beside another checkout's tests.
// labGzip serves the build's .gz files as a course server would, for scripts/measure only.
// scorm serves the repository's root: an LMS page (fixtures/lms.html), its SCORM runtime
// (node_modules/scorm-again) and the packages scorm.spec.mjs unpacks, on one origin.
const ports = { lab: 8999, csp: 8998, course: 8996, labCors: 8993, host: 8994, otherHost: 8992, labGzip: 8997, scorm: 8995 };
const serve = (port, args = "") => `node tests/e2e/serve.mjs --port ${port}${args ? ` ${args}` : ""}`;
const COURSE_PATH = "/en/courses/orchestration/control-plane-components/lab/";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.mjs",
  outputDir: "artifacts/results",
  timeout: 30_000,
  retries: 0,
  workers: 2,
  reporter: [["list"]],
  metadata: { ports },
  use: {
    baseURL: `http://127.0.0.1:${ports.lab}/`,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: [
    { command: serve(ports.lab), cwd: "../..", url: `http://127.0.0.1:${ports.lab}/` },
    // The course's web server: the shipped Content-Security-Policy on every page.
    {
      command: serve(ports.csp, "--csp deploy/content-security-policy"),
      cwd: "../..",
      url: `http://127.0.0.1:${ports.csp}/`,
    },
    // The course's path: the same build under a deep prefix.
    {
      command: serve(ports.course, `--prefix ${COURSE_PATH}`),
      cwd: "../..",
      url: `http://127.0.0.1:${ports.course}${COURSE_PATH}`,
    },
    // Embedding: the lab (CORS on, for a sandboxed iframe) and two host pages on other origins.
    { command: serve(ports.labCors, "--cors true"), cwd: "../..", url: `http://127.0.0.1:${ports.labCors}/` },
    { command: serve(ports.host, "--root tests/e2e/fixtures"), cwd: "../..", url: `http://127.0.0.1:${ports.host}/host.html` },
    { command: serve(ports.otherHost, "--root tests/e2e/fixtures"), cwd: "../..", url: `http://127.0.0.1:${ports.otherHost}/host.html` },
    // An LMS and the lesson it launches from the unpacked package, one origin (SCORM 1.2 requires it).
    { command: serve(ports.scorm, "--root ."), cwd: "../..", url: `http://127.0.0.1:${ports.scorm}/tests/e2e/fixtures/lms.html` },
  ],
});
