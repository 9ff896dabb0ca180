import type { PGlite, Transaction } from "@electric-sql/pglite";
import pg from "pg";

/**
 * The second tenancy wall's client side (decision 0083): every statement, or every
 * transaction a service opens, runs in a scope: as `vitrina_tenant` with `vitrina.store_id` set to
 * one store (the owner's dashboard, an API token), so the policies of migrations 0021 and 0036 admit
 * only that store's rows; or as `vitrina_public` (visitors' pages), which migrations 0027 and 0036
 * let read only what a public page shows. The settings are `LOCAL`: they end with the transaction, and a pooled
 * connection goes back clean.
 */
const TENANT_ROLE = "vitrina_tenant";
const PUBLIC_ROLE = "vitrina_public";
export const PUBLIC_SCOPE = `SET LOCAL ROLE ${PUBLIC_ROLE}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statements that put a transaction in a store's scope (the id is checked: it is inlined).
 * Decision 0120: the owner's connection sets the store first, signed by `tenant_scope()` (which the
 * role may not call) for this connection and this transaction, and only then takes the role; a
 * store id the role sets itself is not signed, and the policies then see no store at all.
 */
export function tenantScopeSql(storeId: string): string {
  if (!UUID.test(storeId)) throw new Error(`tenant scope: not a store id: ${JSON.stringify(storeId)}`);
  return `SELECT set_config('vitrina.store_id', tenant_scope('${storeId.toLowerCase()}'), true); SET LOCAL ROLE ${TENANT_ROLE}`;
}

type QueryArgs = [config: string | pg.QueryConfig, values?: unknown[]];
const BEGIN = /^\s*begin\b/i;

function textOf(config: string | pg.QueryConfig): string {
  return typeof config === "string" ? config : config.text;
}

/**
 * node-postgres: a pool to Drizzle (it checks `instanceof Pool` to check a connection out for a
 * transaction) that opens no connection of its own and borrows the process pool's. A lone
 * statement gets its own short transaction; a Drizzle transaction gets the scope right after its
 * `begin`, on the connection it checked out.
 */
export class ScopedPool extends pg.Pool {
  readonly #pool: pg.Pool;
  readonly #scope: string;

  constructor(pool: pg.Pool, scope: string) {
    super({ max: 0 });
    this.#pool = pool;
    this.#scope = scope;
  }

  // @ts-expect-error: one of pg.Pool's query overloads, the one Drizzle calls.
  override async query(...[config, values]: QueryArgs): Promise<pg.QueryResult> {
    const client = await this.#pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(`BEGIN; ${this.#scope}`);
      const result = await client.query(config as pg.QueryConfig, values);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  override async connect(): Promise<pg.PoolClient> {
    const client = await this.#pool.connect();
    const scope = this.#scope;
    const query = client.query.bind(client) as (...args: QueryArgs) => Promise<pg.QueryResult>;
    return new Proxy(client, {
      get(target, key, receiver) {
        if (key !== "query") {
          const value = Reflect.get(target, key, receiver);
          return typeof value === "function" ? value.bind(target) : value;
        }
        return async (...args: QueryArgs) => {
          const result = await query(...args);
          if (BEGIN.test(textOf(args[0]))) await query(scope);
          return result;
        };
      },
    });
  }
}

/** PGlite: the same over its one connection; a statement holds it only while it runs. */
export function scopedPglite(client: PGlite, scope: string) {
  return {
    query: (query: string, params?: unknown[], options?: object) =>
      client.transaction(async (tx) => {
        await tx.exec(scope);
        return tx.query(query, params, options);
      }),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      client.transaction(async (tx) => {
        await tx.exec(scope);
        return work(tx);
      }),
  };
}
