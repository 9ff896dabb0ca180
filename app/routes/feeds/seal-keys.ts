import { getSealKeys } from "~/features/seals/seal-keys.server";

/**
 * /.well-known/vitrina-seal-keys.json: the public keys of the daily seals as a JWKS (RFC 7517),
 * the active key first and retired keys still listed, so every seal ever made verifies (decision 0130).
 */
export function loader() {
  const keys = getSealKeys().published.map((key) => ({ ...key, use: "sig", alg: "EdDSA" }));
  return new Response(`${JSON.stringify({ keys }, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/jwk-set+json",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
