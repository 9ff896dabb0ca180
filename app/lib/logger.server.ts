import pino from "pino";

// One JSON line per request (ARCHITECTURE.md). LOG_LEVEL=warn quiets tests and benchmarks.
export const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: undefined });
