// Debian's Chromium and the flags every e2e browser runs with (headless, no sandbox in containers, no GPU, no
// background traffic): one place for globalSetup's shared browser and browser.ts's own.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
