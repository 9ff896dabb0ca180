import { createContext } from "react-router";

/** The nonce that this response's Content-Security-Policy allows scripts with. */
export const cspNonceContext = createContext<string>("");

/**
 * Decision 0133: the store's own domain this request came in on (server/custom-domains.ts), or null on
 * the platform's host.
 */
export const customDomainContext = createContext<{
  domain: string;
  username: string;
  storeId: string;
} | null>(null);
