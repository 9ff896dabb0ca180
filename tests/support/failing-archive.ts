import { vi } from "vitest";
import type * as Snapshot from "~/features/feeds/snapshot.server";

// The price-list archive with a switch that makes its write fail, to prove what the owner is told
// when a confirmation fails. In a test file:
//   vi.mock("~/features/feeds/snapshot.server", async () => (await import("…/failing-archive")).failingArchive());
//   import { archive } from "…/failing-archive";   …   archive.fail = true;

export const archive = { fail: false };

/** snapshot.server as it is, but for archivePriceList, which throws "disk full" while archive.fail. */
export async function failingArchive(): Promise<typeof Snapshot> {
  const actual = await vi.importActual<typeof Snapshot>("~/features/feeds/snapshot.server");
  return {
    ...actual,
    archivePriceList: async (...args) => {
      if (archive.fail) throw new Error("disk full");
      return actual.archivePriceList(...args);
    },
  };
}
