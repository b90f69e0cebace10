// A site added as a folder has no snapshots until someone records them. The snapshot suite leaves such a site out
// (it would write hundreds of entries silently, or fail hundreds of times under --ci) and this test fails once per
// site, saying so and how to record them, so the integrator reviews them like any other change.
import { siteIds } from '../../src/engine/fsLoader';
import { recordedSites, RECORDING, screenIds } from './snapshots/screenSnapshots';

test.each(siteIds())('site %s has snapshots of every screen', (site) => {
  const missing = screenIds().filter((screen) => !recordedSites(screen).has(site));
  if (missing.length > 0 && !RECORDING.has(site))
    throw new Error(
      `site "${site}" has no snapshots yet of ${missing.length === screenIds().length ? 'any screen' : missing.join(', ')}: ` +
        `record them with \`npm run definitions -- snapshot --site ${site}\` ` +
        `(or \`SNAPSHOT_SITE=${site} npx jest test/definitions/snapshots --ci=false\`), ` +
        'review what test/definitions/snapshots/__snapshots__/ gained and commit it',
    );
});
