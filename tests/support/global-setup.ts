import { openDatabase } from "~/db/client.server";

/** Against a real PostgreSQL server the migrations run once, before any test file connects. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ url });
  await database.migrate();
  await database.close();
}
