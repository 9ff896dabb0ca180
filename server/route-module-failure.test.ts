import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { patchRouteModuleFailure } from "./route-module-failure";

// React Router's browser code as this checkout installs it: the patch must find its reload.
const DIST = path.resolve("node_modules/react-router/dist/production");

describe("React Router's route-module failure goes through the chunk guard", () => {
  it("finds loadRouteModule's reload in the installed react-router and calls the guard first", () => {
    const file = readdirSync(DIST)
      .filter((name) => name.endsWith(".mjs"))
      .map((name) => readFileSync(path.join(DIST, name), "utf8"))
      .find((code) => code.includes("Error loading route module"));
    expect(file).toBeDefined();
    const patched = patchRouteModuleFailure(file!);
    expect(patched).not.toBeNull();
    const block = patched!.slice(patched!.indexOf("Error loading route module"));
    const hook = block.indexOf("window.__vitrinaRouteModuleFailed(error)");
    expect(hook).toBeGreaterThan(-1);
    expect(hook).toBeLessThan(block.indexOf("window.location.reload();"));
  });

  it("leaves other code alone", () => {
    expect(patchRouteModuleFailure("window.location.reload();")).toBeNull();
  });
});
