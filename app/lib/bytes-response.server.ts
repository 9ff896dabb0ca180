/**
 * A Response whose body is these bytes themselves, never a copy (decision 0112). A Response made
 * from a Uint8Array copies it (undici's extractBody), and the compression middleware copies again
 * any chunk that is not a Buffer: two copies of a 20,000-product feed or PDF for every answer, the
 * longest part of the soak's event-loop stalls. A stream of the one Buffer is handed on as it is.
 */
export function bytesResponse(bytes: Buffer, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Length", String(bytes.byteLength));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(body, { ...init, headers });
}
