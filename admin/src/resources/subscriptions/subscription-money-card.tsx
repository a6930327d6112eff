import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SubscriptionPayment, SubscriptionRefund } from '@shop/contracts';
import type { ReactNode } from 'react';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { paymentMethodName } from '../../components/payment-method';
import { TINTS, TintedChip, type Tint } from '../../components/record-chips';
import { SectionCard } from '../../components/section-card';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { latestFirst, useSubscriptionMoney } from './use-subscription-money';
import type { Subscription } from './subscription-vocabulary';

const REFUND_TINTS: Record<SubscriptionRefund['status'], Tint> = {
  pending: TINTS.blue,
  succeeded: TINTS.green,
  failed: TINTS.orange,
};

/**
 * A table that stacks on a phone: each row a block, each cell a line named by its column
 * (`data-label`), rather than a table wider than the screen.
 */
function Scroll({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        overflowX: 'auto',
        '@media (max-width: 599.95px)': {
          '& thead': { display: 'none' },
          '& tr': { display: 'block', borderBottom: 1, borderColor: 'divider', py: 1 },
          '& td': {
            display: 'flex',
            flexDirection: 'row',
            justifyContent: 'space-between',
            gap: 2,
            border: 0,
            px: 0,
            py: 0.25,
            textAlign: 'right',
            minWidth: 0,
          },
          '& td::before': {
            content: 'attr(data-label)',
            color: 'text.secondary',
            textAlign: 'left',
            flex: 'none',
          },
        },
      }}
    >
      {children}
    </Box>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** A cell's value with a smaller grey line under it, when there is one. */
function WithNote({
  children,
  note,
  breakAnywhere = false,
}: {
  children: ReactNode;
  note: ReactNode;
  /** A long reference may break anywhere rather than widen the table. */
  breakAnywhere?: boolean;
}) {
  return (
    <div>
      {children}
      {note && (
        <Typography
          variant="caption"
          component="div"
          sx={{ color: 'text.secondary', ...(breakAnywhere && { overflowWrap: 'anywhere' }) }}
        >
          {note}
        </Typography>
      )}
    </div>
  );
}

/**
 * "Paiements et remboursements": each payment of the subscription (the order's, each renewal's, one
 * paid twice) with what was refunded and what still may be, then each refund the operator asked
 * for, its reason and the provider's answer.
 */
export function SubscriptionMoneyCard() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const money = useSubscriptionMoney(subscription ? String(subscription.id) : undefined);
  if (!subscription) return null;
  const cents = (amount: number, currency: string) => formatCents(amount, currency, locale);
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : '—';
  const t = (key: string, options?: Record<string, unknown>) => translate(`shop.subscriptions.money.${key}`, options);

  let content;
  if (money.isError) {
    content = <Alert severity="error">{t('loadError')}</Alert>;
  } else if (!money.data) {
    content = <Skeleton variant="rounded" height={96} aria-busy />;
  } else {
    const { payments, refunds } = money.data;
    const referenceKind = new Map(payments.map((payment) => [payment.reference, payment.kind]));
    content = (
      <>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('payments')}
        </Typography>
        {payments.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('noPayment')}
          </Typography>
        ) : (
          <Scroll>
            <Table size="small" aria-label={t('payments')} sx={{ mb: 2 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('kind')}</TableCell>
                  <TableCell align="right">{t('amount')}</TableCell>
                  <TableCell>{t('paidAt')}</TableCell>
                  <TableCell align="right">{t('refunded')}</TableCell>
                  <TableCell align="right">{t('refundable')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {latestFirst(payments).map((payment: SubscriptionPayment) => (
                  <TableRow key={`${payment.kind}-${payment.reference}`}>
                    <TableCell data-label={t('kind')}>
                      <WithNote
                        note={`${paymentMethodName(translate, payment.provider)} · ${payment.reference}`}
                        breakAnywhere
                      >
                        {t(`kinds.${payment.kind}`)}
                      </WithNote>
                    </TableCell>
                    <TableCell align="right" sx={nowrap} data-label={t('amount')}>
                      {cents(payment.amountCents, payment.currency)}
                    </TableCell>
                    <TableCell data-label={t('paidAt')}>{date(payment.paidAt)}</TableCell>
                    <TableCell align="right" sx={nowrap} data-label={t('refunded')}>
                      <WithNote
                        note={
                          payment.pendingRefundCents > 0
                            ? t('pending', { amount: cents(payment.pendingRefundCents, payment.currency) })
                            : null
                        }
                      >
                        {cents(payment.refundedCents, payment.currency)}
                      </WithNote>
                    </TableCell>
                    <TableCell align="right" sx={{ ...nowrap, fontWeight: 600 }} data-label={t('refundable')}>
                      {cents(payment.refundableCents, payment.currency)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Scroll>
        )}
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('refunds')}
        </Typography>
        {refunds.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('noRefund')}
          </Typography>
        ) : (
          <Scroll>
            <Table size="small" aria-label={t('refunds')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('requestedAt')}</TableCell>
                  <TableCell align="right">{t('amount')}</TableCell>
                  <TableCell>{t('status')}</TableCell>
                  <TableCell>{t('reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...refunds]
                  .sort((a, b) => Date.parse(b.requestedAt) - Date.parse(a.requestedAt))
                  .map((refund) => {
                    const kind = referenceKind.get(refund.paymentReference);
                    return (
                      <TableRow key={refund.id}>
                        <TableCell data-label={t('requestedAt')}>
                          <WithNote note={kind ? t(`kinds.${kind}`) : null}>{date(refund.requestedAt)}</WithNote>
                        </TableCell>
                        <TableCell align="right" sx={nowrap} data-label={t('amount')}>
                          {cents(refund.amountCents, refund.currency)}
                        </TableCell>
                        <TableCell data-label={t('status')}>
                          <TintedChip
                            value={refund.status}
                            tints={REFUND_TINTS}
                            messages="shop.subscriptions.money.statuses"
                          />
                        </TableCell>
                        <TableCell sx={{ minWidth: 140, whiteSpace: 'pre-line' }} data-label={t('reason')}>
                          <div>
                            {refund.reason}
                            {refund.failure && (
                              <Typography variant="body2" component="div" sx={{ color: 'error.main', mt: 0.5 }}>
                                {t('failure', { failure: refund.failure })}
                              </Typography>
                            )}
                          </div>
                        </TableCell>
                      </TableRow>
                    );
                  })}
              </TableBody>
            </Table>
          </Scroll>
        )}
      </>
    );
  }
  return (
    <SectionCard id="subscription-money-title" title={t('title')}>
      {content}
    </SectionCard>
  );
}
