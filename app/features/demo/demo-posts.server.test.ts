import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listPosts, listPublicPosts } from "~/features/posts/post.server";
import { databaseOfItsOwnForThisFile } from "../../../tests/support/test-db";
import { seedDemoForTest } from "./demo.test-support";

process.env.VITRINA_NOW = "2026-11-20T11:00:00Z";
process.env.BASE_URL = "http://localhost:3000";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "vitrina-demo-posts-"));

const database = databaseOfItsOwnForThisFile();

describe("the demo store's posts", () => {
  it("a visitor sees three published posts, newest first; the owner also sees a draft", async () => {
    const seeded = await seedDemoForTest(database.db);
    if (!seeded) return;
    const { posts, total } = await listPublicPosts(database.db, seeded.storeId, "2026-11-20", 10);
    expect(total).toBe(3);
    expect(posts.map((post) => post.publishOn)).toEqual(["2026-11-18", "2026-11-11", "2026-10-31"]);
    expect(posts[0]?.title).toBe("Нови цени на млечните производи");
    const own = await listPosts(seeded.ctx, 1);
    expect(JSON.stringify(own)).toContain("Викенд акција (нацрт)");
  });
});
