import { createContext, useContext } from "react";

// The CSP nonce reaches <Scripts> through React context; in the browser it is empty.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export function useNonce(): string {
  return useContext(NonceContext);
}
