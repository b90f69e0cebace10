// Outcomes of the request contract, kept. A screen's call checked against its rules (validation.ts
// screenContract) is a pure function of the parameters and of the context the rules read: the site's
// configuration, the user as the rules see it (both fixed for the user scope that holds these outcomes,
// userScope.ts), the call's screens, modes and buttons (the route's own), and today's date (date rules). Lists
// repeat their calls with the same parameters: a page refetched after every write, paging back, progress polled.
// The same parameters in the same scope get the same outcome without the form being recovered and validated
// again. Calls whose rules read values the server looked up (Facts) are not kept: those values live in the
// database, not in the key.
import type { ContractOutcome } from '../validation';

/** Outcomes per user scope, at most this many (free-text searches make many distinct keys). */
const MAX_OUTCOMES = 500;

/** The next local midnight, in ms: a date rule's "today" changes there. */
function nextMidnight(now: number): number {
  const d = new Date(now);
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

export class KeptOutcomes {
  private until = 0;
  private readonly outcomes = new Map<string, ContractOutcome>();

  /**
   * The outcome for this key (the call and its parameters), computed once a day. The parameters handed back
   * are a copy, since a handler may change its own.
   */
  get(key: string, compute: () => ContractOutcome): ContractOutcome {
    const now = Date.now();
    if (now >= this.until) {
      this.outcomes.clear();
      this.until = nextMidnight(now);
    }
    let outcome = this.outcomes.get(key);
    if (!outcome) {
      outcome = compute();
      if (this.outcomes.size >= MAX_OUTCOMES) this.outcomes.clear();
      this.outcomes.set(key, outcome);
    }
    return { params: { ...outcome.params }, violations: outcome.violations };
  }
}
