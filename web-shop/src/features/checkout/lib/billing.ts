import { COUNTRY_CODES } from '@shop/contracts';
import * as yup from 'yup';

/** Who pays, as the checkout and the renewal ask it: the country of residence, and for a business its name and VAT number. */
export interface BillingValues {
  billingCountry: string;
  /** "Buying for a business?" is open: the company name and VAT number are shown, checked and sent. */
  business: boolean;
  companyName: string;
  vatNumber: string;
}

/** The contract's rule: the two-letter country prefix, then 2 to 13 digits, letters, `+`, `*` or `.`. */
const VAT_NUMBER = /^[A-Z]{2}[0-9A-Z+*.]{2,13}$/;

export const isCountryCode = (code: string): boolean => COUNTRY_CODES.includes(code);

/** A VAT number as sent: upper case, spaces left out (FR 12 345678901 → FR12345678901). */
export const normalisedVatNumber = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** The billing fields' rules, as the API checks them (`billingFields` of `@shop/contracts`). */
export const billingSchema = {
  billingCountry: yup
    .string()
    .trim()
    .required('checkout:billing.countryRequired')
    .test('country', 'checkout:billing.countryRequired', (code) => !code || isCountryCode(code.toUpperCase())),
  business: yup.boolean(),
  companyName: yup
    .string()
    .trim()
    .when('business', { is: true, then: (name) => name.max(200, 'checkout:billing.companyNameMax') }),
  vatNumber: yup.string().when('business', {
    is: true,
    then: (number) =>
      number.test(
        'vat-number',
        'checkout:billing.vatNumberInvalid',
        (value) => !value?.trim() || VAT_NUMBER.test(normalisedVatNumber(value)),
      ),
  }),
};

/**
 * The country offered before the customer's last order is known: the browser's region when it is
 * a country code (fr-FR → FR, en-US → US), else France on the French shop, else none (to choose).
 */
export function preselectedCountry(language: string, browserLocale: string | undefined): string {
  try {
    const region = browserLocale ? new Intl.Locale(browserLocale).region : undefined;
    if (region && isCountryCode(region)) return region;
  } catch {
    // Not a locale tag: as if the browser said nothing.
  }
  return language.startsWith('fr') ? 'FR' : '';
}

export const initialBillingValues = (language: string, browserLocale: string | undefined): BillingValues => ({
  billingCountry: preselectedCountry(language, browserLocale),
  business: false,
  companyName: '',
  vatNumber: '',
});

/** Every country, named in `language` and sorted by name. */
export function countryOptions(language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** What the order or renewal sends: the country, and the company's name and VAT number when given. */
export function billingRequestFields(values: BillingValues): {
  billingCountry: string;
  companyName?: string;
  vatNumber?: string;
} {
  const companyName = values.business ? values.companyName.trim() : '';
  const vatNumber = values.business ? normalisedVatNumber(values.vatNumber) : '';
  return {
    billingCountry: values.billingCountry.trim().toUpperCase(),
    ...(companyName ? { companyName } : {}),
    ...(vatNumber ? { vatNumber } : {}),
  };
}
