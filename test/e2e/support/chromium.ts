// Debian's Chromium and the flags every e2e browser runs with (headless, no sandbox in containers, no GPU, no
// background traffic): one place for globalSetup's shared browser and browser.ts's own.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * Playwright's own --disable-features list (playwright-core 1.65, chromiumSwitches.ts). Chromium keeps only the last
 * of two --disable-features, so ours must repeat it: test/e2e/chromium.test.ts compares it with what Playwright
 * passes, and fails naming the difference when an upgrade changes it.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's WebUI popups. Headless Chromium 15x gives every browser context a window of its own, and every
 * window loads two chrome://omnibox-popup.top-chrome pages in a renderer of their own, which no test ever shows:
 * measured over 20 contexts each loading the login page, 1.3 CPU seconds a context (the page itself took 0.5),
 * some 500 contexts a full run.
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const disabled = (features: string[]) => `--disable-features=${features.join(',')}`;

/** What every e2e Chromium is launched with: the flags above, and Playwright's disabled features plus ours. */
export const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM,
  args: [...BROWSER_ARGS, disabled([...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES])],
  ignoreDefaultArgs: [disabled(PLAYWRIGHT_DISABLED_FEATURES)],
};
