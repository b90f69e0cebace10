// What an operator does to the reference server's database, done directly for the tests: set and unset
// configuration values (the server sees them at its next request: a trigger moves the config table's generation,
// which the server reads with every session), read the notifier's outbox, end sessions, write rows the server's own
// checks would refuse (stored text of an older version or another system).
import Database from 'better-sqlite3';

export class OperatorDb {
  private db: Database.Database;
  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('busy_timeout = 5000');
  }

  /** The operator's value for the whole deployment ('*') or for one site (above the files; a site's value wins over '*'). */
  setConfig(key: string, value: string, site: string = '*'): void {
    const now = Date.now();
    this.db
      .prepare(
        `INSERT INTO config (site, key, value, description, updated_at) VALUES (?, ?, ?, '', ?)
      ON CONFLICT (site, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(site, key, value, now);
  }

  /** The operator's value of exactly that scope, or undefined when the operator set none there (the files apply). */
  getConfig(key: string, site: string = '*'): string | undefined {
    const row = this.db.prepare('SELECT value FROM config WHERE key = ? AND site = ?').get(key, site) as
      { value: string } | undefined;
    return row?.value;
  }

  /** Removes the operator's value, so the layers below apply again. */
  unsetConfig(key: string, site: string = '*'): void {
    this.db.prepare('DELETE FROM config WHERE key = ? AND site = ?').run(key, site);
  }

  /** The latest dynamic code the notifier wrote for an account (the code is never in an API answer). */
  latestDynamicCode(account: string): string | undefined {
    const row = this.db
      .prepare(
        `SELECT o.body FROM outbox o JOIN providers p ON p.id = o.provider_id WHERE p.code = ? ORDER BY o.id DESC LIMIT 1`,
      )
      .get(account) as { body: string } | undefined;
    return row ? /dynamic code is ([A-Za-z0-9]{6})/.exec(row.body)?.[1] : undefined;
  }

  /** Writes rows directly, as another system sharing the database (or a version without today's checks) could. */
  run(statement: string, ...params: unknown[]): void {
    this.db.prepare(statement).run(...params);
  }

  endSessions(account: string): void {
    this.db.prepare('DELETE FROM sessions WHERE provider_id = (SELECT id FROM providers WHERE code = ?)').run(account);
  }

  close(): void {
    this.db.close();
  }
}
