import { z } from "zod";
import { API_SCOPES } from "~/db/schema/api-tokens";

export const API_TOKEN_NAME_MAX = 80;

/** Settings → API: a new token's name and scopes (messages are i18n keys). */
export const apiTokenSchema = z.object({
  name: z.string().trim().min(1, "validation:required").max(API_TOKEN_NAME_MAX, "validation:tooLong"),
  scopes: z.array(z.enum(API_SCOPES, "api:tokens.scopeInvalid")).min(1, "api:tokens.scopesRequired"),
});
export type ApiTokenInput = z.infer<typeof apiTokenSchema>;
