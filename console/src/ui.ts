/** Small shared pieces: the status line, a one-time value dialog, data loading. */
import { html } from 'htm/preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { message } from './api.ts';

export type Notify = (text: string, kind?: 'ok' | 'error') => void;

/** Loads `read()` now and whenever `reload` is called; `error` holds the failure text. */
export function useLoad<T>(read: () => Promise<T>): { data: T | undefined; error: string | undefined; reload: () => void } {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    read().then(
      (value) => live && (setData(value), setError(undefined)),
      (e: unknown) => live && setError(message(e)),
    );
    return () => {
      live = false;
    };
  }, [tick]);
  return { data, error, reload: useCallback(() => setTick((t) => t + 1), []) };
}

/** A modal dialog showing a value once (a token, a signing secret), with a copy button. */
export function ShownOnce(props: { title: string; value: string; note: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopied(true);
    } catch {
      (ref.current?.querySelector('input') as HTMLInputElement | null)?.select();
    }
  };
  return html`<dialog ref=${ref} class="once" aria-labelledby="once-title" onClose=${props.onClose}>
    <h2 id="once-title">${props.title}</h2>
    <p>${props.note}</p>
    <label>Value <input readonly class="secret" value=${props.value} onFocus=${(e: Event) => (e.target as HTMLInputElement).select()} /></label>
    <div class="actions">
      <button type="button" onClick=${copy}>${copied ? 'Copied' : 'Copy'}</button>
      <button type="button" class="primary" onClick=${() => ref.current?.close()}>I have saved it</button>
    </div>
  </dialog>`;
}

export function Problem(props: { text: string | undefined }) {
  return props.text ? html`<p class="problem" role="alert">${props.text}</p>` : null;
}

/** An id the CLI or the API asks for: shown in full, selectable, with a copy button. */
export function Id(props: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return html`<span class="id"><code>${props.value}</code>
    <button type="button" class="copy" aria-label=${`Copy ${props.label} id`} title="Copy" onClick=${copy}>${copied ? 'Copied' : 'Copy'}</button></span>`;
}

/** A "Load more" for a keyset-paged list: appends the next page of `read(cursor)`. */
export function usePages<T>(first: { items: T[]; nextCursor: string | null } | undefined, read: (cursor: string) => Promise<{ items: T[]; nextCursor: string | null }>) {
  const [more, setMore] = useState<{ items: T[]; nextCursor: string | null } | null>(null);
  // A new first page (a reload, other filters) drops the older pages loaded after the previous one.
  useEffect(() => setMore(null), [first?.items]);
  const next = more === null ? (first?.nextCursor ?? null) : more.nextCursor;
  const load = async () => {
    if (next === null) return;
    const page = await read(next);
    setMore({ items: [...(more?.items ?? []), ...page.items], nextCursor: page.nextCursor });
  };
  return { items: [...(first?.items ?? []), ...(more?.items ?? [])], next, load };
}
