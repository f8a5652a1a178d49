import { sql } from "drizzle-orm";
import { type Database, preparedRows } from "../db/client.ts";

/**
 * Typo correction for the search: a query word of five letters or more that no name in the
 * catalogue contains is compared with the dictionary `search_words` (the words of event titles,
 * category, city and public venue names, kept by triggers; migrations 0006 and 0026). A word that
 * differs by one wrong, missing, extra or swapped letter from a part of a dictionary word ("comdy"
 * in "comedy", "ausstelung" in "sonderausstellung") is replaced by that part, and the corrected
 * query searches beside the typed one (its matches rank below the typed query's).
 */

/** Words shorter than this are searched as typed: with one edit, short words match too much. */
export const typoMinLength = 5;
/** At most this many words of a query are corrected (each is one scan of the dictionary). */
const maxCorrectedWords = 4;

const wordPattern = /[\p{L}\p{N}]+/gu;

/**
 * A regular expression matching every string one edit away from a word, or the
 * word itself: each letter replaced by any (`.`), a letter inserted anywhere inside, one
 * left out, two neighbours swapped. The word consists of letters and digits only.
 */
export function oneEditPattern(word: string): string {
  const letters = [...word];
  const variants = new Set<string>();
  const join = (parts: string[]) => parts.join("");
  for (let i = 0; i < letters.length; i++) {
    variants.add(join([...letters.slice(0, i), ".", ...letters.slice(i + 1)]));
    variants.add(join([...letters.slice(0, i), ...letters.slice(i + 1)]));
    if (i > 0) variants.add(join([...letters.slice(0, i), ".", ...letters.slice(i)]));
    if (i < letters.length - 1) {
      variants.add(
        join([...letters.slice(0, i), letters[i + 1]!, letters[i]!, ...letters.slice(i + 2)]),
      );
    }
  }
  return `(?:${[...variants].join("|")})`;
}

/** The words of a query that may carry a typo: long enough, each once, lower-cased. */
export function typoCandidates(q: string): string[] {
  const words = (q.toLowerCase().match(wordPattern) ?? []).filter(
    (word) => [...word].length >= typoMinLength && !/^\p{N}+$/u.test(word),
  );
  return [...new Set(words)].slice(0, maxCorrectedWords);
}

type Dictionary = { words: Set<string>; lastId: number; loadedAt: number };

/**
 * Each instance keeps a copy of the dictionary (a few thousand words) per database and, before
 * each correction, reads only the words added since (an index range read), so matching costs no
 * scan of the table. The copy is read whole again now and then, in case a word's transaction
 * committed after a later one had been read.
 */
const dictionaries = new WeakMap<Database, Dictionary>();
const reloadAfterMs = 10 * 60_000;

async function dictionaryOf(db: Database): Promise<Set<string>> {
  let dictionary = dictionaries.get(db);
  if (!dictionary || Date.now() - dictionary.loadedAt > reloadAfterMs) {
    dictionary = { words: new Set(), lastId: 0, loadedAt: Date.now() };
    dictionaries.set(db, dictionary);
  }
  const since = dictionary.lastId;
  const added = await preparedRows<{ id: number; word: string }>(
    db,
    sql`select id, word from search_words where id > ${since} order by id`,
  );
  for (const row of added) {
    dictionary.words.add(row.word.toLowerCase());
    dictionary.lastId = Math.max(dictionary.lastId, Number(row.id));
  }
  return dictionary.words;
}

/** Whether one of the words contains the typed word (it is then spelt right). */
function contains(words: Iterable<string>, typed: string): boolean {
  for (const word of words) if (word.includes(typed)) return true;
  return false;
}

/**
 * The likeliest correction of one word: the part of a dictionary word one edit away that most
 * words share; on a tie one as long as the typed word (a wrong or swapped letter is likelier
 * than a missing or extra one), then the first alphabetically. None when a dictionary word
 * contains the word as typed (it is spelt right) or nothing resembles it.
 */
export function correctWord(typed: string, words: Iterable<string>): string | null {
  const pattern = new RegExp(oneEditPattern(typed), "u");
  const counts = new Map<string, number>();
  for (const word of words) {
    if (word.includes(typed)) return null;
    const fragment = pattern.exec(word)?.[0];
    if (fragment) counts.set(fragment, (counts.get(fragment) ?? 0) + 1);
  }
  const length = [...typed].length;
  const sameLength = (fragment: string) => Number([...fragment].length === length);
  const [best] = [...counts].sort(
    ([a, m], [b, n]) => n - m || sameLength(b) - sameLength(a) || a.localeCompare(b),
  );
  return best ? best[0] : null;
}

/**
 * The query with each misspelt word replaced by its likeliest correction, or null when no word
 * needs one (every word is found as typed, or nothing resembles it).
 */
export async function typoCorrection(db: Database, q: string): Promise<string | null> {
  const candidates = typoCandidates(q);
  if (!candidates.length) return null;
  // A word that a word of the copy contains is spelt right, whatever words were added since
  // (the copy only grows until it is read again): only a query with another word asks the
  // database for new words, one round trip less for most searches.
  const copy = dictionaries.get(db);
  if (
    copy &&
    Date.now() - copy.loadedAt <= reloadAfterMs &&
    candidates.every((typed) => contains(copy.words, typed))
  )
    return null;
  const words = await dictionaryOf(db);
  const corrections = new Map<string, string>();
  for (const typed of candidates) {
    const correction = correctWord(typed, words);
    if (correction) corrections.set(typed, correction);
  }
  if (!corrections.size) return null;
  return q.replace(wordPattern, (word) => corrections.get(word.toLowerCase()) ?? word);
}
