import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';

// Checks a real HTTP answer against an OpenAPI 3.1 document, as an API client generated from it would expect it: the
// operation exists, the status is documented, the content type is one the status documents, a JSON body validates
// against its schema (JSON Schema 2020-12, ajv), and every documented header that is present (or required) has a
// valid value. tests/support/api.ts runs it on every /retailer/v1 answer of the integration tests.

type Json = Record<string, any>;

export interface CheckedResponse {
  method: string;
  /** The request path, query string allowed. */
  path: string;
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text of a non-JSON one. */
  body: unknown;
}

/** A few formats, loosely (the schemas carry patterns for what matters); ajv refuses unknown formats. */
const FORMATS: Record<string, RegExp | ((value: string) => boolean)> = {
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  uri: (value) => URL.canParse(value),
  url: (value) => URL.canParse(value),
};

/** `#/components/schemas/X` becomes `#/$defs/X`, so that each schema carries the components it needs. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as Json).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', '#/$defs/') : rewriteRefs(v),
    ]),
  );
}

export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false, formats: FORMATS });
  private readonly compiled = new Map<unknown, ValidateFunction>();
  private readonly defs: Json;
  private readonly templates: { template: string; regex: RegExp }[];

  constructor(readonly doc: Json) {
    this.defs = rewriteRefs(doc.components?.schemas ?? {}) as Json;
    this.templates = Object.keys(doc.paths ?? {})
      .map((template) => ({
        template,
        regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
      }))
      // literal paths before templated ones (/checkouts/x before /checkouts/{id})
      .sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  }

  private resolve(node: Json | undefined): Json {
    let current = node ?? {};
    for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
      current = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<any>((n, key) => n?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
      if (!current) throw new Error(`OpenAPI: unresolvable ${String(node?.$ref)}`);
    }
    return current;
  }

  private validator(schema: Json): ValidateFunction {
    let fn = this.compiled.get(schema);
    if (!fn) {
      fn = this.ajv.compile({ ...(rewriteRefs(schema) as Json), $defs: this.defs });
      this.compiled.set(schema, fn);
    }
    return fn;
  }

  /** The path template of a request path, or undefined. */
  templateOf(path: string): string | undefined {
    const bare = path.split('?')[0]!;
    return this.templates.find((t) => t.regex.test(bare))?.template;
  }

  /** Whether the document has this method on this path. */
  hasOperation(method: string, path: string): boolean {
    const template = this.templateOf(path);
    return !!template && !!this.doc.paths[template]?.[method.toLowerCase()];
  }

  /** Every way the answer departs from the document (empty when it conforms). */
  problems(res: CheckedResponse): string[] {
    const template = this.templateOf(res.path);
    const op = template ? (this.doc.paths[template]?.[res.method.toLowerCase()] as Json | undefined) : undefined;
    if (!op) return [`${res.method} ${res.path} is not an operation of the document`];
    const responses = (op.responses ?? {}) as Record<string, Json>;
    const documented =
      responses[String(res.status)] ?? responses[`${String(res.status).charAt(0)}XX`] ?? responses.default;
    if (!documented)
      return [
        `status ${res.status} is not documented for ${res.method} ${template} (documented: ${Object.keys(responses).join(', ')})`,
      ];
    const response = this.resolve(documented);
    const out: string[] = [];

    for (const [name, raw] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = this.resolve(raw);
      const value = res.headers.get(name);
      if (value === null) {
        if (header.required) out.push(`header ${name} is required but missing`);
        continue;
      }
      const schema = this.resolve(header.schema);
      const typed =
        schema.type === 'integer' || schema.type === 'number'
          ? /^-?\d+(\.\d+)?$/.test(value)
            ? Number(value)
            : value
          : value;
      const check = this.validator(schema);
      if (!check(typed)) out.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(check.errors)}`);
    }

    const content = (response.content ?? {}) as Record<string, Json>;
    const types = Object.keys(content);
    if (!types.length) return out;
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const media = content[contentType];
    if (!media)
      return [
        ...out,
        `content type ${JSON.stringify(contentType)} is not documented for ${res.status} (documented: ${types.join(', ')})`,
      ];
    if (contentType.includes('json') && media.schema) {
      const check = this.validator(media.schema);
      if (!check(res.body)) {
        for (const e of check.errors ?? [])
          out.push(
            `body${e.instancePath.replace(/\//g, '.')} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
          );
      }
    }
    return out;
  }

  /** Throws a readable error listing the problems, if any. */
  assert(res: CheckedResponse): void {
    const found = this.problems(res);
    if (!found.length) return;
    throw new Error(
      `The answer to ${res.method} ${res.path} (${res.status}) does not match the OpenAPI document (fix the contract in machines/contracts/retailer-api.ts or the handler):\n  - ${found.slice(0, 20).join('\n  - ')}\nbody: ${JSON.stringify(res.body).slice(0, 2000)}`,
    );
  }
}
