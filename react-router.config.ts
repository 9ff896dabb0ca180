import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { writeBuildId } from "./server/write-build-id.ts";

export default {
  ssr: true,
  future: {
    v8_middleware: true,
  },
  // Decision 0053: the build's id, for the dashboards open in browsers to compare theirs with.
  async buildEnd({ reactRouterConfig }) {
    await writeBuildId(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
