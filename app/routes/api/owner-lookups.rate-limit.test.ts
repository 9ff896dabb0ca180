import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, get, signedIn, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { loader as suggestAddresses } from "./address-suggestions";
import { loader as checkUsername } from "./username-availability";

// The forms' live lookups ask as the owner types. A signed-in account looping on them floods the
// geocoder behind address suggestions (Photon's operator limits us for everyone) or enumerates the
// taken store names: past 120 a minute per account, the answer is 429.
beforeAll(async () => {
  await startRouteDatabase();
});

async function statuses(url: string, loader: unknown, userId: string, times: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < times; i++) {
    answers.push(
      await statusOf(() => call(loader, { request: get(url), context: signedIn(userId), params: {} })),
    );
  }
  return answers;
}

describe("the owner's live lookups", () => {
  it("answers 120 address lookups a minute per account, then 429; another account is unaffected", async () => {
    const greedy = randomUUID();
    const answers = await statuses("/api/address-suggestions?q=Skopje", suggestAddresses, greedy, 125);
    expect(answers.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(answers.slice(120)).toEqual([429, 429, 429, 429, 429]);
    expect(await statuses("/api/address-suggestions?q=Skopje", suggestAddresses, randomUUID(), 1)).toEqual([
      200,
    ]);
  });

  it("answers 120 username checks a minute per account, then 429", async () => {
    const greedy = randomUUID();
    const answers = await statuses(
      "/api/username-availability?username=pekara-zito",
      checkUsername,
      greedy,
      122,
    );
    expect(answers.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(answers.slice(120)).toEqual([429, 429]);
    expect(
      await statuses("/api/username-availability?username=pekara-zito", checkUsername, randomUUID(), 1),
    ).toEqual([200]);
  });
});
