import AddCardIcon from '@mui/icons-material/AddCard';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Button as ActionButton, useGetList, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatCents } from '../../lib/money';
import type { Plan } from '../../providers/data-provider';
import { grantSubscription } from './users-api';
import { displayName, type User } from './user-vocabulary';
import { useSavingDialog } from '../../lib/use-saving-dialog';

/** Euros as typed (comma or point, two decimals at most) into cents; null when empty, NaN when not a price. */
export function centsOfEuros(typed: string): number | null {
  const text = typed.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

/**
 * The seeds' "assign a subscription": a plan, a duration in whole months (at least 1, 1 by default)
 * and an optional custom price in euros (empty: the catalogue's price). Active at once, mailed and
 * notified as a paid one.
 */
export function AssignSubscriptionButton() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [planId, setPlanId] = useState('');
  const [months, setMonths] = useState('1');
  const [price, setPrice] = useState('');
  const [key, setKey] = useState('');
  const { open, saving, show, close, save } = useSavingDialog();
  const { data: plans = [] } = useGetList<Plan>('plans', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  if (!user) return null;

  const monthCount = Number(months);
  const monthsValid = Number.isInteger(monthCount) && monthCount >= 1 && monthCount <= 120;
  const cents = centsOfEuros(price);
  const priceValid = cents === null || Number.isFinite(cents);

  const start = () => {
    setPlanId(plans[0]?.id ?? '');
    setMonths('1');
    setPrice('');
    // One key per dialog: a double click or a retry after a lost answer grants once.
    setKey(crypto.randomUUID());
    show();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!planId || !monthsValid || !priceValid) return;
    await save(() => grantSubscription(user.id, { planId, months: monthCount, customPriceCents: cents }, key), {
      success: 'shop.users.grant.success',
    });
  };

  const name = user.fullName.trim() ? displayName(user, translate) : user.email;
  return (
    <>
      {/* react-admin's button: an icon with its label as tooltip on phones, as the toolbar's others. */}
      <ActionButton label="shop.users.grant.action" onClick={start}>
        <AddCardIcon />
      </ActionButton>
      <Dialog open={open} onClose={close} aria-labelledby="grant-title" fullWidth maxWidth="xs">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="grant-title">{translate('shop.users.grant.title', { name })}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <DialogContentText>{translate('shop.users.grant.help')}</DialogContentText>
            <TextField
              select
              required
              label={translate('shop.users.grant.plan')}
              value={planId}
              onChange={(event) => setPlanId(event.target.value)}
            >
              {plans.map((plan) => (
                <MenuItem key={plan.id} value={plan.id}>
                  {plan.name} —{' '}
                  {translate('shop.users.grant.perMonth', {
                    price: formatCents(plan.monthlyPriceCents, plan.currency, locale),
                  })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="number"
              required
              label={translate('shop.users.grant.months')}
              value={months}
              onChange={(event) => setMonths(event.target.value)}
              error={!monthsValid}
              helperText={monthsValid ? undefined : translate('shop.users.grant.invalidMonths')}
              slotProps={{ htmlInput: { min: 1, max: 120, step: 1 } }}
            />
            <TextField
              type="number"
              label={translate('shop.users.grant.customPrice')}
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              error={!priceValid}
              helperText={translate(priceValid ? 'shop.users.grant.customPriceHelp' : 'shop.users.grant.invalidPrice')}
              slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={saving}>
              {translate('ra.action.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={saving || !planId || !monthsValid || !priceValid}>
              {translate('shop.users.grant.confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
