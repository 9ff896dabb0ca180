import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { BUILD_ID_PATH } from "~/shell/build-id";
import { buildIdHandler } from "./build-id";

const dir = mkdtempSync(path.join(os.tmpdir(), "vitrina-build-id-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function ask(file: string) {
  const app = express();
  app.get(BUILD_ID_PATH, buildIdHandler({ file, runningId: async () => "running1" }));
  const server = app.listen(0);
  try {
    const port = (server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}${BUILD_ID_PATH}?t=${Date.now()}`);
    return {
      status: response.status,
      cacheControl: response.headers.get("cache-control"),
      body: await response.json(),
    };
  } finally {
    server.close();
  }
}

describe("GET /builds/latest.json", () => {
  it("answers the deployed build's id, never from a cache (no-store)", async () => {
    const file = path.join(dir, "latest.json");
    writeFileSync(file, JSON.stringify({ id: "ab41c130" }));
    const answer = await ask(file);
    expect(answer).toEqual({ status: 200, cacheControl: "no-store", body: { id: "ab41c130" } });
  });

  it("reads the file on every request: a build written in place is announced at once", async () => {
    const file = path.join(dir, "replaced.json");
    writeFileSync(file, JSON.stringify({ id: "old00001" }));
    expect((await ask(file)).body.id).toBe("old00001");
    writeFileSync(file, JSON.stringify({ id: "new00002" }));
    expect((await ask(file)).body.id).toBe("new00002");
  });

  it("without a build file (the dev server) or with a broken one, the running build's id", async () => {
    expect((await ask(path.join(dir, "missing.json"))).body).toEqual({ id: "running1" });
    const broken = path.join(dir, "broken.json");
    writeFileSync(broken, "<html>");
    const answer = await ask(broken);
    expect(answer.body).toEqual({ id: "running1" });
    expect(answer.cacheControl).toBe("no-store");
  });
});
