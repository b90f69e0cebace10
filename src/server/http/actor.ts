// The actor of a request with a session (http/route.ts has checked it): its provider, address and the server's clock.
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../services/actor';
import { sessionOf } from './session';

export const actorOf = (req: FastifyRequest): Actor => ({
  provider: sessionOf(req).provider,
  ip: req.ip,
  now: req.server.ctx.now(),
});
