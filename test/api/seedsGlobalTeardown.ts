// Once per run of the API project: the run's seeded templates go (seeded.ts).
import { removeSeeds } from './seeded';

export default async function seedsGlobalTeardown(): Promise<void> {
  await removeSeeds();
}
