import type { MessageTree } from './merge-messages';

/** The users screens' words, in English. */
export const usersMessages: MessageTree = {
  resources: {
    users: {
      fields: {
        id: 'Reference',
        customer: 'User',
        segment: 'Status',
        totalSpentCents: 'Total spent',
        subscriptions: 'Subscriptions',
        lastSignInAt: 'Last sign-in',
        profileVersion: 'Profile version',
        q: 'Search',
      },
      notifications: {
        created: 'User created successfully',
        updated: 'User updated successfully',
        deleted: 'User deleted successfully',
      },
    },
  },
  shop: {
    users: {
      createTitle: 'New user',
      noName: 'Name not set',
      segments: {
        with: 'With subscription',
        without: 'Without subscription',
        expired: 'Expired',
      },
      counters: {
        label: 'Users by subscription',
        with: 'With subscription',
        without: 'Without subscription',
        expired: 'Subscription expired',
        total: 'Total',
      },
      groups: {
        with: 'With subscription',
        without: 'Without subscription',
        expired: 'Subscription expired',
        empty: 'No user in this group.',
      },
      filters: { segment: 'Subscription' },
      noSubscription: 'No subscription',
      expires: 'expires %{date}',
      createHelp:
        'The account is opened with a password nobody knows: the user is e-mailed a link to choose their own.',
      emailHelp: 'The user signs in with this address.',
      sections: {
        subscriptions: 'Subscriptions',
        inquiries: 'Inquiries',
        credentials: 'Assigned credentials',
        noInquiries: 'No inquiry',
      },
      erase: {
        action: 'Delete',
        title: 'Delete the user %{name}?',
        content:
          'Their personal data (name, e-mail, sign-ins, inquiries) is erased for good: this cannot be undone. They can no longer sign in and their sessions end. Their live subscriptions are cancelled (reason “customer erased”) and leave the statistics; what they paid stays in the revenue. Their subscriptions’ history is kept, anonymous.',
      },
      erased: {
        value: '[erased]',
        notice:
          'This person was erased on %{date}: their personal data can no longer be read. Their subscriptions and history can still be read.',
      },
      grant: {
        action: 'Assign a subscription',
        title: 'Assign a subscription to %{name}',
        plan: 'Plan',
        months: 'Duration (months)',
        customPrice: 'Custom price (€)',
        customPriceHelp: 'Leave empty for the automatic price (the catalogue price for that duration).',
        help: 'The subscription is active at once; the user gets the payment-confirmed e-mail and notification.',
        perMonth: '%{price} / month',
        confirm: 'Assign',
        success: 'Subscription assigned',
        invalidMonths: 'A whole number of months, at least 1',
        invalidPrice: 'A positive price, to the cent',
      },
      export: { failed: 'The export could not be recorded: nothing was downloaded.' },
    },
    errors: {
      account: {
        changed_meanwhile:
          'Someone else changed this user since you opened it. Reload the page to see its current state, then make your change again.',
        not_found: 'This user does not exist (any more).',
        erased: 'This user was deleted.',
        cannot_erase_self: 'You cannot delete your own account: ask another administrator.',
        cannot_erase_admin:
          "An administrator's account is not deleted from the back-office: use the shop's own tool (shopctl users erase).",
        staff_protected: "A staff member's account is corrected by an owner: ask one.",
      },
      auth: { email_taken: 'This e-mail address already has an account.' },
      order: { unknown_plan: 'This plan is not in the catalogue.' },
    },
  },
};
