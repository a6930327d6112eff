import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { SectionCard } from '../../components/section-card';
import { visitorTextKey } from './inquiry-thread';
import type { Inquiry } from './inquiry-vocabulary';

/**
 * The rest of the visitor's form (phone, website, experience, ...) as a definition list, in the
 * form's order, on its card; the visitor's message itself opens the conversation below. No card
 * when the form had nothing else (a support message).
 */
export function InquiryDetails() {
  const inquiry = useRecordContext<Inquiry>();
  const translate = useTranslate();
  if (!inquiry) return null;
  const shownInThread = visitorTextKey(inquiry);
  const entries = Object.entries(inquiry.details).filter(([key]) => key !== shownInThread);
  if (entries.length === 0) return null;

  const valueOf = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
      return (
        <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
          {translate('shop.empty')}
        </Box>
      );
    }
    if (key === 'promotionMethods' && Array.isArray(value)) {
      return value
        .map((method) => translate(`shop.inquiries.promotionMethods.${String(method)}`, { _: String(method) }))
        .join(', ');
    }
    // The API accepts only http(s) addresses here.
    if (key === 'website' && typeof value === 'string' && /^https?:\/\//.test(value)) {
      return (
        <Link href={value} target="_blank" rel="noopener noreferrer nofollow">
          {value}
        </Link>
      );
    }
    return Array.isArray(value) ? value.join(', ') : String(value);
  };

  return (
    <SectionCard id="inquiry-details-title" title={translate('resources.inquiries.fields.details')}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, max-content) 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
        }}
      >
        {entries.map(([key, value]) => (
          <Fragment key={key}>
            <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
              {translate(`shop.inquiries.details.${key}`, { _: key })}
            </Box>
            <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {valueOf(key, value)}
            </Box>
          </Fragment>
        ))}
      </Box>
    </SectionCard>
  );
}
