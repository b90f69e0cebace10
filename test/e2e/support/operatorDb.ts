// What an operator does to the reference server's database, done directly for the tests: set configuration
// flags (the server reads them with a 2 s cache), read the notifier's outbox, end sessions.
import Database from 'better-sqlite3';

export const CONFIG_CACHE_MS = 2100;

export class OperatorDb {
  private db: Database.Database;
  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('busy_timeout = 5000');
  }

  /** Set a key for the whole deployment ('*') or for one site (a site's row wins over '*' for its providers). */
  setConfig(key: string, value: string, site: string = '*'): void {
    const now = Date.now();
    this.db.prepare(`INSERT INTO config (site, key, value, description, updated_at) VALUES (?, ?, ?, '', ?)
      ON CONFLICT (site, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`).run(site, key, value, now);
  }

  getConfig(key: string, site: string = '*'): string | undefined {
    const row = this.db.prepare('SELECT value FROM config WHERE key = ? AND site IN (?, ?) ORDER BY site = ? DESC LIMIT 1').get(key, site, '*', site) as { value: string } | undefined;
    return row?.value;
  }

  /** The latest dynamic code the notifier wrote for an account (the code is never in an API answer). */
  latestDynamicCode(account: string): string | undefined {
    const row = this.db.prepare(`SELECT o.body FROM outbox o JOIN providers p ON p.id = o.provider_id WHERE p.code = ? ORDER BY o.id DESC LIMIT 1`).get(account) as { body: string } | undefined;
    return row ? /dynamic code is ([A-Za-z0-9]{6})/.exec(row.body)?.[1] : undefined;
  }

  endSessions(account: string): void {
    this.db.prepare('DELETE FROM sessions WHERE provider_id = (SELECT id FROM providers WHERE code = ?)').run(account);
  }

  close(): void {
    this.db.close();
  }
}
