// Route validators compiled when their route is first called, not all at start. Fastify compiles every route's
// parameter schema with Ajv when the server starts: about a third of a start's CPU (0.5 s of 1.5 s measured), paid
// again by every restart and every instance a load balancer brings up before it can answer /readyz, for calls
// most processes never see in their first minutes. Each validator is still compiled once and kept.
// Ajv is Fastify's own (@fastify/ajv-compiler), with the options the server passes (app.ts, `ajv`).
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];
interface Validator {
  (data: unknown, context?: unknown): boolean | Promise<unknown>;
  errors?: unknown;
  /** Fastify passes the request as the value's parent (so Ajv may coerce a root value) when this is set. */
  schemaEnv?: unknown;
}
type Compile = (route: { schema: unknown }) => Validator;

const ajvCompilers = AjvCompiler();

export const buildLazyValidator = ((externalSchemas, options) => {
  const compile = ajvCompilers(externalSchemas, options) as unknown as Compile;
  return (route: { schema: unknown }) => {
    let compiled: Validator | undefined;
    const validate: Validator = (data, context) => {
      compiled ??= compile(route);
      const result = compiled(data, context);
      validate.errors = compiled.errors;
      return result;
    };
    validate.schemaEnv = true;
    return validate;
  };
}) as Factory;
