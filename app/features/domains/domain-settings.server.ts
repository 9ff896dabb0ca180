import { getDb } from "~/db/db.server";
import { getConfig } from "~/lib/config.server";
import { domainView, getStoreDomain, LAPSE_DAYS } from "./domain.server";

// Settings → Store, the store's own domain (decision 0133): what the section shows.

/** The store's domain, and what the owner sets at the registrar to point it at the platform. */
export async function domainSettingsView(storeId: string) {
  const config = getConfig();
  const domain = await getStoreDomain(getDb(), storeId);
  return {
    view: domain ? domainView(domain) : null,
    platformHost: new URL(config.baseUrl).hostname,
    // The A and AAAA values of an apex domain, when the operator set them (PLATFORM_IPV4/6).
    platformAddresses: config.platformAddresses,
    https: config.baseUrl.startsWith("https://"),
    lapseDays: LAPSE_DAYS,
  };
}
