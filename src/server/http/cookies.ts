// The session cookie: HttpOnly (scripts never see the token), SameSite=Strict (other sites cannot send it),
// Path=/ so file previews (<audio src>) carry it too. Secure when the request came over https.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'rbt_session';
/** The operator console's session: a cookie of its own, so a provider's and an operator's session never mix. */
export const OPERATOR_COOKIE = 'rbt_operator';

export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export const PICTURE_COOKIE = 'rbt_pic';

/** Fastify appends repeated set-cookie headers, so several cookies can be set in one answer. */
export function setCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
): void {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`,
  );
}

export const setSessionCookie = (req: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) =>
  setCookie(req, reply, SESSION_COOKIE, token, maxAgeSeconds);

export function clearSessionCookie(reply: FastifyReply, name = SESSION_COOKIE): void {
  reply.header('set-cookie', `${name}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`);
}
