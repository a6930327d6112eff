import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CheckIcon, ExpandMoreIcon } from '../../../components/icons';
import { formatPrice } from '../../../lib/format-price';
import type { Plan } from '../../../types/api';

/** Seeds: a card shows 3 features, the rest behind a toggle. */
const VISIBLE_FEATURES = 3;

/** Rendered again only when its plan changes: the list around it changes its layout with the width. */
export const PlanCard = memo(function PlanCard({ plan, onPurchase }: { plan: Plan; onPurchase: (plan: Plan) => void }) {
  const { t, i18n } = useTranslation('catalogue');
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  const titleId = useId();
  const shown = plan.features.slice(0, VISIBLE_FEATURES);
  const more = plan.features.slice(VISIBLE_FEATURES);

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        borderColor: plan.popular ? 'secondary.main' : 'divider',
        borderWidth: plan.popular ? 2 : 1,
        transition: 'transform 150ms ease, box-shadow 150ms ease',
        '&:hover': { transform: 'translateY(-4px)', boxShadow: 6 },
        '&:focus-within': { boxShadow: 6 },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
      }}
    >
      {plan.popular && (
        <Box
          component="span"
          sx={{
            position: 'absolute',
            top: 12,
            right: 12,
            px: 1.25,
            py: 0.25,
            borderRadius: 999,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            fontSize: '0.75rem',
            fontWeight: 800,
            letterSpacing: 0.5,
          }}
        >
          {t('card.popular')}
        </Box>
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <PlanLogo plan={plan} size={56} sx={{ borderRadius: 2, display: 'block', mb: 2 }} />
        <Typography id={titleId} component="h3" variant="h3" sx={{ mb: 1 }}>
          {plan.name}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          <Box component="span" sx={{ fontSize: '1.75rem', fontWeight: 800, color: 'primary.main' }}>
            {formatPrice(plan.monthlyPriceCents, plan.currency, i18n.language)}
          </Box>{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('card.perMonthShort')}
          </Box>
        </Typography>
        <FeatureList features={shown} />
        {more.length > 0 && (
          <>
            <Box id={moreId} hidden={!expanded}>
              <FeatureList features={more} />
            </Box>
            <Button
              size="small"
              onClick={() => setExpanded((open) => !open)}
              aria-expanded={expanded}
              aria-controls={moreId}
              endIcon={
                <ExpandMoreIcon
                  sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
                />
              }
              sx={{ mt: 0.5, px: 0.5 }}
            >
              {expanded ? t('card.showLess') : t('card.showMore', { count: more.length })}
            </Button>
          </>
        )}
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0, flexDirection: 'column', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button
          variant={plan.popular ? 'contained' : 'outlined'}
          fullWidth
          onClick={() => onPurchase(plan)}
          aria-haspopup="dialog"
          aria-label={t('card.buyLabel', { name: plan.name })}
        >
          {t('card.buy')}
        </Button>
        <Button
          component={RouterLink}
          to={`/subscription/${encodeURIComponent(plan.id)}`}
          size="small"
          fullWidth
          aria-label={t('card.detailsLabel', { name: plan.name })}
        >
          {t('card.details')}
        </Button>
      </CardActions>
    </Card>
  );
});

/** The plan's logo, `size` pixels square, named for screen readers. */
export function PlanLogo({ plan, size, sx }: { plan: Plan; size: number; sx: SxProps<Theme> }) {
  const { t } = useTranslation('catalogue');
  return (
    <Box
      component="img"
      src={plan.logo}
      alt={t('card.logoAlt', { name: plan.name })}
      width={size}
      height={size}
      sx={sx}
    />
  );
}

/** Lines ticked off one under the other; `labelledBy` names the heading, `gutterBottom` keeps a gap below. */
export function FeatureList({
  features,
  labelledBy,
  gutterBottom = true,
}: {
  features: readonly string[];
  labelledBy?: string;
  gutterBottom?: boolean;
}) {
  return (
    <Stack
      component="ul"
      aria-labelledby={labelledBy}
      spacing={1}
      sx={{ listStyle: 'none', p: 0, m: 0, ...(gutterBottom && { mb: 1 }) }}
    >
      {features.map((feature) => (
        <Stack component="li" key={feature} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <CheckIcon fontSize="small" sx={{ color: 'success.main', mt: '2px' }} aria-hidden />
          <Typography variant="body2">{feature}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
