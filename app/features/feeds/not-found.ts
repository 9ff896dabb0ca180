import { problemBody } from "~/features/api/problem";

/**
 * The answer for a price list file that does not exist (no such store, point of sale or day): a 404
 * that a program can read, never a 200-looking `null`. A JSON file answers problem details
 * (RFC 9457), as the REST API does; a CSV or PDF file answers plain text.
 */
export function feedNotFound(fileName: string): Response {
  if (fileName.endsWith(".json")) {
    return new Response(JSON.stringify(problemBody("not-found")), {
      status: 404,
      headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store" },
    });
  }
  return new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
