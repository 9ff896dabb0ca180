import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createAuth } from "~/auth/auth.server";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { waitlistEntry } from "~/db/schema/waitlist";
import type { Config } from "~/lib/config.server";

// A first `npm start` also makes an admin, so a newcomer sees the admin area at once,
// and a few waitlist entries to look at there.

export const DEMO_ADMIN_EMAIL = "admin@vitrina.mk";

const DEMO_WAITLIST = [
  { email: "marija@example.mk", name: "Марија Петровска", storeName: "Бутик Марија", city: "Битола" },
  { email: "agim@example.mk", name: "Agim Rexhepi", storeName: "Market Agimi", city: "Тетово" },
  { email: "zlatko@example.mk", name: "Златко Стојанов", storeName: "Апарати Стојанов", city: "Куманово" },
];

export async function seedDemoAdmin(db: Db, config: Config): Promise<void> {
  const password = randomBytes(12).toString("base64url");
  const { user: admin } = await createAuth(db).api.signUpEmail({
    body: { name: "Администратор", email: DEMO_ADMIN_EMAIL, password },
  });
  await db.update(user).set({ role: "admin", emailVerified: true }).where(eq(user.id, admin.id));
  const credentials = `email: ${DEMO_ADMIN_EMAIL}\npassword: ${password}\n`;
  writeFileSync(path.join(config.dataDir, "admin-credentials.txt"), credentials, { mode: 0o600 });
  console.log(`Admin created (${config.baseUrl}/admin). Sign in with:\n${credentials}`);
  await db
    .insert(waitlistEntry)
    .values(DEMO_WAITLIST.map((entry) => ({ ...entry, source: "demo", locale: "mk" })))
    .onConflictDoNothing();
}
