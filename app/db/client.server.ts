import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations, Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { tighteningWarning, tightenTree } from "~/lib/data-dir.server";
import { ensureCluster, lockDataDir } from "./pglite-data-dir.server";
import * as accountSecurity from "./schema/account-security";
import * as activity from "./schema/activity";
import * as apiTokens from "./schema/api-tokens";
import * as auth from "./schema/auth";
import * as billing from "./schema/billing";
import * as catalog from "./schema/catalog";
import * as compliance from "./schema/compliance";
import * as imports from "./schema/imports";
import * as library from "./schema/library";
import * as posts from "./schema/posts";
import * as promotions from "./schema/promotions";
import * as storeImages from "./schema/store-images";
import * as stores from "./schema/stores";
import * as waitlist from "./schema/waitlist";
import { PUBLIC_SCOPE, ScopedPool, scopedPglite, tenantScopeSql } from "./scoped-client.server";

export const schema = {
  ...auth,
  ...stores,
  ...billing,
  ...catalog,
  ...activity,
  ...accountSecurity,
  ...compliance,
  ...waitlist,
  ...imports,
  ...promotions,
  ...library,
  ...storeImages,
  ...posts,
  ...apiTokens,
};
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
  /**
   * The same database behind the second tenancy wall (decision 0083): every statement sees and
   * writes only this store's rows. The plain `db` when the tenant role is missing (logged at start).
   */
  forStore: (storeId: string) => Db;
  /**
   * The same database as visitors' pages see it (decision 0083): read-only, the public tables and
   * the rows of public stores. The plain `db` when the public role is missing.
   */
  forPublic: () => Db;
  /** Whether forStore() and forPublic() are walled: the roles exist and this connection may take them. */
  tenantWall: () => boolean;
  /** PGlite only: the data directory as a tar (tests/support/global-setup.ts keeps a migrated one). */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL only: the pool's connections, for the metrics (decision 0045). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** LISTEN on a channel (page-cache invalidation, decision 0016); onDown fires if the listener is lost. */
  listen: (
    channel: string,
    onMessage: (payload: string) => void,
    onDown: () => void,
  ) => Promise<() => Promise<void>>;
};

// The roles, and the signed store scope of decision 0120 (a database not yet migrated has none).
const WALL_ROLES_USABLE = `select count(*) filter (where pg_has_role(current_user, oid, 'MEMBER')) = 2
    and to_regprocedure('tenant_scope(uuid)') is not null as usable
  from pg_roles where rolname in ('vitrina_tenant', 'vitrina_public')`;

export const MIGRATIONS = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/**
 * PGlite (PostgreSQL in WASM, files in dataDir) when no URL is given, a PostgreSQL pool otherwise:
 * the same schema and SQL migrations run on both (ARCHITECTURE.md).
 */
export async function openDatabase(options: {
  url: string | null;
  dataDir?: string;
  /** PGlite only: start from this dump of a data directory (the tests' migrated template). */
  loadDataDir?: Blob;
  /** Sees every statement before it runs (the crash tests stop a write path at its Nth statement). */
  logger?: Logger;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    });
    const over = (client: pg.Pool) =>
      drizzlePg({ client, schema, casing: "snake_case", logger: options.logger }) as unknown as Db;
    const db = over(pool);
    let walled = false;
    let publicDb = db;
    const checkWall = async () => {
      walled = Boolean((await pool.query(WALL_ROLES_USABLE)).rows[0]?.usable);
      publicDb = walled ? over(new ScopedPool(pool, PUBLIC_SCOPE) as unknown as pg.Pool) : db;
    };
    await checkWall().catch(() => undefined);
    return {
      db,
      kind: "postgres",
      forStore: (storeId) =>
        walled ? over(new ScopedPool(pool, tenantScopeSql(storeId)) as unknown as pg.Pool) : db,
      forPublic: () => publicDb,
      tenantWall: () => walled,
      migrate: async () => {
        await migratePg(db as never, { migrationsFolder: MIGRATIONS });
        await checkWall();
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async listen(channel, onMessage, onDown) {
        // A dedicated connection: a pooled one may be handed to a query and lose the LISTEN.
        const client = new pg.Client({ connectionString: options.url! });
        let stopped = false;
        client.on("notification", (message) => {
          if (message.channel === channel) onMessage(message.payload ?? "");
        });
        const down = () => {
          if (!stopped) onDown();
        };
        client.on("error", down);
        client.on("end", down);
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          stopped = true;
          await client.end();
        };
      },
    };
  }
  // pg_trgm backs the catalogue search index (migration 0001); PGlite loads extensions up front.
  const extensions = { pg_trgm, btree_gist };
  const { dataDir } = options;
  // Decision 0109: one process per data directory, and a new cluster appears in it whole.
  const release = dataDir ? lockDataDir(dataDir) : undefined;
  let client: PGlite;
  try {
    let loadDataDir = options.loadDataDir;
    if (dataDir) {
      await ensureCluster(dataDir, async (initDir) => {
        const creating = new PGlite({ dataDir: initDir, loadDataDir, extensions });
        await creating.waitReady;
        await creating.close();
      });
      loadDataDir = undefined;
    }
    client = new PGlite({ dataDir, loadDataDir, extensions });
    await client.waitReady;
    // Decision 0119: PGlite unpacks a cluster's files 0666 (the WAL too, with live session tokens
    // and password hashes), whatever the umask: they become the server user's only.
    if (dataDir) {
      const warning = tighteningWarning(dataDir, tightenTree(dataDir));
      if (warning) console.warn(warning);
    }
  } catch (error) {
    release?.();
    throw error;
  }
  const over = (target: PGlite) =>
    drizzlePglite({ client: target, schema, casing: "snake_case", logger: options.logger }) as unknown as Db;
  const db = over(client);
  let walled = false;
  let publicDb = db;
  const checkWall = async () => {
    walled = Boolean((await client.query<{ usable: boolean }>(WALL_ROLES_USABLE)).rows[0]?.usable);
    publicDb = walled ? over(scopedPglite(client, PUBLIC_SCOPE) as unknown as PGlite) : db;
  };
  await checkWall();
  return {
    db,
    kind: "pglite",
    forStore: (storeId) =>
      walled ? over(scopedPglite(client, tenantScopeSql(storeId)) as unknown as PGlite) : db,
    forPublic: () => publicDb,
    tenantWall: () => walled,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
      await checkWall();
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release?.();
      }
    },
    dumpDataDir: () => client.dumpDataDir("none"),
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return () => unsubscribe();
    },
  };
}
