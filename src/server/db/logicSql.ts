// A condition of the definitions (JSON Logic over `row`) as SQL, so a query selects exactly the records a screen's
// named expression accepts (the tone selection's "normal, not pending, not a jockey tone"; hide and resume)
// instead of spelling the same states again. The subset conditions on stored values need: and, or, !, !!, ==,
// !=, ===, !==, in (a literal list), {"var": "row.<field>"} (a field of the record, by its column) and literals.
// Anything else throws: such an expression cannot run in the database and its author must know.
import { sql, type RawBuilder } from 'kysely';

type Sql = RawBuilder<unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `column(field)`: the SQL column of a record field (row.<field>). */
export function logicToSql(expression: unknown, column: (field: string) => string, table?: string): Sql {
  const ref = (field: string) => sql.ref(table ? `${table}.${column(field)}` : column(field));
  const operand = (v: unknown): Sql => {
    if (isObject(v) && 'var' in v) {
      const name = Array.isArray(v.var) ? v.var[0] : v.var;
      if (typeof name !== 'string' || !name.startsWith('row.'))
        throw new Error(`only row.<field> can be read in SQL, not ${JSON.stringify(v.var)}`);
      return ref(name.slice(4));
    }
    if (typeof v === 'string' || typeof v === 'number') return sql`${v}`;
    throw new Error(`cannot compare ${JSON.stringify(v)} in SQL`);
  };
  const truthy = (v: unknown): Sql => {
    if (isObject(v) && 'var' in v) {
      const r = operand(v);
      return sql`(${r} is not null and ${r} <> '')`;
    }
    return toSql(v);
  };
  const toSql = (node: unknown): Sql => {
    if (typeof node === 'boolean') return node ? sql`1 = 1` : sql`1 = 0`;
    if (!isObject(node) || Object.keys(node).length !== 1) throw new Error(`not a condition: ${JSON.stringify(node)}`);
    const [op, arg] = Object.entries(node)[0];
    const args = Array.isArray(arg) ? arg : [arg];
    switch (op) {
      case 'and':
      case 'or':
        return sql`(${sql.join(args.map(toSql), op === 'and' ? sql` and ` : sql` or `)})`;
      case '!':
        return sql`not ${truthy(args[0])}`;
      case '!!':
        return truthy(args[0]);
      case '==':
      case '===':
        return sql`${operand(args[0])} = ${operand(args[1])}`;
      case '!=':
      case '!==':
        return sql`${operand(args[0])} <> ${operand(args[1])}`;
      case 'in': {
        if (!Array.isArray(args[1]) || args[1].length === 0) throw new Error('"in" needs a literal list in SQL');
        return sql`${operand(args[0])} in (${sql.join(args[1].map((v) => sql`${v}`))})`;
      }
      default:
        throw new Error(`the operation "${op}" cannot run in SQL`);
    }
  };
  return toSql(expression);
}

/** The fields an expression reads under `prefix` ({"var": "row.status"} -> status), in order of first use. */
export function readsVars(expression: unknown, prefix: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        const name = k === 'var' ? (Array.isArray(v) ? v[0] : v) : undefined;
        if (typeof name === 'string' && name.startsWith(`${prefix}.`)) {
          const field = name.slice(prefix.length + 1).split('.')[0];
          if (!found.includes(field)) found.push(field);
        } else visit(v);
      }
    }
  };
  visit(expression);
  return found;
}
