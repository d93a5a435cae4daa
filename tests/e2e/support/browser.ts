import fs from "node:fs";

/**
 * The tests' browser: Debian's chromium-headless-shell, Chromium's headless-only build (the one
 * Playwright itself runs headless tests in), else Debian's full Chromium; CHROMIUM_PATH names
 * another. The full browser in its new headless mode draws through a GPU process and its own
 * window machinery, which made the run a quarter longer (see
 * docs/speed.md "The suite's time on 2 cores (issue 22)"). Lighthouse keeps the full browser.
 */
export const testBrowser = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p)) ?? "/usr/bin/chromium";

/** Its flags: no sandbox and no GPU (neither works here), and none of Chromium's own traffic. */
export const testBrowserArgs = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];
