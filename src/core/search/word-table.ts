import { isAsciiPunctuation, stepWordHash, WORD_HASH_SEED } from './tokenize-text.ts';

/**
 * Word ids for the index build, looked up by a range of the text being read (scanAsciiWords),
 * so no string is made for a word already known: open addressing over typed arrays, keyed by
 * the scan's hash. Counting the words of 50,000 realistic templates took 3.1 s with
 * tokenizeText's strings looked up in a Map, 1.6 s with this table (countWords, medians of 7
 * alternating runs on a busy machine; 0.93 → 0.69 s with the small vocabulary).
 */
export class WordTable {
  /** Each word, by id (ids in the order first met). */
  readonly words: string[] = [];
  #hashes = new Int32Array(1024);
  // id + 1 per slot (0: empty), never more than half full.
  #slots = new Int32Array(2048);

  /** The id of `text`'s [from, to) (its punctuation skipped when `joined`), added when new; `hash` as scanAsciiWords gives it. */
  idOfRange(text: string, from: number, to: number, hash: number, joined: boolean): number {
    const mask = this.#slots.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const id = this.#slots[i]! - 1;
      if (id < 0) return this.#add(i, hash, joined ? stripPunctuation(text.slice(from, to)) : text.slice(from, to));
      if (this.#hashes[id] === hash && (joined ? equalsJoined : equalsRange)(this.words[id]!, text, from, to)) return id;
    }
  }

  /** The id of a word (words past ASCII, split by tokenizeText), added when new. */
  idOf(word: string): number {
    let hash = WORD_HASH_SEED;
    for (let i = 0; i < word.length; i++) hash = stepWordHash(hash, word.charCodeAt(i));
    return this.idOfRange(word, 0, word.length, hash, false);
  }

  #add(slot: number, hash: number, word: string): number {
    const id = this.words.push(word) - 1;
    if (id === this.#hashes.length) {
      const hashes = new Int32Array(id * 2);
      hashes.set(this.#hashes);
      this.#hashes = hashes;
    }
    this.#hashes[id] = hash;
    this.#slots[slot] = id + 1;
    if (this.words.length * 2 > this.#slots.length) this.#spread();
    return id;
  }

  /** Twice the slots, every word filed again. */
  #spread(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.words.length; id++) {
      let i = this.#hashes[id]! & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = id + 1;
    }
    this.#slots = slots;
  }
}

function equalsRange(word: string, text: string, from: number, to: number): boolean {
  if (word.length !== to - from) return false;
  for (let k = 0; k < word.length; k++) if (word.charCodeAt(k) !== text.charCodeAt(from + k)) return false;
  return true;
}

/** Whether `word` is `text`'s [from, to) without its punctuation. */
function equalsJoined(word: string, text: string, from: number, to: number): boolean {
  let k = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (isAsciiPunctuation(c)) continue;
    if (k >= word.length || word.charCodeAt(k++) !== c) return false;
  }
  return k === word.length;
}

function stripPunctuation(chunk: string): string {
  let out = '';
  for (let i = 0; i < chunk.length; i++) if (!isAsciiPunctuation(chunk.charCodeAt(i))) out += chunk[i];
  return out;
}
