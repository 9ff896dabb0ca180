import { createContext } from "react";
import type { Locale } from "./config";
import type { Messages } from "./resources";

/**
 * On the server, entry.server provides every catalogue; in the browser the context is empty and the
 * catalogue loaded before hydration is used, so no catalogue is bundled into page scripts.
 */
export const ServerMessagesContext = createContext<Record<Locale, Messages> | null>(null);
