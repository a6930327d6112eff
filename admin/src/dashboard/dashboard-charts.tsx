import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { AdminStats } from '@shop/contracts';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type YAxisProps } from 'recharts';
import { useDashboardColours, useDay, useMoney } from './dashboard-format';

/** A 30-day chart with its caption and, for screen readers, its total. */
function ChartCard({
  id,
  title,
  summary,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card component="figure" aria-labelledby={id} sx={{ m: 0, height: '100%' }}>
      <CardContent>
        <Typography id={id} variant="h6" component="figcaption">
          {translate(title)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {summary}
        </Typography>
        <Box sx={{ width: '100%', height: 240 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/**
 * A bar a day: the days along the bottom, the values up the side (`yAxis`: its width and ticks), and
 * on hovering a bar its day and its value in words (`formatValue`) beside the series' name.
 */
function DayBars({
  data,
  dataKey,
  fill,
  yAxis,
  formatValue,
  series,
}: {
  data: { date: string }[];
  dataKey: string;
  fill: string;
  yAxis: YAxisProps;
  formatValue: (value: number) => string;
  series: string;
}) {
  const day = useDay();
  const colours = useDashboardColours();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={day} minTickGap={24} tick={{ fontSize: 12, fill: colours.tick }} />
        <YAxis {...yAxis} tick={{ fontSize: 12, fill: colours.tick }} />
        <Tooltip
          labelFormatter={(date) => day(String(date))}
          formatter={(value) => [formatValue(Number(value)), series]}
        />
        <Bar dataKey={dataKey} fill={fill} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

function RevenueChart({ stats }: { stats: AdminStats }) {
  const translate = useTranslate();
  const money = useMoney();
  const colours = useDashboardColours();
  const total = stats.revenueByDay.reduce((sum, d) => sum + d.cents, 0);
  const data = stats.revenueByDay.map((d) => ({ date: d.date, euros: d.cents / 100 }));
  return (
    <ChartCard
      id="dashboard-revenue-chart"
      title="shop.dashboard.charts.revenue"
      summary={translate('shop.dashboard.charts.revenueTotal', { total: money(total) })}
    >
      <DayBars
        data={data}
        dataKey="euros"
        fill={colours.violet}
        yAxis={{ width: 56, tickFormatter: (euros: number) => money(euros * 100).replace(/[,.]00(?=\D*$)/, '') }}
        formatValue={(euros) => money(euros * 100)}
        series={translate('shop.dashboard.charts.revenueSeries')}
      />
    </ChartCard>
  );
}

function SubscriptionsChart({ stats }: { stats: AdminStats }) {
  const translate = useTranslate();
  const colours = useDashboardColours();
  const total = stats.subscriptionsByDay.reduce((sum, d) => sum + d.count, 0);
  return (
    <ChartCard
      id="dashboard-subscriptions-chart"
      title="shop.dashboard.charts.subscriptions"
      summary={translate('shop.dashboard.charts.subscriptionsTotal', { smart_count: total })}
    >
      <DayBars
        data={stats.subscriptionsByDay}
        dataKey="count"
        fill={colours.green}
        yAxis={{ width: 32, allowDecimals: false }}
        formatValue={String}
        series={translate('shop.dashboard.charts.subscriptionsSeries')}
      />
    </ChartCard>
  );
}

/** The last 30 days of revenue and of new subscriptions (its own chunk, with the charts' library). */
export default function DashboardCharts({ stats }: { stats: AdminStats }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      <RevenueChart stats={stats} />
      <SubscriptionsChart stats={stats} />
    </Box>
  );
}
