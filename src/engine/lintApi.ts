// A screen definition checked against the server's route table (the same declarations that register the
// routes and write the OpenAPI document; src/server/routeTable.ts collects them without starting a server):
// every call path, menu gate and client kind must be one the server answers; every payload key, and every
// field a call sends under its own name, a parameter the route takes; every search field sent by the list
// call; every column, summary value, row condition and edit-mode record value a field the answer has.
import { childPath } from './jsonPath';
import { didYouMean } from './names';
import { fieldsReadBy } from './payload';
import type { CallDef, MenuEntryDef, ScreenDef } from './types';

type JsonSchema = Record<string, unknown>;

/** What the linter needs of a server route (src/server/http/route.ts ApiRoute has these properties). */
export interface ApiRouteInfo {
  method: 'GET' | 'POST' | 'READ';
  url: string;
  params?: JsonSchema;
  record?: JsonSchema;
  multipart?: boolean;
  /** The parts a multipart route reads from its body. */
  multipartSchema?: JsonSchema;
}

export interface ApiProblem {
  path: string;
  reason: string;
  severity?: 'warning';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function routeFor(path: string, routes: ApiRouteInfo[]): ApiRouteInfo | undefined {
  const url = `/${path.replace(/^\/+/, '').split('?')[0]}`;
  return (
    routes.find((r) => r.url === url) ??
    routes.find((r) => r.url.includes(':') && new RegExp(`^${r.url.replace(/:\w+/g, '[^/]+')}$`).test(url))
  );
}

type Lookup = { schema: JsonSchema } | { open: true } | { undeclared: true } | { missing: string; known: string[] };

/**
 * The schema at `segments` inside `schema`, stepping into array items. A schema without declared properties is
 * `undeclared` (nothing can be checked); additionalProperties as a schema declares an open map (any key).
 */
function lookup(schema: unknown, segments: string[]): Lookup {
  let here = schema;
  for (const segment of segments) {
    while (isObject(here) && (here.type === 'array' || isObject(here.items))) here = here.items;
    if (!isObject(here)) return { undeclared: true };
    const props = isObject(here.properties) ? here.properties : undefined;
    if (props && segment in props) {
      here = props[segment];
      continue;
    }
    if (isObject(here.additionalProperties) || here.additionalProperties === true) return { open: true };
    if (!props) return { undeclared: true };
    return { missing: segment, known: Object.keys(props) };
  }
  return { schema: isObject(here) ? here : {} };
}

/** The answer's envelope around the route's record. */
const envelope = (route: ApiRouteInfo) => ({
  type: 'object',
  properties: {
    returnCode: { type: 'string' },
    returnMsg: { type: 'string' },
    recordSum: { type: 'integer' },
    record: route.record,
  },
});

/** {"var": "prefix.a.b"} references in an expression, with their JSON paths. */
function varsUnder(prefix: string, node: unknown, path: string, out: Array<{ name: string[]; path: string }> = []) {
  if (Array.isArray(node)) node.forEach((n, i) => varsUnder(prefix, n, childPath(path, i), out));
  else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      const name = k === 'var' ? (Array.isArray(v) ? v[0] : v) : undefined;
      if (typeof name === 'string' && name.startsWith(`${prefix}.`))
        out.push({ name: name.split('.').slice(1), path: childPath(path, k) });
      else varsUnder(prefix, v, childPath(path, k), out);
    }
  }
  return out;
}

export function apiProblems(def: ScreenDef, routes: ApiRouteInfo[]): ApiProblem[] {
  const out: ApiProblem[] = [];
  const urls = routes.map((r) => r.url.slice(1));
  const undeclaredWarned = new Set<string>();

  /** A field of the answer of `callName` at rowsPath, named by `name`, used at `path`. */
  const answerHas = (
    callName: string,
    route: ApiRouteInfo,
    base: string[],
    name: string[],
    path: string,
    what: string,
  ) => {
    const found = lookup(envelope(route), [...base, ...name]);
    if ('missing' in found) {
      out.push({
        path,
        reason: `${what} "${name.join('.')}" is not in the answer of ${route.url} (call "${callName}"): its ${base.join('.') || 'answer'} has ${found.known.join(', ')}${didYouMean(found.missing, found.known)}`,
      });
    } else if ('undeclared' in found && !undeclaredWarned.has(callName)) {
      undeclaredWarned.add(callName);
      out.push({
        severity: 'warning',
        path: `$.calls.${callName}.path`,
        reason: `${route.url} declares no shape for its answer's ${base.join('.') || 'record'}, so the fields read from it are not checked (declare "record" on the route)`,
      });
    }
  };

  // A multipart route also reads the parts its multipartSchema declares (the files and text fields of the body).
  const propertiesOf = (route: ApiRouteInfo) => ({
    ...((route.params?.properties as object | undefined) ?? {}),
    ...((route.multipartSchema?.properties as object | undefined) ?? {}),
  });
  const takes = (route: ApiRouteInfo, key: string) => {
    const params = route.params;
    if (!isObject(params) || !isObject(params.properties)) return true;
    return key in propertiesOf(route) || isObject(params.additionalProperties) || params.additionalProperties === true;
  };
  const paramNames = (route: ApiRouteInfo) => Object.keys(propertiesOf(route));

  const routesOfCalls = new Map<string, ApiRouteInfo>();
  for (const [name, call] of Object.entries(def.calls ?? {}) as Array<[string, CallDef & { pending?: string }]>) {
    const path = `$.calls.${name}`;
    const route = routeFor(call.path, routes);
    if (!route) {
      if (call.pending)
        out.push({
          severity: 'warning',
          path: `${path}.path`,
          reason: `the server does not implement "${call.path}" yet (pending: ${call.pending})`,
        });
      else
        out.push({
          path: `${path}.path`,
          reason: `the server implements no call "${call.path}"${didYouMean(call.path, urls)} (routes are declared in src/server/routes/)`,
        });
      continue;
    }
    if (call.pending)
      out.push({
        path: `${path}.pending`,
        reason: `marked pending, but the server implements "${call.path}": remove "pending"`,
      });
    routesOfCalls.set(name, route);
    const sendsGet = call.client === 'get';
    if (sendsGet && route.method === 'POST')
      out.push({
        path: `${path}.client`,
        reason: `client "get" sends a GET request, but ${route.url} answers POST only`,
      });
    if (!sendsGet && route.method === 'GET')
      out.push({
        path: `${path}.client`,
        reason: `client "${call.client}" sends a POST request, but ${route.url} answers GET only (use client "get")`,
      });
    if ((call.client === 'multipart') !== Boolean(route.multipart)) {
      out.push({
        path: `${path}.client`,
        reason: route.multipart
          ? `${route.url} reads a multipart upload: use client "multipart"`
          : `client "multipart" sends a multipart body, but ${route.url} reads form or JSON parameters`,
      });
    }
    // Keys named in the path ({taskType}) fill it instead of being sent.
    const inPath = new Set([...call.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
    for (const key of Object.keys(call.payload ?? {})) {
      if (!inPath.has(key) && !takes(route, key))
        out.push({
          path: `${path}.payload.${key}`,
          reason: `${route.url} takes no parameter "${key}"${didYouMean(key, paramNames(route))}, so the server never reads it`,
        });
    }
    if (call.sendFields) {
      const mapped = fieldsReadBy(call.payload ?? {});
      for (const [field, f] of Object.entries(def.fields ?? {})) {
        if (mapped.has(field) || f.clientOnly || (call.payload && field in call.payload)) continue;
        if (!takes(route, field))
          out.push({
            path: `$.fields.${field}`,
            reason: `call "${name}" sends every field under its own name (sendFields), but ${route.url} takes no parameter "${field}"${didYouMean(field, paramNames(route))}: map it in the payload, or mark it clientOnly`,
          });
      }
    }
    for (const key of ['rows', 'total', 'summary'] as const) {
      const where = call.response?.[key];
      if (where) {
        const found = lookup(envelope(route), where.split('.'));
        if ('missing' in found)
          out.push({
            path: `${path}.response.${key}`,
            reason: `"${where}" is not in the answer of ${route.url}${didYouMean(found.missing, found.known)}`,
          });
      }
    }
  }

  const list = def.calls?.list;
  const listRoute = routesOfCalls.get('list');
  if (def.kind === 'list' && list && listRoute) {
    const rows = (list.response?.rows ?? 'record').split('.');
    for (const [name, column] of Object.entries(def.columns ?? {})) {
      if (column.field)
        answerHas('list', listRoute, rows, column.field.split('.'), `$.columns.${name}.field`, 'column field');
      for (const v of varsUnder('row', column.value, `$.columns.${name}.value`))
        answerHas('list', listRoute, rows, v.name, v.path, 'row value');
    }
    for (const [name, action] of Object.entries(def.actions ?? {})) {
      for (const key of ['visible', 'disabled'] as const)
        for (const v of varsUnder('row', action[key], `$.actions.${name}.${key}`))
          answerHas('list', listRoute, rows, v.name, v.path, 'row value');
    }
    if (list.response?.summary) {
      for (const [name, value] of Object.entries(def.summary ?? {})) {
        if (value.field)
          answerHas(
            'list',
            listRoute,
            list.response.summary.split('.'),
            value.field.split('.'),
            `$.summary.${name}.field`,
            'summary field',
          );
      }
    }
    const sent = fieldsReadBy(list.payload ?? {});
    for (const name of Object.keys(def.search ?? {})) {
      if (!sent.has(name))
        out.push({
          path: `$.search.${name}`,
          reason: `the list call does not send this search field (no "form.${name}" in calls.list.payload), so searching by it changes nothing${didYouMean(name, sent)}`,
        });
    }
  }

  if (def.load) {
    const route = routesOfCalls.get(def.load.call);
    if (route)
      for (const v of varsUnder('record', def.load.form, '$.load.form'))
        answerHas(def.load.call, route, ['record'], v.name, v.path, 'record value');
  }

  const gates = (menu: Record<string, MenuEntryDef> | undefined, path: string) => {
    for (const [name, entry] of Object.entries(menu ?? {})) {
      if (entry.gate && !routeFor(entry.gate.call, routes))
        out.push({
          path: `${path}.${name}.gate.call`,
          reason: `the server implements no call "${entry.gate.call}"${didYouMean(entry.gate.call, urls)}`,
        });
      gates(entry.children, `${path}.${name}.children`);
    }
  };
  gates(def.menu, '$.menu');
  if (def.gate) {
    const route = routeFor(def.gate.call, routes);
    if (!route)
      out.push({
        path: '$.gate.call',
        reason: `the server implements no call "${def.gate.call}"${didYouMean(def.gate.call, urls)}`,
      });
    else
      for (const [i, field] of def.gate.fields.entries())
        answerHas(def.gate.call, route, ['record'], [field], `$.gate.fields[${i}]`, 'record value');
  }
  return out;
}
