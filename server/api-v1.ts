import type { NextFunction, Request, Response } from "express";
import { ApiProblem, problemResponse } from "~/features/api/problem";
import { BodyTooLarge, readLimited } from "./body-limit";

// Decision 0071: /api/v1 is mounted on Express before the form-post middleware (same-origin check,
// form body limit), which are for browsers: a POS posts JSON from its own server. The body is read
// here with its own limit (a 413 problem before more is read), then the fetch-style handler
// (app/features/api/api-handler.server.ts) answers (decision 0071).

type Handler = (request: globalThis.Request) => Promise<globalThis.Response>;

async function send(res: Response, answer: globalThis.Response) {
  res.status(answer.status);
  answer.headers.forEach((value, key) => {
    res.setHeader(key, value);
  });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

export function apiV1(handler: Handler, options: { limit: number }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const tooLarge = async () => {
          res.setHeader("Connection", "close");
          res.once("finish", () => req.destroy());
          await send(res, problemResponse(new ApiProblem("payload-too-large")));
        };
        if (Number(req.headers["content-length"] ?? 0) > options.limit) return await tooLarge();
        try {
          body = await readLimited(req, options.limit);
        } catch (error) {
          if (error instanceof BodyTooLarge) return await tooLarge();
          throw error;
        }
      }
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : value);
      }
      const url = new URL(req.originalUrl, `${req.protocol}://${req.headers.host ?? "localhost"}`);
      const request = new globalThis.Request(url, {
        method: req.method,
        headers,
        body: body && body.length > 0 ? new Uint8Array(body) : undefined,
      });
      await send(res, await handler(request));
    } catch (error) {
      next(error);
    }
  };
}
