import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The custom Express app (server/app.ts) is the SSR entry, so the server bundle holds one copy
// of the database, auth and router code (React Router's node-custom-server pattern).
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : undefined,
  ssr: {
    external: ["@electric-sql/pglite", "pg", "pino"],
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
