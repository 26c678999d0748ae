/** Sorted streams merged into one, in order, taking only what the reader asks for: a binary heap of their heads. */
export interface Head<T> {
  item: T;
  rest: Iterator<T>;
}

export function* mergeSorted<T>(streams: Iterable<Iterator<T>>, before: (a: T, b: T) => boolean): Generator<T> {
  const heap: Array<Head<T>> = [];
  const less = (i: number, j: number) => before((heap[i] as Head<T>).item, (heap[j] as Head<T>).item);
  const swap = (i: number, j: number) => {
    const t = heap[i] as Head<T>;
    heap[i] = heap[j] as Head<T>;
    heap[j] = t;
  };
  const up = (i: number) => {
    for (let parent = (i - 1) >> 1; i > 0 && less(i, parent); i = parent, parent = (i - 1) >> 1) swap(i, parent);
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const smallest = [l, l + 1].filter((c) => c < heap.length).reduce((m, c) => (less(c, m) ? c : m), i);
      if (smallest === i) return;
      swap(i, smallest);
      i = smallest;
    }
  };
  for (const rest of streams) {
    const first = rest.next();
    if (first.done !== true) {
      heap.push({ item: first.value, rest });
      up(heap.length - 1);
    }
  }
  while (heap.length > 0) {
    const top = heap[0] as Head<T>;
    yield top.item;
    const next = top.rest.next();
    if (next.done !== true) top.item = next.value;
    else {
      heap[0] = heap[heap.length - 1] as Head<T>;
      heap.pop();
    }
    down(0);
  }
}
