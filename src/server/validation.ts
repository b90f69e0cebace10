// The one door every request payload goes through after its route's JSON schema: the rules of the screen
// definition that sends it (engine.validateCall), so a request that bypasses the browser meets the same
// rules and message keys as the form. Calls that no screen definition sends rely on their route schema.
import { createEngine, type Engine } from '../engine';
import { loadDefinitionSetFromDisk } from '../engine/fsLoader';
import type { Config } from './services/config';
import { ApiError } from './envelope';
import { RC } from './returnCodes';

export interface Violation {
  field: string;
  message: string;
  params?: Record<string, unknown>;
}
export interface ValidationContext {
  config: Config;
  user: Record<string, unknown>;
  site: string;
  mode: 'add' | 'edit';
}
const engines = new Map<string, Engine>();

/**
 * The engine of a site, built once from the definitions on disk. A site with no folder in site-variants/ (an
 * account left on a removed or renamed site) throws: its requests are refused rather than checked by another
 * site's rules (the server warns about such accounts at start).
 */
export function engineFor(site: string): Engine {
  let e = engines.get(site);
  if (!e) {
    e = createEngine(loadDefinitionSetFromDisk(site));
    engines.set(site, e);
  }
  return e;
}

export function validateRequest(
  screenId: string,
  call: string,
  payload: Record<string, unknown>,
  ctx: ValidationContext,
): Violation[] {
  const engine = engineFor(ctx.site);
  const def = engine.screenIds().includes(screenId) ? engine.definition(screenId) : undefined;
  if (def?.calls?.[call]) {
    return engine.validateCall(screenId, call, payload, { config: ctx.config, user: ctx.user, mode: ctx.mode }).errors;
  }
  return [];
}

/** Throws the catalogued bad-input refusal when there are violations. */
export function assertValid(violations: Violation[]): void {
  if (violations.length > 0) throw new ApiError(RC.badInput, [], violations);
}
