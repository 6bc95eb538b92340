import type { JsonSchema } from './json-schema.ts';

/** Who an operation admits, from its OpenAPI `security` (bearer: members and agents; operator: the console). */
export type Audience = 'public' | 'member' | 'operator';

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One operation of the OpenAPI document, in the form the fuzzer drives it. */
export interface Operation {
  /** "POST /api/wallet/agent-transfer", as printed in reports and skip lists. */
  id: string;
  method: string;
  path: string;
  audience: Audience;
  /** Served under the provider protocol (HMAC-signed vendor calls, its own error shape). */
  isProvider: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  body?: JsonSchema;
  bodyRequired: boolean;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export const PROVIDER_PREFIX = '/provider/';

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const pick = (where: string) =>
        parameters.filter((parameter) => parameter.in === where).map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {}, required: parameter.required === true || where === 'path' }));
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const audience: Audience = schemes.includes('operator') ? 'operator' : schemes.includes('bearer') ? 'member' : 'public';
      const json = operation.requestBody?.content?.['application/json'];
      return {
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        audience,
        isProvider: path.startsWith(PROVIDER_PREFIX),
        pathParams: pick('path'),
        queryParams: pick('query'),
        headerParams: pick('header'),
        body: json ? (json.schema ?? {}) : undefined,
        bodyRequired: operation.requestBody?.required === true,
      };
    }),
  );
}
