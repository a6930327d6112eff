import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { HttpError, Loading, useGetList, useNotify, useTranslate } from 'react-admin';
import type { AdminFreeOffer, AdminFreeOfferSettings, AdminPlan } from '@shop/contracts';
import { httpClient } from '../lib/http-client';
import { ToolPage } from '../components/tool-page';

/** The refusals this screen words itself; any other shows the server's detail. */
const WORDED = ['free_offer.unknown_plan', 'free_offer.plan_not_on_sale', 'free_offer.too_few_places'];

interface Form {
  planId: string;
  months: string;
  places: string;
  active: boolean;
}

const formOf = (offer: AdminFreeOffer): Form => ({
  planId: offer.planId ?? '',
  months: String(offer.months),
  places: String(offer.places),
  active: offer.active,
});

/**
 * The free offer (GET/PUT /api/admin/free-offer): one plan given for some months to a number of
 * accounts, on or off. Each save is recorded with the operator; places already claimed stay taken.
 */
export function FreeOfferPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [offer, setOffer] = useState<AdminFreeOffer | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const plans = useGetList<AdminPlan>('plans', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'sortOrder', order: 'ASC' },
  });

  useEffect(() => {
    let current = true;
    httpClient('/api/admin/free-offer').then(
      ({ json }) => {
        if (!current) return;
        setOffer(json as AdminFreeOffer);
        setForm(formOf(json as AdminFreeOffer));
      },
      (error: unknown) =>
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [notify]);

  if (!offer || !form) return <Loading />;

  const months = Number(form.months);
  const places = Number(form.places);
  const monthsValid = Number.isInteger(months) && months >= 1 && months <= 120;
  const placesValid = form.places.trim() !== '' && Number.isInteger(places) && places >= offer.claimed;
  const valid = form.planId !== '' && monthsValid && placesValid;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setSaving(true);
    setRefusal(null);
    const settings: AdminFreeOfferSettings = { planId: form.planId, months, places, active: form.active };
    try {
      const { json } = await httpClient('/api/admin/free-offer', { method: 'PUT', body: JSON.stringify(settings) });
      setOffer(json as AdminFreeOffer);
      setForm(formOf(json as AdminFreeOffer));
      notify('shop.freeOffer.saved', { type: 'success' });
    } catch (error) {
      const code = error instanceof HttpError ? (error.body as { code?: unknown } | null)?.code : undefined;
      setRefusal(
        typeof code === 'string' && WORDED.includes(code)
          ? translate(`shop.freeOffer.refusals.${code.slice('free_offer.'.length)}`)
          : error instanceof Error
            ? translate(error.message, { _: error.message })
            : translate('ra.notification.http_error'),
      );
    } finally {
      setSaving(false);
    }
  };

  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const running = offer.active && offer.placesLeft > 0;

  return (
    <ToolPage title="shop.freeOffer.title" explanation="shop.freeOffer.explanation" maxWidth="48rem">
      <Stack direction="row" spacing={1} sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }} aria-live="polite">
        <Chip
          variant="outlined"
          color={running ? 'success' : 'default'}
          label={translate(
            running ? 'shop.freeOffer.running' : offer.active ? 'shop.freeOffer.full' : 'shop.freeOffer.off',
          )}
        />
        <Chip variant="outlined" label={translate('shop.freeOffer.claimed', { smart_count: offer.claimed })} />
        <Chip variant="outlined" label={translate('shop.freeOffer.left', { smart_count: offer.placesLeft })} />
      </Stack>
      <Box component="form" noValidate onSubmit={save}>
        <Stack spacing={2}>
          <TextField
            select
            label={translate('shop.freeOffer.plan')}
            value={form.planId}
            onChange={(event) => set({ planId: event.target.value })}
            helperText={translate('shop.freeOffer.planHelp')}
          >
            {(plans.data ?? []).map((plan) => (
              <MenuItem key={plan.id} value={plan.id} disabled={!plan.onSale}>
                {plan.onSale ? plan.name : `${plan.name} (${translate('shop.freeOffer.offSale')})`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('shop.freeOffer.months')}
            type="number"
            slotProps={{ htmlInput: { min: 1, max: 120, step: 1 } }}
            value={form.months}
            onChange={(event) => set({ months: event.target.value })}
            error={!monthsValid}
            helperText={translate('shop.freeOffer.monthsHelp')}
          />
          <TextField
            label={translate('shop.freeOffer.places')}
            type="number"
            slotProps={{ htmlInput: { min: offer.claimed, step: 1 } }}
            value={form.places}
            onChange={(event) => set({ places: event.target.value })}
            error={!placesValid}
            helperText={translate('shop.freeOffer.placesHelp', { smart_count: offer.claimed })}
          />
          <FormControlLabel
            control={<Switch checked={form.active} onChange={(event) => set({ active: event.target.checked })} />}
            label={translate('shop.freeOffer.active')}
          />
          {refusal && <Alert severity="error">{refusal}</Alert>}
          <Box>
            <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving || !valid}>
              {translate('ra.action.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </ToolPage>
  );
}
