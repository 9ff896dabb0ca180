import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";

// The browser side of better-auth, used only for WebAuthn (passkeys need the browser's
// credential API); every other sign-in mode is a plain form posted to a route action.
export const authClient = createAuthClient({ basePath: "/api/auth", plugins: [passkeyClient()] });
