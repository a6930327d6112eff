import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import EuroIcon from '@mui/icons-material/Euro';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AdminStats } from '@shop/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { SectionCard } from '../components/section-card';
import { intlLocaleOf } from '../i18n/i18n-provider';
import { InstantForm } from '../lib/instant-form';
import { useDashboardColours, useMoney, usePercent } from './dashboard-format';
import { useAdminStats } from './use-admin-stats';
import { WorkQueueCard } from './work-queue-card';
import { visuallyHidden } from '../components/visually-hidden';

// The charts' library is the largest part of the dashboard: the figures show first, the charts a moment later.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** One of the seeds' six cards: an icon, what it counts, the figure. */
function FigureCard({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  const translate = useTranslate();
  const colours = useDashboardColours();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            flex: 'none',
            width: 48,
            height: 48,
            borderRadius: '50%',
            bgcolor: colours.iconTint,
            color: colours.violet,
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" component="h2" sx={{ color: 'text.secondary' }}>
            {translate(label)}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <SectionCard id={id} title={translate(title)} sx={{ height: '100%' }}>
      {children}
    </SectionCard>
  );
}

/** Active versus inactive (expired) subscriptions, as the seeds' progress bar shows it. */
function ActivityRate({ stats }: { stats: AdminStats }) {
  const translate = useTranslate();
  const percent = usePercent();
  const colours = useDashboardColours();
  return (
    <Section id="dashboard-activity" title="shop.dashboard.activity.title">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
          {percent(stats.activityRatePercent)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'right' }}>
          {translate('shop.dashboard.activity.detail', {
            active: stats.activeSubscriptions,
            expired: stats.expiredSubscriptions,
          })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, stats.activityRatePercent))}
        aria-label={translate('shop.dashboard.activity.title')}
        sx={{
          height: 12,
          borderRadius: 6,
          bgcolor: colours.track,
          '& .MuiLinearProgress-bar': { bgcolor: colours.green },
        }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {translate('shop.dashboard.activity.help')}
      </Typography>
    </Section>
  );
}

/** The seeds' financial block: revenue per user, monthly growth, conversion. */
function Financial({ stats }: { stats: AdminStats }) {
  const translate = useTranslate();
  const percent = usePercent();
  const money = useMoney();
  const rows: Array<[string, string, string]> = [
    [
      'shop.dashboard.financial.revenuePerUser',
      money(stats.revenuePerUserCents),
      'shop.dashboard.financial.revenuePerUserHelp',
    ],
    ['shop.dashboard.financial.growth', percent(stats.monthlyGrowthPercent), 'shop.dashboard.financial.growthHelp'],
    [
      'shop.dashboard.financial.conversion',
      percent(stats.conversionPercent),
      'shop.dashboard.financial.conversionHelp',
    ],
  ];
  return (
    <Section id="dashboard-financial" title="shop.dashboard.financial.title">
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        {rows.map(([label, value, help]) => (
          // A group of a term, its value and what it means: a <div> is the one wrapper a <dl> allows.
          <Box key={label} sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2 }}>
            <Typography component="dt" variant="body1">
              {translate(label)}
            </Typography>
            <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600, whiteSpace: 'nowrap' }}>
              {value}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, gridColumn: '1 / -1', color: 'text.secondary' }}>
              {translate(help)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

/** Background jobs that used all their attempts: the operator retries them from the command line. */
function FailedJobs({ stats }: { stats: AdminStats }) {
  const translate = useTranslate();
  const failed = stats.failedJobs;
  return (
    <Alert severity={failed > 0 ? 'error' : 'success'} icon={<SyncProblemIcon />} sx={{ alignItems: 'center' }}>
      {failed > 0
        ? translate('shop.dashboard.jobs.failed', { smart_count: failed })
        : translate('shop.dashboard.jobs.none')}
    </Alert>
  );
}

function Figures({ stats }: { stats: AdminStats }) {
  const money = useMoney();
  const [locale] = useLocaleState();
  const count = (n: number) => n.toLocaleString(intlLocaleOf(locale));
  const cards: Array<[string, ReactNode, ReactNode]> = [
    ['shop.dashboard.cards.totalUsers', <PeopleIcon />, count(stats.totalUsers)],
    ['shop.dashboard.cards.activeSubscriptions', <CardMembershipIcon />, count(stats.activeSubscriptions)],
    ['shop.dashboard.cards.totalRevenue', <EuroIcon />, money(stats.totalRevenueCents)],
    ['shop.dashboard.cards.monthlyRevenue', <CalendarMonthIcon />, money(stats.revenueThisMonthCents)],
    ['shop.dashboard.cards.newUsers', <PersonAddIcon />, count(stats.newUsersThisMonth)],
    ['shop.dashboard.cards.revenuePerUser', <TrendingUpIcon />, money(stats.revenuePerUserCents)],
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      {cards.map(([label, icon, value]) => (
        <FigureCard key={label} label={label} icon={icon} value={value} />
      ))}
    </Box>
  );
}

/**
 * "Au…": the figures as they stood at an instant the operator picks (the server folds the event
 * log up to then); "Revenir à maintenant" goes back to the live figures.
 */
function AsOfPicker({
  asOf,
  inFuture,
  onChange,
}: {
  asOf: Date | null;
  /** The server refused `asOf` as still to come: say so, not "the figures as they were". */
  inFuture: boolean;
  onChange: (asOf: Date | null) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <InstantForm
      label={translate('shop.dashboard.asOf.title')}
      searchLabel={translate('shop.dashboard.asOf.title')}
      onPick={onChange}
      onBackToNow={asOf ? () => onChange(null) : undefined}
    >
      {asOf && inFuture && (
        <Alert severity="warning" sx={{ flexBasis: '100%' }}>
          {translate('shop.dashboard.asOf.inFuture')}
        </Alert>
      )}
      {asOf && !inFuture && (
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
          {translate('shop.dashboard.asOf.showing', {
            date: new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'long', timeStyle: 'medium' }).format(
              asOf,
            ),
          })}
        </Typography>
      )}
    </InstantForm>
  );
}

/**
 * The back-office's home: the seeds' six cards, the activity rate, the financial block, the last
 * 30 days of revenue and new subscriptions, and what is waiting for the operator.
 */
export default function Dashboard() {
  const translate = useTranslate();
  const [asOf, setAsOf] = useState<Date | null>(null);
  const { stats, isPending, error, asOfInFuture, reload } = useAdminStats(undefined, asOf);
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title="shop.dashboard.title" />
      {/* The app bar shows the title; the page's own heading is for screen readers' outline. */}
      <Typography component="h1" sx={visuallyHidden}>
        {translate('shop.dashboard.title')}
      </Typography>
      <AsOfPicker asOf={asOf} inFuture={asOfInFuture} onChange={setAsOf} />
      {asOfInFuture ? null : error !== undefined && !stats ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {translate('shop.dashboard.loadError')}
        </Alert>
      ) : isPending || !stats ? (
        <Box sx={{ display: 'grid', gap: 2 }} aria-busy>
          <Skeleton variant="rounded" height={88} />
          <Skeleton variant="rounded" height={88} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      ) : (
        <>
          {/* What waits for the operator is today's business, not a past instant's. */}
          {!asOf && <WorkQueueCard />}
          {!asOf && <FailedJobs stats={stats} />}
          <Figures stats={stats} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            <ActivityRate stats={stats} />
            <Financial stats={stats} />
          </Box>
          <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
            <DashboardCharts stats={stats} />
          </Suspense>
        </>
      )}
    </Box>
  );
}
