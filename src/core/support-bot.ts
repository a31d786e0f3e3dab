// The support bot's matching: a question is answered by the FAQ entry sharing most of its words
// with the entry's keywords; none in common means no answer (the bot offers a ticket).

export interface FaqLike {
  id: string;
  keywords: readonly string[];
}

/** Lower-case words of a question (letters and digits of any script). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The best-matching entry, or null when no keyword appears in the question. Ties go to the earlier entry. */
export function bestAnswer<T extends FaqLike>(faq: readonly T[], question: string): T | null {
  const words = new Set(wordsOf(question));
  let best: T | null = null;
  let bestScore = 0;
  for (const entry of faq) {
    const score = entry.keywords.reduce((n, k) => n + (words.has(k) ? 1 : 0), 0);
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}
