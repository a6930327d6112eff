import type { FormikProps } from 'formik';
import { useEffect, useRef } from 'react';
import { useBillingDetails } from '../api/get-billing-details';
import { isCountryCode, type BillingValues } from '../lib/billing';

/**
 * Offers what the customer's last order was billed to, once `GET /api/me/billing` answers: its
 * country (unless the customer has already chosen another), and its company, shown. Once only.
 */
export function useRememberedBilling<Values extends BillingValues>(formik: FormikProps<Values>): void {
  const remembered = useBillingDetails().data;
  const applied = useRef(false);
  const preselected = formik.initialValues.billingCountry;
  const { setValues } = formik;
  useEffect(() => {
    if (applied.current || !remembered) return;
    applied.current = true;
    const country = remembered.billingCountry?.trim().toUpperCase() ?? '';
    const companyName = remembered.companyName ?? '';
    const vatNumber = remembered.vatNumber ?? '';
    void setValues(
      (values) => ({
        ...values,
        ...(isCountryCode(country) && values.billingCountry === preselected ? { billingCountry: country } : {}),
        ...((companyName || vatNumber) && !values.business ? { business: true, companyName, vatNumber } : {}),
      }),
      false,
    );
  }, [remembered, preselected, setValues]);
}
