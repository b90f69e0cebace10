// Longest files first, so no worker is left alone with a five-minute file at the end of a run. Jest does this
// from its cache of the last run's times; a clean clone (CI) has no cache and Jest falls back to file size, which
// put the slowest e2e files (screens, the production install) among the last to start and cost CI minutes.
// test/e2e/durations.json holds the seconds each e2e file took in a full run (refreshed by
// `RBT_RECORD_DURATIONS=1 npm test`); a file it does not name is sized as Jest would.
const Sequencer = require('@jest/test-sequencer').default;
const { relative } = require('node:path');
const measured = require('./e2e/durations.json');

module.exports = class LongestFirst extends Sequencer {
  time(test) {
    const seconds = measured[relative(test.context.config.rootDir, test.path)];
    return super.time(test) ?? (seconds === undefined ? undefined : seconds * 1000);
  }
};
