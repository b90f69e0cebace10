// The language of an answer: the session's language, else the request's Accept-Language, else English.
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../returnCodes';

export function parseLang(value: unknown): Lang | undefined {
  if (typeof value !== 'string') return undefined;
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('zh')) return 'zh';
  if (first.startsWith('en')) return 'en';
  return undefined;
}

export const headerLang = (req: FastifyRequest): Lang => parseLang(req.headers['accept-language']) ?? 'en';
