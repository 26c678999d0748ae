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

/** Clauses of a sentence the instructions say for every tool (archived records in lists, a create's version). */
const SHARED_CLAUSES = [/; archived ones only with include_archived=true(?=\.$)/, /(?<=^Creates an? [\w ]+) at version 1(?=[;,. ]|$)/, /, at version 1(?=\.$)/];
/** What is left of a create's description said by the instructions: "Creates a deal." */
const BARE_CREATE = /^Creates an? [\w ]+\.$/;

/** `text` with its first word capitalized, unless that word is a name (`is_archived`, `isArchived`). */
const capitalized = (text: string): string => (/^[a-z]+(?=[ ,;.])/.test(text) ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text);

function withoutShared(sentence: string): string {
  const shared = SHARED_SENTENCES.find((pattern) => pattern.test(sentence));
  if (shared === undefined) return SHARED_CLAUSES.reduce((said, clause) => said.replace(clause, ''), sentence);
  const rest = sentence.replace(/^Changes only the fields sent[;,] /, '');
  return rest === sentence ? '' : capitalized(rest);
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
  return BARE_CREATE.test(brief) ? undefined : brief || undefined;
}

/** Words of summaries that say what a word of an operation's name says ("Change a deal" for updateDeal, "Book a meeting" for createMeeting). */
const SAME_WORDS: Record<string, string> = { change: 'update', post: 'create', book: 'create', file: 'create', replace: 'rotate', subscription: 'webhook' };

/** The words of a name or a text, lower case, without articles, a synonym as the name's word. */
export const wordsOf = (text: string): string[] =>
  text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z]+/).filter((word) => word !== '' && !['a', 'an', 'the'].includes(word)).map((word) => SAME_WORDS[word] ?? word);

/**
 * The summary's head as the tool's title (before an aside in parentheses or a list after a colon:
 * the description and the schema say those), unless it repeats the name ("Cancel a running
 * process" for cancelProcess): what it says beyond the name, the description says.
 */
export function titleOf(summary: string, name: string): string | undefined {
  const title = summary.replace(/ \(extension of v1\)$/, '').split(/ \(|: /)[0] ?? summary;
  const said = new Set(wordsOf(title));
  return wordsOf(name).every((word) => said.has(word)) ? undefined : title;
}

/** What an agent weighs before a write: whether the user must confirm it (a risk without confirmation is the catalog's, in bizplat://capabilities). */
export function riskText(action: CatalogAction): string | undefined {
  if (action.mode === 'read' || !action.confirmation) return undefined;
  return `Risk ${action.risk}; needs the user's confirmation.`;
}
