// Databases beside the suite's PostgreSQL test database (TEST_DATABASE_URL): created and dropped
// through the server's `postgres` database, for tests that need a database no other file writes to.

import pg from "pg";

/** PostgreSQL's "object in use": a closed pool's last connections may still be saying goodbye. */
const OBJECT_IN_USE = "55006";

export type PostgresAdmin = {
  /** The suite's URL with its database swapped for `name`. */
  urlOf: (name: string) => string;
  /** Runs one statement on the `postgres` database, waiting out connections that are closing. */
  run: (statement: string) => Promise<void>;
  drop: (name: string) => Promise<void>;
};

export function postgresAdmin(url: string): PostgresAdmin {
  const urlOf = (name: string) => {
    const target = new URL(url);
    target.pathname = `/${name}`;
    return target.toString();
  };
  async function once(statement: string) {
    const client = new pg.Client({ connectionString: urlOf("postgres") });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  async function run(statement: string, force?: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(attempt >= 50 && force ? force : statement);
      } catch (error) {
        if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
  return {
    urlOf,
    run: (statement) => run(statement),
    // Forced only after 5 s: forcing them out at once would fail those connections loudly.
    drop: (name) => run(`drop database if exists ${name}`, `drop database if exists ${name} with (force)`),
  };
}

/** The database a PostgreSQL URL names. */
export function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

/** The migrated template that databases of their own are copied from (tests/support/global-setup.ts). */
export function ownTemplateName(url: string): string {
  return `${databaseName(url)}_own_template`;
}
