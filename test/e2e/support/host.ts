// One e2e run's shared resources for several Jest processes at once (test/run-all.mjs runs each e2e file as a Jest
// process of its own, on as many workers as the other lanes leave free). It does what the e2e project's globalSetup
// does (the server built once, the run's seeded DATA_DIRs, one Chromium), prints the environment the Jest processes
// need as one JSON line, and undoes it all (globalTeardown) when its standard input closes.
// With RBT_E2E_HOSTED set, the Jest processes' own globalSetup and globalTeardown leave all of it to this host.
import globalSetup from './globalSetup';
import globalTeardown from './globalTeardown';

async function main(): Promise<void> {
  await globalSetup();
  const env = {
    RBT_E2E_HOSTED: '1',
    E2E_BROWSER_WS: process.env.E2E_BROWSER_WS ?? '',
    RBT_TEST_SEEDS: process.env.RBT_TEST_SEEDS ?? '',
    RBT_TEST_SEEDS_RUN: process.env.RBT_TEST_SEEDS_RUN ?? '',
  };
  process.stdout.write(`${JSON.stringify(env)}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void globalTeardown().finally(() => process.exit(0));
  });
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
