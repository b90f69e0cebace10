// The session of a request whose route requires one (auth 'session'): route.ts's guard has set it before any
// handler runs, so a handler reads it here instead of asserting it exists at every use.
import type { FastifyRequest } from 'fastify';
import type { SessionContext } from '../context';

export function sessionOf(req: FastifyRequest): SessionContext {
  if (!req.session) throw new Error(`${req.url}: a route without a session read it (declare auth 'session')`);
  return req.session;
}
