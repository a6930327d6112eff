import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

/** English: react-admin's own words, then ours, with the same keys as fr.ts. */
export const en: TranslationMessages = {
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
    adminOnly: {
      title: 'Administrators only',
      message:
        'Your account has no access to the administration. If you think this is a mistake, ask an administrator to give you access.',
      signOut: 'Sign out',
    },
    languages: { fr: 'French', en: 'English' },
    roles: { customer: 'Customer', admin: 'Administrator' },
    empty: 'Not given',
    inquiries: {
      kinds: {
        support: 'Support',
        affiliate: 'Affiliate',
        partnership: 'Partnership',
        suggestion: 'Suggestion',
      },
      statuses: { new: 'New', in_progress: 'In progress', closed: 'Closed' },
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
      details: {
        message: 'Message',
        phone: 'Phone',
        website: 'Website',
        trafficVolume: 'Monthly traffic',
        promotionMethods: 'Promotion methods',
        experience: 'Experience',
        motivation: 'Motivation',
        expectedVolume: 'Expected volume',
        description: 'Description',
        suggestion: 'Suggestion',
      },
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
      auth: {
        forbidden: 'Your account has no access to the administration.',
        csrf_rejected: 'Your session changed. Reload the page, then try again.',
      },
      rate_limited: 'Too many requests. Wait a moment, then try again.',
      network: { unreachable: 'The server does not answer. Check your connection, then try again.' },
    },
  },
};
