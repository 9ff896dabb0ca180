import { verifyDropScript } from "~/features/seals/verify-drop-script";
import { useNonce } from "~/lib/nonce";

/** /verify's drop zone (progressive enhancement), with the page's CSP nonce. */
export function VerifyDropScript() {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, sent as its source text.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: verifyDropScript() }} />;
}
