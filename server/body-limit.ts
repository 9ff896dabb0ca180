import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { pointerOf } from "~/features/api/problem";
import { isStorableText, unstorableTextAt } from "~/lib/storable-text";
import { refuseInput } from "./input-guard";

// A request body is refused with 413 before it is read when its Content-Length is
// over the limit, and as soon as a streamed (chunked) body passes it; at most `limit` bytes are ever
// held. A body within the limit is read here, checked (a form action gets a form it can parse: no
// 500 from a malformed one, item 16) and handed on unchanged (decision 0021).

/** 1 MiB: far above any form of the application (the longest text field is a few KB). */
export const FORM_BODY_LIMIT = 1024 * 1024;

export type BodyRule = {
  /** Request paths this rule covers (exact, or a prefix ending in "/"). */
  paths: string[];
  limit: number;
  /** The 413 answer's JSON for a client that reads one (the image upload field). */
  tooLarge?: Record<string, unknown>;
  /**
   * Where a browser's form over the limit is sent instead (303), to a page that says why in its
   * language. A browser shows its own connection error, not the answer, when the connection closes
   * before it has sent the whole body, so a body up to `drainUpTo` bytes is read to its end and
   * thrown away (never held) before the answer; a bigger one is cut off like any other.
   */
  tooLargeLocation?: string;
  drainUpTo?: number;
};

type Options = {
  rules: BodyRule[];
  defaultLimit?: number;
  /** Paths whose bodies are not form posts (better-auth's JSON endpoints): size-checked only. */
  rawPaths?: string[];
};

const BUFFERED = Symbol("vitrina.bufferedBody");
type Buffered = IncomingMessage & { [BUFFERED]?: Buffer; body?: unknown };

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function matches(path: string, patterns: string[]): boolean {
  return patterns.some((pattern) => (pattern.endsWith("/") ? path.startsWith(pattern) : path === pattern));
}

export function bodyLimit({ rules, defaultLimit = FORM_BODY_LIMIT, rawPaths = [] }: Options) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const hasBody =
      req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    const raw = matches(req.path, rawPaths);
    if (!hasBody) {
      // Nothing to limit or read.
      if (raw || req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
      // No body at all is an empty form: DELETE /api/_auth/session passes, and a bodyless POST, PUT or
      // DELETE to a form action gets that action's answer (its validation, 405), never a 500.
      req.headers["content-type"] ??= "application/x-www-form-urlencoded";
    }
    const rule = rules.find((candidate) => matches(req.path, candidate.paths));
    const limit = rule?.limit ?? defaultLimit;
    const refuse = (status: number, reason: string) => {
      if (status === 413 && rule?.tooLargeLocation && rule.drainUpTo) {
        const location = rule.tooLargeLocation;
        const ceiling = rule.drainUpTo;
        if (Number(req.headers["content-length"] ?? 0) <= ceiling) {
          let drained = 0;
          req.on("data", (chunk: Buffer) => {
            drained += chunk.length;
            if (drained > ceiling) req.destroy();
          });
          req.once("end", () => res.redirect(303, location));
          req.resume();
          return;
        }
      }
      // The rest of the body is not read: the connection closes after the answer.
      res.setHeader("Connection", "close");
      if (status === 413 && rule?.tooLargeLocation) res.redirect(303, rule.tooLargeLocation);
      else if (status === 413 && rule?.tooLarge) res.status(413).json(rule.tooLarge);
      else res.status(status).type("text/plain").send(reason);
      res.once("finish", () => req.destroy());
    };
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return refuse(413, "Payload Too Large");
    // The media type compares without case; the boundary parameter must keep its own (Chromium's
    // "----WebKitFormBoundary…" has capitals).
    const type = String(req.headers["content-type"] ?? "");
    const mediaType = type.toLowerCase();
    if (
      !raw &&
      req.method !== "GET" &&
      req.method !== "HEAD" &&
      !FORM_TYPES.some((t) => mediaType.startsWith(t))
    )
      return refuse(415, "Unsupported Media Type");

    let body: Buffer;
    try {
      body = await readLimited(req, limit);
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuse(413, "Payload Too Large");
      return refuse(400, "Bad Request");
    }
    if (!raw && req.method !== "GET" && req.method !== "HEAD") {
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
      } catch {
        return refuse(400, "Bad Request");
      }
      // Decision 0121: a field the database could not store (a NUL) is refused before any action.
      const field = unstorableField(form);
      if (field !== null) return refuseInput(req, res, `#form/${field}`);
    }
    if (raw && mediaType.startsWith("application/json")) {
      const at = unstorableJsonAt(body);
      if (at !== null) return refuseInput(req, res, pointerOf("body", at));
    }
    (req as Buffered)[BUFFERED] = body;
    // better-auth reads an already-read body from `req.body` (better-call's node adapter).
    if (raw) (req as Buffered).body = body.toString("utf8");
    next();
  };
}

/** The name of the first form field whose name, text or file name is not storable text; null if none. */
function unstorableField(form: FormData): string | null {
  for (const [name, value] of form) {
    const text = typeof value === "string" ? value : value.name;
    // Named in the answer with its unprintable characters replaced.
    if (!isStorableText(name) || !isStorableText(text)) return name.replace(/[^\x20-\x7e]/g, "\ufffd");
  }
  return null;
}

/** Where a JSON body holds unstorable text; null when it does not, or is not JSON (its reader says so). */
function unstorableJsonAt(body: Buffer): (string | number)[] | null {
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  return unstorableTextAt(value);
}

export class BodyTooLarge extends Error {}

/** The whole body, or BodyTooLarge the moment more than `limit` bytes have arrived. */
export function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onError);
  });
}

/** Read-only stream members that React Router's adapter uses: answered from the buffered body. */
const STREAM_MEMBERS = new Set<PropertyKey>([
  "on",
  "once",
  "off",
  "addListener",
  "removeListener",
  "removeAllListeners",
  "emit",
  "pause",
  "resume",
  "read",
  "pipe",
  "unpipe",
  "destroy",
  "isPaused",
  "readable",
  "readableEnded",
  "readableFlowing",
  "readableHighWaterMark",
  "readableLength",
  "destroyed",
  Symbol.asyncIterator,
]);

/**
 * The request as the next handler should see it: when bodyLimit() has read the body, a view of
 * `req` whose stream replays those bytes; `req` itself otherwise.
 */
export function withReadBody<T extends IncomingMessage>(req: T): T {
  const body = (req as Buffered)[BUFFERED];
  if (!body) return req;
  const replay = Readable.from([body], { objectMode: false });
  return new Proxy(req, {
    get(target, key) {
      if (!STREAM_MEMBERS.has(key)) return Reflect.get(target, key, target);
      const value = Reflect.get(replay, key, replay);
      return typeof value === "function" ? value.bind(replay) : value;
    },
  });
}
