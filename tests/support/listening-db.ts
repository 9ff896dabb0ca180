import { afterAll, beforeAll } from "vitest";
import type { Database } from "~/db/client.server";
import { StoreVersions } from "~/features/storefront/store-versions.server";
import { openedInBeforeAll, openTestDatabase } from "./test-db";

/**
 * The test file's database with the store-version listener the server runs (decision 0016):
 * `const { database, versions } = listeningDatabaseForThisFile();` at the top of a file, and the
 * public caches built on `versions` there too. The listener starts in beforeAll and stops before
 * the database closes.
 */
export function listeningDatabaseForThisFile(): { database: Database; versions: StoreVersions } {
  const versions = new StoreVersions();
  let opened: Database | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
    await versions.start(opened);
  });
  afterAll(async () => {
    await versions.stop();
    await opened?.close();
  });
  return { database: openedInBeforeAll(() => opened, "listeningDatabaseForThisFile()"), versions };
}

/** NOTIFY reaches the listener asynchronously, after the writing transaction commits: wait for it. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
