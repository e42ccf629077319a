/** Room for the texts one api process keeps (characters): about 15,000 rows of 40 cells. */
const CAPACITY = 64 * 1024 * 1024;

/**
 * Stored gradebook rows' texts kept in memory by the token they were stored under (migration 060;
 * a write clears the token, a new computation stores another): a page reads the tokens from an
 * index and takes the texts from here, never from a row that a write changed, whichever process
 * wrote. The oldest entries make room for new ones.
 */
export function createRowTexts(capacity = CAPACITY) {
  const texts = new Map<string, { token: string; text: string }>();
  let size = 0;
  const keyOf = (courseId: string, userId: string) => `${courseId}:${userId}`;

  return {
    get(courseId: string, userId: string, token: string): string | undefined {
      const entry = texts.get(keyOf(courseId, userId));
      return entry?.token === token ? entry.text : undefined;
    },
    set(courseId: string, userId: string, token: string, text: string): void {
      const key = keyOf(courseId, userId);
      const old = texts.get(key);
      if (old) {
        size -= old.text.length;
        texts.delete(key);
      }
      texts.set(key, { token, text });
      size += text.length;
      for (const [oldest, entry] of texts) {
        if (size <= capacity) break;
        size -= entry.text.length;
        texts.delete(oldest);
      }
    },
  };
}
export type RowTexts = ReturnType<typeof createRowTexts>;
