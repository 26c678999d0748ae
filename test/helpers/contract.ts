/**
 * Holds every answer an HTTP suite receives to the served OpenAPI document: the status is one
 * the operation documents, every required header is there and every declared header present has
 * the declared shape, and the body is valid against the documented schema (Ajv). Installed on
 * every test app by the harness, so the document cannot drift from the server again.
 */
import { AssertionError } from 'node:assert';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type FormatsPlugin = typeof addFormatsModule.default;
const wrapped = addFormatsModule as unknown as { default?: FormatsPlugin };
const addFormats: FormatsPlugin = wrapped.default ?? (addFormatsModule as unknown as FormatsPlugin);

type JsonObject = Record<string, unknown>;
interface Operation {
  responses: Record<string, JsonObject>;
}
interface Delivery {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonObject }>;
  requestBody?: { content: Record<string, { schema?: JsonObject }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post?: Delivery }>;
  components: { schemas: JsonObject; responses?: Record<string, JsonObject>; headers?: Record<string, JsonObject> };
  servers: Array<{ url: string }>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `$ref`s into the document's own components point into the schema registered as `doc`. */
function rebased(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebased);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `doc${value}` : key === 'examples' || key === 'example' ? value : rebased(value);
  }
  return out;
}

export class ContractChecker {
  readonly #ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  readonly #compiled = new Map<string, ValidateFunction>();
  readonly #templates: Array<{ pattern: RegExp; path: string }>;

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly prefix: string,
  ) {
    addFormats(this.#ajv);
    this.#ajv.addSchema({ $id: 'doc', components: { schemas: doc.components.schemas } });
    this.#templates = Object.keys(doc.paths).map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    }));
  }

  #resolve(node: JsonObject, kind: 'responses' | 'headers'): JsonObject {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    const name = ref.slice(`#/components/${kind}/`.length);
    const target = this.doc.components[kind]?.[name];
    if (!target) throw new AssertionError({ message: `the document refers to ${ref}, which it does not hold` });
    return target;
  }

  #validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#ajv.compile(rebased(schema) as object);
      this.#compiled.set(key, validate);
    }
    return validate;
  }

  /** Throws an AssertionError when a webhook delivery (headers and raw body) is not what the document's `webhooks` entry says. */
  checkDelivery(event: string, headers: Record<string, string | string[] | undefined>, body: string): void {
    const operation = this.doc.webhooks?.[event]?.post;
    const fail = (message: string): never => {
      throw new AssertionError({ message: `delivery not as documented: ${event}: ${message}\nbody: ${body.slice(0, 500)}` });
    };
    if (!operation) fail('no webhooks entry');
    for (const p of operation!.parameters ?? []) {
      if (p.in !== 'header') continue;
      const value = headers[p.name.toLowerCase()];
      if (value === undefined) {
        if (p.required) fail(`required header ${p.name} is missing`);
        continue;
      }
      const validate = this.#validator(`webhook header ${p.name}`, p.schema ?? {});
      if (!validate(String(value))) fail(`header ${p.name}: ${this.#ajv.errorsText(validate.errors)}`);
    }
    const schema = operation!.requestBody?.content['application/json']?.schema;
    if (!schema) fail('no application/json body declared');
    const validate = this.#validator(`webhook ${event}`, schema);
    if (!validate(JSON.parse(body))) fail(`body: ${this.#ajv.errorsText(validate.errors, { separator: '; ' })}`);
  }

  /** Throws an AssertionError naming the operation when the answer is not what the document says. */
  check(method: string, url: string, res: LightMyRequestResponse): void {
    const verb = method.toLowerCase();
    if (!METHODS.has(verb)) return;
    // Dot segments are resolved as the server resolves them: /contacts/. is /contacts/.
    const raw = new URL(url.split('?')[0] ?? '', 'http://localhost').pathname;
    let path: string;
    try {
      path = decodeURI(raw);
    } catch {
      path = raw;
    }
    if (!path.startsWith(this.prefix)) return;
    const relative = path.slice(this.prefix.length) || '/';
    const template = this.#templates.find((t) => t.pattern.test(relative));
    const operation = template && this.doc.paths[template.path]?.[verb];
    // Paths and methods the document does not list (404, 405, the docs pages) have no contract.
    if (!template || !operation) return;
    const where = `${method.toUpperCase()} ${template.path} → ${res.statusCode}`;
    const fail = (message: string): never => {
      throw new AssertionError({ message: `answer not as documented: ${where}: ${message}\nbody: ${res.body.slice(0, 500)}` });
    };
    const status = String(res.statusCode);
    const documented = operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!documented) fail(`status not documented (documented: ${Object.keys(operation.responses).join(', ')})`);
    const answer = this.#resolve(documented as JsonObject, 'responses');

    for (const [name, declared] of Object.entries(isObject(answer.headers) ? answer.headers : {})) {
      const header = this.#resolve(declared as JsonObject, 'headers');
      const value = res.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required === true) fail(`required header ${name} is missing`);
        continue;
      }
      const schema = (header.schema ?? {}) as JsonObject;
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      const typed = schema.type === 'integer' || schema.type === 'number' ? (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text) : text;
      const validate = this.#validator(`header ${name} ${JSON.stringify(schema)}`, schema);
      if (!validate(typed)) fail(`header ${name}: ${JSON.stringify(text)} ${this.#ajv.errorsText(validate.errors)}`);
    }

    const content = isObject(answer.content) ? answer.content : undefined;
    if (!content) {
      if (res.body !== '') fail('a body where the document declares none');
      return;
    }
    const media = content['application/json'];
    if (!isObject(media)) fail(`no application/json content declared (${Object.keys(content).join(', ')})`);
    if (!/^application\/json/.test(String(res.headers['content-type']))) fail(`content-type ${String(res.headers['content-type'])}`);
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      fail('the body is not JSON');
    }
    const validate = this.#validator(`${verb} ${template.path} ${status}`, (media as JsonObject).schema ?? {});
    if (!validate(body)) fail(`body: ${this.#ajv.errorsText(validate.errors, { separator: '; ' })}`);
  }
}

/** Wraps app.inject so every answer it returns has been checked against the document the app serves. */
export async function checkEveryAnswer(app: FastifyInstance, prefix: string): Promise<ContractChecker> {
  const served = await app.inject({ method: 'GET', url: `${prefix}/openapi.json` });
  const checker = new ContractChecker(served.json() as OpenApiDocument, prefix);
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const res = await inject(options);
    const opts: InjectOptions = typeof options === 'string' ? { url: options } : options;
    const url = typeof opts.url === 'string' ? opts.url : (opts.path as string | undefined) ?? '/';
    checker.check(String(opts.method ?? 'GET'), url, res);
    return res;
  };
  Object.defineProperty(app, 'inject', { value: checked, configurable: true, writable: true });
  return checker;
}
