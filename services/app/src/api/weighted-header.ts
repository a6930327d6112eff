/**
 * The values of a weighted list header (Accept-Language, Accept-Encoding), lower-cased, each with
 * its weight (`q`, 1 when absent; NaN when unreadable, which no comparison prefers) and its place.
 */
export function weightedValues(header: string | undefined): { value: string; quality: number; index: number }[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [value = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { value, quality: q === undefined ? 1 : Number(q.slice(2)), index };
    })
    .filter((entry) => entry.value !== '');
}
