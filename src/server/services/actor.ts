// Who makes a change, from where and when: what a service needs to apply it through the lifecycle and audit it.
import type { Provider } from '../db/schema';

export interface Actor {
  provider: Provider;
  ip: string;
  now: number;
}
