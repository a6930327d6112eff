/** The id of the support page's form section; `/support#contact-form` links to it. */
export const CONTACT_FORM_ID = 'contact-form';

/** Brings the support form into view and puts the cursor in its first field. */
export function focusContactForm(): void {
  const section = document.getElementById(CONTACT_FORM_ID);
  if (!section) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  section.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
}
