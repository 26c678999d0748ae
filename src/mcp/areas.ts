/**
 * The OpenAPI document cut per area (its tags: crm, tasks, …) for the bizplat://openapi/{area}
 * resources: each holds the area's operations and the components they reference, so an agent reads
 * the whole contract of what it works on without the rest of the API. bizplat://openapi is their
 * index: the document's introduction and the areas.
 */
import { isObject, objectOf } from './schemas.ts';

type Json = Record<string, unknown>;

export const OPENAPI_URI = 'bizplat://openapi';
export const areaUri = (area: string): string => `${OPENAPI_URI}/${area}`;

/** Every `#/components/{kind}/{name}` that `value` references. */
function references(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) references(item, found);
  else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/')) found.add(inner);
      else references(inner, found);
    }
  }
  return found;
}

/** The components `root` needs, with the ones they need in turn. */
function componentsFor(root: unknown, components: Json): Json {
  const picked: Record<string, Json> = {};
  const pending = [...references(root, new Set())];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const ref = pending.pop();
    if (ref === undefined || seen.has(ref)) continue;
    seen.add(ref);
    const [kind, name] = ref.slice('#/components/'.length).split('/');
    if (kind === undefined || name === undefined) continue;
    const value = objectOf(components[kind])[name];
    if (value === undefined) continue;
    (picked[kind] ??= {})[name] = value;
    for (const next of references(value, new Set())) if (!seen.has(next)) pending.push(next);
  }
  return picked;
}

/**
 * `value` without what an agent does not act on: examples, and the headers every answer carries
 * (request id, rate limit: the index's introduction says them once).
 */
function lean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lean);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'example' && key !== 'examples' && key !== 'headers').map(([key, inner]) => [key, lean(inner)]));
}

function tagsOf(operation: unknown): string[] {
  const tags = objectOf(operation).tags;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

export interface Areas {
  index: Json;
  documents: Map<string, Json>;
}

/** The document's areas, each a document of its own, and the index of them. */
export function areasOf(document: Json): Areas {
  const paths = objectOf(document.paths);
  const components = objectOf(document.components);
  const tags = Array.isArray(document.tags) ? document.tags.filter(isObject) : [];
  const documents = new Map<string, Json>();
  for (const tag of tags) {
    const area = typeof tag.name === 'string' ? tag.name : undefined;
    if (area === undefined) continue;
    const areaPaths: Record<string, Json> = {};
    for (const [path, item] of Object.entries(paths)) {
      const operations = Object.entries(objectOf(item)).filter(([, operation]) => tagsOf(operation).includes(area));
      if (operations.length > 0) areaPaths[path] = objectOf(lean(Object.fromEntries(operations)));
    }
    if (Object.keys(areaPaths).length === 0) continue;
    const securitySchemes = objectOf(components.securitySchemes);
    documents.set(area, {
      openapi: document.openapi,
      info: { ...objectOf(document.info), description: tag.description },
      servers: document.servers,
      security: document.security,
      tags: [tag],
      paths: areaPaths,
      components: { ...objectOf(lean(componentsFor(areaPaths, components))), securitySchemes },
    });
  }
  const index = {
    openapi: document.openapi,
    info: document.info,
    servers: document.servers,
    areas: tags.filter((tag) => typeof tag.name === 'string' && documents.has(tag.name)).map((tag) => ({ name: tag.name, description: tag.description, uri: areaUri(String(tag.name)) })),
  };
  return { index, documents };
}
