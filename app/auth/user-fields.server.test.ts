import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "~/db/schema/auth";
import { authOverHttpForThisFile } from "../../tests/support/auth-http";
import { uniqueEmail } from "./test-helpers";

// Decision 0092: what a user may set about themselves through better-auth's own endpoints, replayed
// over HTTP against the real handler. The language is one of mk, en, sq; the role, the ban, the
// proven address and the onboarding flag are never the user's to set.

const { database, t, http } = authOverHttpForThisFile();

async function row(email: string) {
  const [found] = await database.db
    .select({
      name: user.name,
      image: user.image,
      locale: user.locale,
      role: user.role,
      banned: user.banned,
      emailVerified: user.emailVerified,
      onboarded: user.onboarded,
    })
    .from(user)
    .where(eq(user.email, email));
  return found ?? null;
}

describe("/update-user sets nothing", () => {
  it("a signed-in owner cannot set a language outside mk/en/sq, nor role, ban, proof, onboarding, name or image", async () => {
    const owner = await t.register(uniqueEmail("fields"));
    const before = await row(owner.email);
    expect(before).toMatchObject({ locale: "mk", role: "user", emailVerified: true, onboarded: false });
    const attempts: Record<string, unknown>[] = [
      { locale: "xx" },
      { locale: "<script>alert(1)</script>" },
      { locale: "en" },
      { role: "admin" },
      { banned: true },
      { emailVerified: false },
      { onboarded: true },
      { name: "x".repeat(100_000) },
      { image: "https://tracker.example/pixel.png" },
    ];
    for (const body of attempts) {
      const answer = await http.call("/update-user", body, { cookie: owner.cookie });
      expect(answer.status, JSON.stringify(body).slice(0, 60)).not.toBe(200);
    }
    expect(await row(owner.email)).toEqual(before);
  });
});

describe("an account is created with a language of mk, en or sq only", () => {
  it("a password sign-up with another language is refused and makes no account", async () => {
    for (const locale of ["xx", "<b>mk</b>", "", "MK", 42]) {
      const email = uniqueEmail("signup-locale");
      const answer = await http.call("/sign-up/email", {
        email,
        password: "Tr1cky-horse-battery",
        name: "Owner",
        locale,
      });
      expect(answer.status, String(locale)).toBe(400);
      expect(await row(email)).toBeNull();
    }
    const email = uniqueEmail("signup-en");
    const answer = await http.call("/sign-up/email", {
      email,
      password: "Tr1cky-horse-battery",
      name: "Owner",
      locale: "sq",
    });
    expect(answer.status).toBe(200);
    expect(await row(email)).toMatchObject({ locale: "sq", role: "user", emailVerified: false });
  });

  it("a sign-up cannot make itself an admin, proven or onboarded", async () => {
    const admin = uniqueEmail("signup-role");
    const refused = await http.call("/sign-up/email", {
      email: admin,
      password: "Tr1cky-horse-battery",
      name: "Owner",
      role: "admin",
    });
    expect(refused.status).toBe(400);
    expect(await row(admin)).toBeNull();
    const email = uniqueEmail("signup-fields");
    await http.call("/sign-up/email", {
      email,
      password: "Tr1cky-horse-battery",
      name: "Owner",
      emailVerified: true,
      banned: false,
      onboarded: false,
    });
    expect(await row(email)).toMatchObject({ role: "user", emailVerified: false, onboarded: false });
  });

  it("a sign-up's name is at most 255 characters and it sets no image", async () => {
    for (const extra of [
      { name: "x".repeat(256) },
      { name: "Owner", image: "https://tracker.example/pixel.png" },
      { name: { first: "Owner" } },
    ]) {
      const email = uniqueEmail("signup-profile");
      const answer = await http.call("/sign-up/email", { email, password: "Tr1cky-horse-battery", ...extra });
      expect(answer.status, JSON.stringify(extra).slice(0, 60)).toBe(400);
      expect(await row(email)).toBeNull();
    }
    const email = uniqueEmail("code-profile");
    await http.call("/email-otp/send-verification-otp", { email, type: "sign-in" });
    const refused = await http.call("/sign-in/email-otp", {
      email,
      otp: t.lastCode(email),
      name: "x".repeat(10_000),
    });
    expect(refused.status).toBe(400);
    expect(await row(email)).toBeNull();
  });

  it("a code sign-in that creates the account refuses another language too", async () => {
    const email = uniqueEmail("code-locale");
    await http.call("/email-otp/send-verification-otp", { email, type: "sign-in" });
    const refused = await http.call("/sign-in/email-otp", { email, otp: t.lastCode(email), locale: "xx" });
    expect(refused.status).toBe(400);
    expect(await row(email)).toBeNull();
  });
});

describe("an old bad language in the database", () => {
  it("mails in Macedonian instead of failing", async () => {
    const owner = await t.register(uniqueEmail("old-locale"));
    await database.db.update(user).set({ locale: "xx" }).where(eq(user.email, owner.email));
    const sent = await http.call("/email-otp/send-verification-otp", { email: owner.email, type: "sign-in" });
    expect(sent.status).toBe(200);
    const mail = t.outbox.filter((m) => m.to === owner.email).at(-1);
    expect(mail?.subject).toMatch(/^Вашиот код за најава на Витрина: \d{6}$/);
    expect(mail?.html).toContain('<html lang="mk">');
  });
});
