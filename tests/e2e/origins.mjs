// The test servers' origins, from the ports in the running config's metadata (see
// playwright.config.mjs): no test names a port, so a copy of the config with other ports needs no
// change to any test. Call inside a test or hook (it reads test.info()).
import { test } from "@playwright/test";

/** `http://127.0.0.1:PORT` of the server the config names `name` (lab, csp, course, ...). */
export function origin(name) {
  const port = test.info().config.metadata?.ports?.[name];
  if (!port) throw new Error(`no port named "${name}" in the config's metadata.ports`);
  return `http://127.0.0.1:${port}`;
}
