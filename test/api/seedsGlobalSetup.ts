// Once per run of the API project (Jest's globalSetup): the directory of the run's seeded templates (seeded.ts),
// named in the environment the workers inherit.
import { tmpdir } from 'node:os';
import { makeSeedsDir } from './seedTemplate';

export default function seedsGlobalSetup(): void {
  makeSeedsDir(tmpdir());
}
