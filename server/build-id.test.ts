import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { BUILD_META_PREFIX, buildManifest, routeRuleFor } from "~/shell/app-manifest";
import { BUILD_ID_PATH } from "~/shell/build-id";
import { buildIdHandler, buildMetaHandler } from "./build-id";

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

describe("GET /builds/meta/{buildId}.json (decision 0079)", () => {
  const meta = path.join(dir, "meta");
  mkdirSync(meta, { recursive: true });
  writeFileSync(path.join(meta, "ab41c130.json"), JSON.stringify(buildManifest("ab41c130", 1)));

  async function askMeta(id: string) {
    const app = express();
    app.get(
      `${BUILD_META_PREFIX}:id.json`,
      buildMetaHandler({ dir: meta, runningId: async () => "running1" }),
    );
    const server = app.listen(0);
    try {
      const port = (server.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}${BUILD_META_PREFIX}${id}.json`);
      return {
        status: response.status,
        cacheControl: response.headers.get("cache-control"),
        body: (await response.json()) as Record<string, unknown>,
      };
    } finally {
      server.close();
    }
  }

  it("answers the build's route rule manifest, cached for a year (it never changes)", async () => {
    const answer = await askMeta("ab41c130");
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe("public, max-age=31536000, immutable");
    expect(answer.body.id).toBe("ab41c130");
    expect(routeRuleFor(answer.body as never, "/demo")).toEqual({
      access: "anyone",
      shared: true,
      cached: true,
    });
  });

  it("a build this server does not have is 404, uncached: the asking page is from an older build", async () => {
    const answer = await askMeta("0ld0b01d");
    expect(answer.status).toBe(404);
    expect(answer.cacheControl).toBe("no-store");
  });

  it("refuses an id that could name another file", async () => {
    for (const id of ["..%2Flatest", "%2e%2e", "a".repeat(65)])
      expect((await askMeta(id)).status, id).toBe(404);
  });

  it("the dev server (no files) answers its running build's", async () => {
    const answer = await askMeta("running1");
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe("running1");
  });
});
