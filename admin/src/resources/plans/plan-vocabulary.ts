/** A plan's category in the operator's words (« Vidéo à la demande », not "SVOD"). */
export function categoryName(translate: (key: string, options?: object) => string, category: string): string {
  return translate(`shop.plans.categories.${category}`, { _: category });
}
