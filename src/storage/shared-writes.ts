import type { Tx } from './storage.ts';

/** Inputs gathered to share statements: add() says whether one more may join (and then takes it). */
export interface SharingGroup<I> {
  add(input: I): boolean;
}

/**
 * A write that requests arriving together may make with shared statements (see Storage.shared).
 * `one` is the whole use case for one input in the caller's transaction, with every answer it
 * gives (refusals included); `many` writes several inputs with as few statements as it can and
 * returns one result per input, in order, or throws when any of them cannot be written: they
 * are then each written by `one`, alone. `many` must leave every input exactly as `one` would.
 */
export interface SharedWrite<I, O> {
  one(tx: Tx, input: I): Promise<O>;
  many(tx: Tx, inputs: I[]): Promise<O[]>;
  /** A new group of inputs whose statements may be shared; by default any inputs may. */
  group?(): SharingGroup<I>;
}

type Transaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** Inputs sharing one transaction at most. */
const MAX_SHARED = 64;

/**
 * Transactions of one shared write under way at once. Writes of one moment mostly touch the same
 * rows and would wait on each other's locks anyway; inputs arriving meanwhile wait instead and go
 * out together in the next transaction. Two keep one executing while the next is on its way.
 */
const UNDER_WAY = 2;

interface Pending<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Storage.shared over a storage's own transactions: one queue per shared write. Inputs of one
 * turn of the event loop (or of the time the transactions under way take) are split into groups
 * that may share statements; a group is written by `many` in one transaction. If that fails,
 * nothing of it stays, and each input is written by `one` in a transaction of its own, so a
 * refused input fails alone and gets its own answer. Nobody is answered before the
 * transaction that holds their write has committed (durably: see transaction()).
 */
export function sharedWrites(transaction: Transaction): <I, O>(write: SharedWrite<I, O>, input: I) => Promise<O> {
  const queues = new Map<object, (input: unknown) => Promise<unknown>>();
  return <I, O>(write: SharedWrite<I, O>, input: I): Promise<O> => {
    let enqueue = queues.get(write);
    if (!enqueue) {
      enqueue = writeQueue(write, transaction) as (input: unknown) => Promise<unknown>;
      queues.set(write, enqueue);
    }
    return enqueue(input) as Promise<O>;
  };
}

function writeQueue<I, O>(write: SharedWrite<I, O>, transaction: Transaction): (input: I) => Promise<O> {
  let queue: Array<Pending<I, O>> = [];
  let scheduled = false;
  let underWay = 0;

  const flush = () => {
    scheduled = false;
    if (underWay >= UNDER_WAY || queue.length === 0) return;
    const groups = sharingGroups(write, queue);
    const sent = groups.slice(0, UNDER_WAY - underWay);
    // Those left over go first next time, grouped again together with the next arrivals.
    queue = groups.slice(sent.length).flat();
    for (const group of sent) {
      underWay += 1;
      void writeGroup(write, transaction, group).finally(() => {
        underWay -= 1;
        flush();
      });
    }
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

/** First fit, in arrival order. */
function sharingGroups<I, O>(write: SharedWrite<I, O>, pending: Array<Pending<I, O>>): Array<Array<Pending<I, O>>> {
  const groups: Array<{ members: Array<Pending<I, O>>; sharing: SharingGroup<I> | undefined }> = [];
  for (const p of pending) {
    const fit = groups.find((g) => g.members.length < MAX_SHARED && (g.sharing?.add(p.input) ?? true));
    if (fit) {
      fit.members.push(p);
      continue;
    }
    const sharing = write.group?.();
    sharing?.add(p.input);
    groups.push({ members: [p], sharing });
  }
  return groups.map((g) => g.members);
}

async function writeGroup<I, O>(write: SharedWrite<I, O>, transaction: Transaction, group: Array<Pending<I, O>>): Promise<void> {
  let refused = false;
  try {
    const results = await transaction(async (tx) => {
      refused = false;
      try {
        const written = await write.many(tx, group.map((p) => p.input));
        if (written.length !== group.length) throw new Error('a shared write returned a result count unlike its input count');
        return written;
      } catch (error) {
        refused = true;
        throw error;
      }
    });
    group.forEach((p, i) => p.resolve(results[i]!));
    return;
  } catch (error) {
    // A failed commit may have written everything: only a refusal is tried again, input by input.
    if (!refused) {
      for (const p of group) p.reject(error);
      return;
    }
  }
  // Each in a transaction of its own: one transaction taking the locks of several inputs one
  // after another could deadlock with another taking them in another order. (On SQLite these
  // still share one commit, each in its savepoint: see group-commit.ts.)
  await Promise.all(group.map((p) => transaction((tx) => write.one(tx, p.input)).then(p.resolve, p.reject)));
}
