import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { Form, Formik } from 'formik';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObjectSchema } from 'yup';
import { FormTextField } from '../../../components/ui/form-text-field';

/** A code on one row with its submit and cancel buttons: the set-up's confirmation and turning two-factor off. */
export function TwoFactorCodeForm({
  schema,
  onSubmit,
  onCancel,
  intro,
  field,
  submit,
}: {
  schema: ObjectSchema<{ code: string }>;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
  intro: ReactNode;
  field: Omit<ComponentProps<typeof FormTextField>, 'name'>;
  submit: { label: string; busyLabel: string } & Pick<ButtonProps, 'color' | 'size'>;
}) {
  const { t } = useTranslation('account');
  const rowButton = { minHeight: 56, whiteSpace: 'nowrap' } as const;
  return (
    <Formik initialValues={{ code: '' }} validationSchema={schema} onSubmit={({ code }) => onSubmit(code.trim())}>
      {({ isSubmitting }) => (
        <Form noValidate>
          {intro}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            <FormTextField name="code" autoComplete="one-time-code" required {...field} />
            <Button
              type="submit"
              variant="contained"
              color={submit.color}
              size={submit.size}
              disabled={isSubmitting}
              sx={rowButton}
            >
              {isSubmitting ? submit.busyLabel : submit.label}
            </Button>
            <Button onClick={onCancel} disabled={isSubmitting} sx={rowButton}>
              {t('twoFactor.cancel')}
            </Button>
          </Box>
        </Form>
      )}
    </Formik>
  );
}
