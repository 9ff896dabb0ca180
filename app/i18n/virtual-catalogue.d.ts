// Modules made by vite.config.ts (catalogueParts): one part of one language's catalogue.
declare module "virtual:catalogue/*" {
  export const messages: Record<string, Record<string, unknown>>;
}
