import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { requestServed } from "./request-storages.server";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("stores other code has run", () => {
  it("are off once no request is served, and on again at their next run", async () => {
    // As better-auth's and React's are: made by a library, run by it, never disabled by it.
    const library = new AsyncLocalStorage<string>();
    library.enterWith("left on");
    expect(library.getStore()).toBe("left on");

    const ended = requestServed();
    expect(library.getStore()).toBe("left on");
    ended();
    expect(library.getStore()).toBeUndefined();

    await library.run("again", async () => {
      await tick();
      expect(library.getStore()).toBe("again");
    });
  });

  it("stay on while any request is still served, and an ending counted twice counts once", async () => {
    const library = new AsyncLocalStorage<string>();
    const first = requestServed();
    const second = requestServed();
    await library.run("in a request", async () => {
      first();
      first();
      await tick();
      expect(library.getStore()).toBe("in a request");
      second();
      expect(library.getStore()).toBeUndefined();
    });
  });

  it("are left off after a synchronous run outside any request, and kept through an awaiting one", async () => {
    // React finishes a render in a run() of its own once the answer has gone.
    const react = new AsyncLocalStorage<string>();
    react.run("late work", () => {
      expect(react.getStore()).toBe("late work");
    });
    react.enterWith("after it");
    expect(react.getStore()).toBe("after it");
    react.run("late work", () => undefined);
    expect(react.getStore()).toBeUndefined();

    // The demo seed signs up through better-auth at start, before any request.
    const auth = new AsyncLocalStorage<string>();
    const seen = await auth.run("sign-up", async () => {
      await tick();
      return auth.getStore();
    });
    expect(seen).toBe("sign-up");
  });
});
