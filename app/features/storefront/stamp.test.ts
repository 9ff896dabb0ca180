import { describe, expect, it } from "vitest";
import { getFixedT } from "~/i18n/i18n.server";
import { priceStampOf, stampText } from "./stamp";

// One stamp for the page, its description and the PDF.
const t = getFixedT("en");
const now = new Date("2026-11-21T10:00:00Z"); // 11:00 in Skopje

describe("the price stamp", () => {
  it("says today's confirmation with its time, an older one with its date, none as never", () => {
    const today = priceStampOf({ confirmedAt: new Date("2026-11-21T07:12:00Z") }, now);
    expect(today).toEqual({ confirmedAt: "2026-11-21T07:12:00.000Z", today: true });
    expect(stampText(t, today, "en")).toContain("08:12");
    const older = priceStampOf({ confirmedAt: "2026-11-19T07:12:00Z" }, now);
    expect(older?.today).toBe(false);
    expect(stampText(t, older, "en")).not.toContain("08:12");
    expect(stampText(t, null, "en")).toBe(t("pricelist:stamp.never"));
  });

  it("counts days in Skopje: 23:30 UTC is already tomorrow there", () => {
    const lateNight = priceStampOf({ confirmedAt: "2026-11-20T23:30:00Z" }, now);
    expect(lateNight?.today).toBe(true);
  });

  it("uses the day a confirmation row names when the caller has it", () => {
    expect(priceStampOf({ confirmedAt: "2026-11-21T07:00:00Z", day: "2026-11-20" }, now)?.today).toBe(false);
  });
});
