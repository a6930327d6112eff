/** Seeds §5: the typed text, lower-cased (and without stray spaces around it), must be the phrase. */
export function isRevealPhrase(typed: string, phrase: string): boolean {
  return typed.trim().toLowerCase() === phrase.toLowerCase();
}
