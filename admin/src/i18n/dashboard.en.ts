import type { MessageTree } from './merge-messages';

/** The dashboard screens' words, in English. */
export const dashboardMessages: MessageTree = {
  shop: {
    credentials: {
      counters: {
        label: 'Credentials in figures',
        total: 'Stored credentials',
        plans: 'Distinct plans',
        logins: 'Distinct login e-mails',
      },
    },
    dashboard: {
      title: 'Dashboard',
      loadError: 'Error while fetching the statistics',
      asOf: {
        title: 'As of…',
        showing: 'Figures as they stood on %{date}, read from the event log.',
        inFuture: 'This date is in the future: the figures are only known up to now.',
      },
      cards: {
        totalUsers: 'Users',
        activeSubscriptions: 'Active subscriptions',
        totalRevenue: 'Total revenue',
        monthlyRevenue: 'Revenue this month',
        newUsers: 'New members (this month)',
        revenuePerUser: 'Revenue per user',
      },
      activity: {
        title: 'Activity rate',
        detail: 'Active: %{active} · expired: %{expired}',
        help: 'Active subscriptions out of active and expired ones.',
      },
      financial: {
        title: 'Financial indicators',
        revenuePerUser: 'Revenue per user',
        revenuePerUserHelp: 'Total revenue (paid, not refunded) divided by the number of users.',
        growth: 'Monthly growth',
        growthHelp: 'New members this month compared with those who registered before.',
        conversion: 'Conversion rate',
        conversionHelp: 'Active subscriptions compared with the number of users.',
      },
      toHandle: {
        refundRequests: 'Refund requests waiting',
        loadError: 'Error while loading the refund requests',
        requestedOn: 'requested on %{date}',
        quoted: '“%{text}”',
      },
      jobs: {
        failed:
          '%{smart_count} background job failed (an e-mail, a payment notice or an expiry): "shopctl jobs failed" shows it, "shopctl jobs retry" runs it again |||| %{smart_count} background jobs failed (e-mails, payment notices or expiries): "shopctl jobs failed" shows them, "shopctl jobs retry" runs them again',
        none: 'No background job has failed.',
      },
      charts: {
        revenue: 'Revenue, last 30 days',
        revenueTotal: 'Total over the period: %{total}',
        revenueSeries: 'Revenue',
        subscriptions: 'New subscriptions (last 30 days)',
        subscriptionsTotal:
          '%{smart_count} subscription over the period |||| %{smart_count} subscriptions over the period',
        subscriptionsSeries: 'Subscriptions',
      },
    },
  },
};
