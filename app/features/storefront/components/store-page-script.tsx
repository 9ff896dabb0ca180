import { storePageScript } from "~/features/storefront/store-page-script";
import { useNonce } from "~/lib/nonce";

/** The public page's small inline script (decision 0128), with the page's CSP nonce. */
export function StorePageScript() {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, sent as its source text.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: storePageScript() }} />;
}
