import type { CredentialReveal } from '@shop/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useShopTime } from '../lib/shop-time';

const SHOWN = 25;
const ERASED = '[erased]';

/**
 * Who read which credential set's password (an operator's reveal, a customer's credentials page),
 * which version, when: on a set's page its readers, on a customer's page the sets they read
 * (GET /api/admin/credential-reveals, newest first).
 */
export function CredentialRevealsPanel({ by, id }: { by: 'set' | 'user'; id: string }) {
  const translate = useTranslate();
  const shopTime = useShopTime();
  const filter = by === 'set' ? { credentialSetId: id } : { userId: id };
  const { data, total, isSuccess } = useGetList<CredentialReveal>('credential-reveals', {
    filter,
    sort: { field: 'revealedAt', order: 'DESC' },
    pagination: { page: 1, perPage: SHOWN },
  });
  const titleId = `credential-reveals-${by}-title`;
  const readerName = (reveal: CredentialReveal) =>
    reveal.userName === ERASED ? translate('shop.reveals.erased') : (reveal.userName ?? reveal.userId);
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ width: '100%' }} data-testid="credential-reveals">
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(by === 'set' ? 'shop.reveals.title' : 'shop.reveals.titleByUser')}
        </Typography>
        {isSuccess && (data ?? []).length === 0 && (
          <Typography variant="body2">{translate('shop.reveals.empty')}</Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby={titleId}>
          {(data ?? []).map((reveal) => (
            <Box
              component="li"
              key={reveal.id}
              data-testid="credential-reveal"
              sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5, py: 0.75 }}
            >
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                <time dateTime={reveal.revealedAt}>{shopTime(reveal.revealedAt)}</time>
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                {by === 'set' ? (
                  <Link component={RouterLink} to={`/users/${encodeURIComponent(reveal.userId)}/show`} variant="body2">
                    {readerName(reveal)}
                  </Link>
                ) : (
                  <Link
                    component={RouterLink}
                    to={`/credentials/${encodeURIComponent(reveal.credentialSetId)}/show`}
                    variant="body2"
                  >
                    {translate('shop.reveals.set', { id: reveal.credentialSetId.slice(0, 8) })}
                  </Link>
                )}
                <Typography variant="body2" component="span">
                  {reveal.credentialsVersion === null
                    ? translate('shop.reveals.unknownVersion')
                    : translate('shop.reveals.version', { version: reveal.credentialsVersion })}
                </Typography>
                <Chip size="small" variant="outlined" label={translate(`shop.reveals.viewers.${reveal.viewer}`)} />
              </Box>
              {reveal.reason && (
                <Typography variant="body2" component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {translate('shop.reveals.reason', { reason: reveal.reason })}
                </Typography>
              )}
              {(reveal.subscriptionId || reveal.carriedOver) && (
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {reveal.subscriptionId && (
                    <Link
                      component={RouterLink}
                      to={`/subscriptions/${encodeURIComponent(reveal.subscriptionId)}/show`}
                    >
                      {translate('shop.reveals.viaSubscription', { id: reveal.subscriptionId.slice(0, 8) })}
                    </Link>
                  )}
                  {reveal.subscriptionId && reveal.carriedOver && ' · '}
                  {reveal.carriedOver && translate('shop.reveals.carriedOver')}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
        {(total ?? 0) > 0 && (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
            {translate('shop.reveals.count', { smart_count: total ?? 0 })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** Beside a credential set's page: who read its password. */
export function CredentialRevealsAside() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box component="aside" sx={{ width: { xs: '100%', lg: 440 }, flexShrink: 0, minWidth: 0 }}>
      <CredentialRevealsPanel by="set" id={String(record.id)} />
    </Box>
  );
}
