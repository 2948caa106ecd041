/** An ILIKE pattern matching `text` anywhere, with the LIKE wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
