// The actor of a request with a session (http/route.ts has checked it): its provider, address and the server's clock.
import type { SessionRequest } from './route';
import type { Actor } from '../services/actor';

export const actorOf = (req: SessionRequest): Actor => ({
  provider: req.session.provider,
  ip: req.ip,
  now: req.server.ctx.now(),
});
