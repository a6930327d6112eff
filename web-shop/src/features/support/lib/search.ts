/** Case- and accent-insensitive: « securite » finds « sécurité », "PAYMENT" finds "payment". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/** Whether any of `texts` contains `query`; an empty query matches everything. */
export function matchesQuery(query: string, ...texts: string[]): boolean {
  const wanted = fold(query.trim());
  return wanted === '' || texts.some((text) => fold(text).includes(wanted));
}
