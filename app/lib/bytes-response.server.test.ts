import { describe, expect, it } from "vitest";
import { bytesResponse } from "./bytes-response.server";

describe("a response of held bytes", () => {
  it("hands on the Buffer itself, with its length and the given status and headers", async () => {
    const bytes = Buffer.from("Цени „Зеленгора“", "utf8");
    const answer = bytesResponse(bytes, { status: 201, headers: { "Content-Type": "text/plain" } });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("Content-Type")).toBe("text/plain");
    expect(answer.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.value).toBe(bytes);
    expect((await reader.read()).done).toBe(true);
  });

  it("reads whole as text", async () => {
    expect(await bytesResponse(Buffer.from("ајвар", "utf8")).text()).toBe("ајвар");
  });
});
