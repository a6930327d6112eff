import { INQUIRY_DETAIL_LABELS } from '@shop/contracts';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { mergeMessages, type MessageTree } from './merge-messages';

/** English: react-admin's own words, then ours, with the same keys as fr.ts. */
const common: TranslationMessages = {
  ...englishMessages,
  resources: {
    inquiries: {
      name: 'Inquiry |||| Inquiries',
      fields: {
        id: 'Reference',
        kind: 'Kind',
        status: 'Status',
        version: 'Version',
        email: 'E-mail',
        name: 'Name',
        companyName: 'Company',
        sender: 'Name / company',
        subject: 'Subject',
        category: 'Category',
        language: 'Language',
        userId: 'Customer account',
        receivedAt: 'Received',
        updatedAt: 'Updated',
        statusChangedBy: 'Status changed by',
        details: 'Content',
        q: 'Search',
      },
    },
    subscriptions: {
      name: 'Subscription |||| Subscriptions',
      fields: {
        id: 'Reference',
        customer: 'Customer',
        customerEmail: "Customer's e-mail",
        customerName: "Customer's name",
        userId: 'Customer account',
        planId: 'Plan',
        planName: 'Plan',
        months: 'Duration',
        status: 'Status',
        statusReason: 'Status reason',
        totalCents: 'Total',
        discountCents: 'Discount',
        provider: 'Payment method',
        paymentReference: 'Payment reference',
        lastPaymentIssue: 'Last payment issue',
        createdAt: 'Ordered',
        paidAt: 'Paid',
        expiresAt: 'Expires',
        credentials: 'Credentials',
        credentialsId: 'Credentials',
        hasCredentials: 'Credentials',
        q: 'Search',
      },
    },
    credentials: {
      name: 'Credentials |||| Credentials',
      fields: {
        id: 'Reference',
        planId: 'Plan',
        planName: 'Plan',
        email: 'Login e-mail',
        password: 'Password',
        additionalInfo: 'Additional information',
        clearAdditionalInfo: 'Clear the additional information',
        assignedCount: 'Subscriptions served',
        createdAt: 'Created',
        createdBy: 'Created by',
        updatedAt: 'Updated',
        updatedBy: 'Updated by',
        q: 'Search',
      },
      notifications: {
        created: 'Credentials created',
        updated: 'Credentials updated',
        deleted: 'Credentials deleted',
      },
    },
    users: {
      name: 'User |||| Users',
      fields: {
        email: 'E-mail',
        fullName: 'Full name',
        role: 'Role',
        twoFactorEnabled: 'Two-factor sign-in',
        createdAt: 'Joined',
      },
    },
  },
  shop: {
    title: 'PremiumShare — Administration',
    backToShop: 'Back to the shop',
    refreshed: 'Data refreshed',
    adminOnly: {
      title: 'Administrators only',
      message:
        'Your account has no access to the administration. If you think this is a mistake, ask an administrator to give you access.',
      signOut: 'Sign out',
    },
    languages: { fr: 'French', en: 'English' },
    roles: { customer: 'Customer', admin: 'Administrator' },
    empty: 'Not given',
    copy: {
      action: 'Copy %{label}',
      copied: 'Copied',
      done: '%{label} copied to the clipboard',
      failed: 'Could not copy',
    },
    subscriptions: {
      title: '%{plan} subscription',
      order: 'Order',
      monthCount: '%{smart_count} month |||| %{smart_count} months',
      statuses: {
        pending: 'Payment pending',
        active: 'Active',
        suspended: 'Suspended',
        cancelled: 'Cancelled',
        expired: 'Expired',
      },
      credentials: {
        assigned: 'Assigned',
        missing: 'To provide',
        none: 'None',
        with: 'With credentials',
        without: 'Without credentials',
        all: 'All',
      },
      assign: {
        action: 'Assign credentials',
        replace: 'Assign other credentials',
        confirm: 'Assign',
        current: 'current',
        choose: 'Credentials stored for %{plan}:',
        help: 'The customer is told by e-mail and notification that their credentials are ready (never the credentials themselves).',
        none: 'No credentials are stored for %{plan} yet.',
        createFirst: 'Create credentials',
        success: 'Credentials assigned',
        waiting:
          "The customer is waiting for their credentials: they are promised within 24 hours of payment. Choose credentials of the customer's plan.",
        replaceHelp: 'To replace faulty credentials, assign other ones: the customer is told again.',
        onlyActive: 'Only an active subscription can be given credentials.',
      },
    },
    credentials: {
      title: '%{plan} credentials',
      createTitle: 'New credentials',
      serves: '%{smart_count} subscription |||| %{smart_count} subscriptions',
      servesNone: 'No subscription',
      updatedOn: 'updated %{date}',
      passwordHidden: 'Password hidden',
      reveal: 'Show the password',
      hide: 'Hide',
      revealError: 'Could not read the credentials',
      loadError: 'Could not load the credentials',
      generate: 'Generate',
      generated: 'Password generated',
      passwordHelp: '12 random characters with "Generate", if the service lets you choose it.',
      passwordKeep: 'Leave empty to keep the current password.',
      additionalInfoHelp: 'Optional: profile to use, PIN code… Shown to the subscribers of these credentials.',
      additionalInfoKeep: 'Leave empty to keep the current information (shown with the password on the details page).',
      additionalInfoHidden: 'Hidden (shown with the password)',
      planHelp: 'The plan of credentials that serve subscriptions in use cannot be changed.',
      deleteTitle: 'Delete the credentials %{email}',
      deleteConfirm: 'Are you sure you want to delete these credentials?',
      inUse:
        'These credentials still serve %{smart_count} subscription in use: assign it other credentials before deleting them. |||| These credentials still serve %{smart_count} subscriptions in use: assign them other credentials before deleting them.',
    },
    inquiries: {
      kinds: {
        support: 'Support',
        affiliate: 'Affiliate',
        partnership: 'Partnership',
        suggestion: 'Suggestion',
      },
      statuses: { new: 'New', in_progress: 'In progress', closed: 'Closed' },
      statusChanged: 'Inquiry moved to “%{status}”',
      categories: {
        subscriptions: 'Subscriptions',
        payment: 'Payment',
        account: 'Account',
        technical: 'Technical',
        security: 'Security',
        other: 'Other',
      },
      partnershipTypes: {
        reseller: 'Reseller',
        affiliate: 'Affiliate',
        integration: 'Integration',
        content: 'Content',
        distribution: 'Distribution',
        other: 'Other',
      },
      promotionMethods: {
        'social-media': 'Social media',
        blog: 'Blog',
        email: 'E-mail',
        youtube: 'YouTube',
        influencer: 'Influencers',
        'paid-ads': 'Paid ads',
        other: 'Other',
      },
      details: INQUIRY_DETAIL_LABELS.en,
      changeStatus: 'Change the status',
      statusHelp:
        'New → in progress → closed; a closed inquiry can be reopened (in progress). Nothing goes back to new.',
    },
    errors: {
      inquiry: {
        stale:
          'Someone else changed this inquiry since you opened it. Reload the page to see where it stands, then try again.',
        invalid_transition: 'This status change is not allowed from the current status.',
        not_found: 'This inquiry does not exist (any more).',
      },
      subscription: {
        not_found: 'This subscription does not exist (any more).',
        not_active:
          'This subscription is not active (payment pending, cancelled or expired): it cannot be given credentials.',
      },
      credentials: {
        not_found: 'These credentials do not exist (any more).',
        plan_mismatch:
          "These credentials are stored for another plan than the subscription's. Choose credentials of the same plan.",
        in_use: 'These credentials still serve subscriptions in use: assign them other credentials first.',
        unknown_plan: 'This plan is not in the catalogue.',
        stale:
          'Someone else changed these credentials since you opened them. Reload the page to see their current version, then try again.',
      },
      auth: {
        forbidden: 'Your account has no access to the administration.',
        csrf_rejected: 'Your session changed. Reload the page, then try again.',
      },
      rate_limited: 'Too many requests. Wait a moment, then try again.',
      network: { unreachable: 'The server does not answer. Check your connection, then try again.' },
    },
  },
};

/** Each area's words in English (`<area>.en.ts`, see merge-messages.ts), added to the common ones. */
const areas = import.meta.glob<Record<string, MessageTree>>('./*.en.ts', { eager: true });

export const en = mergeMessages(common, ...Object.values(areas).flatMap((area) => Object.values(area)));
