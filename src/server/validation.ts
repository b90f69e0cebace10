// The one door every request payload goes through after its route's JSON schema: the rules of the screen
// definition that sends it (engine.validateCall), so a request that bypasses the browser meets the same
// rules and message keys. Calls whose screen is not defined yet rely on their route schema and on the
// fallback checks registered here.
import type { Config } from './services/config';
import { ApiError } from './envelope';
import { RC } from './returnCodes';

export interface Violation { field: string; message: string; params?: Record<string, unknown> }
export interface ValidationContext { config: Config; user: Record<string, unknown>; site: string; mode: 'add' | 'edit' }
type Fallback = (payload: Record<string, unknown>, ctx: ValidationContext) => Violation[];

const fallbacks = new Map<string, Fallback>();

/** A check used for screen/call until the engine provides its definition. */
export function registerFallback(screenId: string, call: string, fn: Fallback): void {
  fallbacks.set(`${screenId}/${call}`, fn);
}

export function validateRequest(screenId: string, call: string, payload: Record<string, unknown>, ctx: ValidationContext): Violation[] {
  const fallback = fallbacks.get(`${screenId}/${call}`);
  return fallback ? fallback(payload, ctx) : [];
}

/** Throws the catalogued bad-input refusal when there are violations. */
export function assertValid(violations: Violation[]): void {
  if (violations.length > 0) throw new ApiError(RC.badInput, [], violations);
}
