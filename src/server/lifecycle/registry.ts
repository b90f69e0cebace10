// Every approvable entity type, by its change requests' entity_type. A new approvable entity is one module of
// entities/ and one line here.
import type { ApprovableEntity } from './entity';
import { toneEntity } from './entities/tone';
import { toneBoxEntity } from './entities/toneBox';
import { ivrDirectoryEntity } from './entities/ivrDirectory';
import { ivrPromptEntity } from './entities/ivrPrompt';
import { nameToneEntity } from './entities/nameTone';

const ENTITIES = new Map<string, ApprovableEntity>(
  [toneEntity, toneBoxEntity, ivrDirectoryEntity, ivrPromptEntity, nameToneEntity].map((e) => [e.type, e]),
);

export function entityOf(type: string): ApprovableEntity {
  const e = ENTITIES.get(type);
  if (!e) throw new Error(`no approvable entity "${type}"`);
  return e;
}

export const entityTypes = (): string[] => [...ENTITIES.keys()];
