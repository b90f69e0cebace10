// Where a server process is in its life, for /readyz: a load balancer sends requests only to a process that is
// ready, so neither one still migrating its database nor one draining for a shutdown gets new work.
export type Phase = 'starting' | 'migrating' | 'seeding' | 'ready' | 'draining';

/** Why a process in each phase but 'ready' takes no new work (the /readyz reason). */
export const NOT_READY: Record<Exclude<Phase, 'ready'>, string> = {
  starting: 'starting',
  migrating: 'migrating the database (or waiting for another process that is)',
  seeding: 'seeding the demo data',
  draining: 'draining for shutdown',
};

export class Lifecycle {
  phase: Phase = 'starting';
  set(phase: Phase): void {
    // Draining is final: a late step of the start must not make a stopping process ready again.
    if (this.phase !== 'draining') this.phase = phase;
  }
}
