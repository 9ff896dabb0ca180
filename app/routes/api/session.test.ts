import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { sessionContext } from "~/auth/session.server";
import { statusOf } from "../../../tests/support/route-harness";
import * as sessionRoute from "./session";

// The session call, made by every page a cache served (decision 0055): a stranger can call it, so
// one address is capped at 300 a minute; the page reads a refusal as the empty session.

type Args = { request: Request; context: unknown; params: Record<string, string> };
const ask = (address: string) => {
  const context = new RouterContextProvider();
  context.set(sessionContext, null);
  const request = new Request("http://localhost/api/_auth/session", {
    headers: { "x-vitrina-client-ip": address },
  });
  return (sessionRoute.loader as unknown as (args: Args) => Promise<unknown>)({
    request,
    context,
    params: {},
  });
};

describe("GET /api/_auth/session", () => {
  it("answers 300 calls a minute from one address, then 429, and another address still", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 301; i++) statuses.push(await statusOf(() => ask("198.51.100.7")));
    expect(statuses.slice(0, 300).every((status) => status === 200)).toBe(true);
    expect(statuses[300]).toBe(429);
    expect(await statusOf(() => ask("198.51.100.8"))).toBe(200);
  });
});
