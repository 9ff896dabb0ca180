import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { storeAddress } from "~/features/domains/domain-directory.server";
import type { FormValues } from "~/lib/action-result";
import { getConfig } from "~/lib/config.server";
import { flashHeaders } from "~/lib/flash.server";
import { handleAction } from "~/lib/route-adapter.server";
import type { StoreContext } from "~/lib/service-context";
import { EMBED_ORIGINS_INTENT } from "./components/embed-settings";
import { getEmbedOrigins, setEmbedOrigins } from "./embed-origins.server";
import { PREVIEW_PARAM } from "./embed-page.server";

// Settings → Store, the embeddable list (decision 0136): what the section shows, and its save.

/** The declared origins, the snippet's addresses and the preview's. */
export async function embedSettingsView(store: { id: string; username: string }) {
  const address = storeAddress(store.username, getConfig().baseUrl);
  return {
    origins: await getEmbedOrigins(getDb(), store.id),
    storeUrl: address,
    embedUrl: `${address}/embed`,
    // On this origin (the one the preview is framed by), never the store's own domain.
    previewUrl: `/${store.username}/embed?${PREVIEW_PARAM}=1`,
  };
}

/** Saves the signed-in owner's origins (the store is the session's, never a posted id). */
export function embedOriginsAction(ctx: StoreContext, values: FormValues) {
  return handleAction(
    async () => {
      await setEmbedOrigins(ctx, values.embedOrigins ?? "");
      return redirect("/dashboard/settings/store#embed", {
        headers: flashHeaders("storeSettings:embed.saved"),
      });
    },
    { intent: EMBED_ORIGINS_INTENT, values, fallback: "embedSaveFailed" },
  );
}
