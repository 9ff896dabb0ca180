import { createContext } from "react-router";

/** The nonce that this response's Content-Security-Policy allows scripts with. */
export const cspNonceContext = createContext<string>("");
