/**
 * The words of a tool, cut to what an agent acts on: the title when it says more than the name, the
 * first sentences of the operation's description, and the risk of a write. What every tool shares
 * (scopes, paging, "changes only the fields sent") is in the server's instructions, and the whole
 * text of each operation in the bizplat://openapi/… resources.
 */
import type { CatalogAction } from '../capabilities/catalog.ts';

/** Room for the part of an operation's description a tool carries. */
const DESCRIPTION_CHARS = 100;

/** Sentences every tool of a kind would repeat, or that restate the input schema. */
const SHARED_SENTENCES = [
  /^Extension\.$/, /^Body: /, /^Changes only the fields sent(\.|[;,] )/, /^Cursor pagination: /,
  /^Creates an? [\w ]+ at version 1\.$/, /^The id may be supplied/,
];

function withoutShared(sentence: string): string {
  const shared = SHARED_SENTENCES.find((pattern) => pattern.test(sentence));
  if (shared === undefined) return sentence;
  const rest = sentence.replace(/^Changes only the fields sent[;,] /, '');
  return rest === sentence ? '' : rest;
}

/** `text` ended at its last clause (before "; " or ": ", else ", ") within the room, never inside a parenthesis. */
function clauseCut(text: string, room: number): string {
  let end = Math.max(text.lastIndexOf('; ', room), text.lastIndexOf(': ', room));
  if (end <= 0) end = text.lastIndexOf(', ', room);
  if (end <= 0) return text;
  let cut = text.slice(0, end);
  if ((cut.match(/\(/g) ?? []).length > (cut.match(/\)/g) ?? []).length) {
    end = cut.lastIndexOf(' (');
    if (end <= 0) return text;
    cut = cut.slice(0, end);
  }
  return `${cut}.`;
}

/** The operation's description without the scope paragraph (the tool list is already the token's), cut at a sentence within DESCRIPTION_CHARS. */
export function briefOf(description: string | undefined): string | undefined {
  const paragraphs = (description ?? '').split('\n\n').filter((p) => !/^Requires (scope|any valid token)/.test(p));
  const sentences = paragraphs.join(' ').split(/(?<=\.)\s+/).map(withoutShared).filter(Boolean);
  let brief = '';
  for (const sentence of sentences) {
    const next = `${brief} ${sentence}`.trim();
    if (brief !== '' && next.length > DESCRIPTION_CHARS) break;
    brief = next;
  }
  // A first sentence too long on its own ends at its last clause within the room.
  if (brief.length > DESCRIPTION_CHARS + 40) brief = clauseCut(brief, DESCRIPTION_CHARS + 40);
  return brief || undefined;
}

/** The summary as the tool's title, unless it says no more than the name ("List deals" for listDeals). */
export function titleOf(summary: string, name: string): string | undefined {
  const title = summary.replace(/ \(extension of v1\)$/, '');
  const words = (value: string) => value.toLowerCase().replace(/\b(a|an|the)\b/g, '').replace(/[^a-z]/g, '');
  return words(title) === words(name) ? undefined : title;
}

export function riskText(action: CatalogAction): string | undefined {
  if (action.mode === 'read') return undefined;
  if (action.confirmation) return `Risk ${action.risk}; needs the user's confirmation.`;
  return action.risk === 'low' ? undefined : `Risk ${action.risk}.`;
}
