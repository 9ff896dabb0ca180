import { openApiDocument } from "./openapi.server";

// Decision 0072: the dashboard's API reference, read from the generated OpenAPI document itself (not a
// second description), so the page shows exactly what /api/v1/openapi.json promises.

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type MediaType = { schema?: JsonSchema };
type OperationObject = {
  operationId: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
};

export type ReferenceOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  scope: string;
  parameters: { name: string; in: string; required: boolean; type: string; description: string | null }[];
  requestBody: string | null;
  responses: { status: string; description: string; schema: string | null }[];
};

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return "";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").at(-1)!;
  if (Array.isArray(schema.enum)) return schema.enum.join(" | ");
  const type = schema.type;
  const format = typeof schema.format === "string" ? ` (${schema.format})` : "";
  return `${Array.isArray(type) ? type.join(" | ") : String(type ?? "")}${format}`;
}

const pretty = (schema: JsonSchema | undefined) => (schema ? JSON.stringify(schema, null, 2) : null);

export function apiReference(origin: string) {
  const document = openApiDocument(origin) as unknown as {
    servers: { url: string }[];
    info: { description: string };
    paths: Record<string, Record<string, OperationObject>>;
    components: { schemas: Record<string, JsonSchema> };
  };
  const operations: ReferenceOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? "",
        description: operation.description ?? null,
        scope: operation.security?.[0]?.bearer?.[0] ?? "",
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: Boolean(parameter.required),
          type: typeOf(parameter.schema),
          description: parameter.description ?? (parameter.schema?.description as string | undefined) ?? null,
        })),
        requestBody: pretty(operation.requestBody?.content["application/json"]?.schema),
        responses: Object.entries(operation.responses).map(([status, response]) => ({
          status,
          description: response.description,
          schema: typeOf(Object.values(response.content ?? {})[0]?.schema) || null,
        })),
      });
    }
  }
  return {
    server: document.servers[0]!.url,
    description: document.info.description,
    operations,
    schemas: Object.entries(document.components.schemas).map(([name, schema]) => ({
      name,
      json: JSON.stringify(schema, null, 2),
    })),
  };
}
