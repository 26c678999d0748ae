/**
 * Serialized answers kept by what they depend on: a key naming the request (organization,
 * collection, query, who may see what) and the collection's change counter when the answer was
 * made, with its ETag. An entry is used only while the counter is still the same, so it is exactly
 * the answer a read would give now (the same rule that makes a 304 safe). Bounded by the total
 * length of the bodies; least recently used entries go first.
 */
export interface CachedAnswer {
  tag: string;
  body: string;
}

export class ResponseCache {
  readonly #entries = new Map<string, CachedAnswer & { counter: number }>();
  #bytes = 0;
  /** The key at the young end of #entries (the last one set or moved there). */
  #youngest: string | undefined;

  constructor(private readonly maxBytes: number) {}

  get(key: string, counter: number): CachedAnswer | undefined {
    const hit = this.#entries.get(key);
    if (hit === undefined) return undefined;
    if (hit.counter !== counter) {
      this.#entries.delete(key);
      this.#bytes -= hit.body.length;
      if (key === this.#youngest) this.#youngest = undefined;
      return undefined;
    }
    // Clients polling one record or page hit the youngest entry: it stays where it is.
    if (key !== this.#youngest) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      this.#youngest = key;
    }
    return hit;
  }

  set(key: string, counter: number, tag: string, body: string): void {
    if (body.length > this.maxBytes / 8) return;
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= old.body.length;
    }
    this.#entries.set(key, { counter, tag, body });
    this.#youngest = key;
    this.#bytes += body.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.body.length;
    }
  }
}
