import { readFileSync } from 'node:fs';
import type { Language } from '@shop/domain';
import type { SubscriptionView } from '@shop/projections';
import Handlebars from 'handlebars';
import { formatDateTime, formatDay, formatMoney } from '../i18n/formatting.js';
import { shopAddress } from '../i18n/shop-address.js';
import type { OrderMailKind } from '../jobs/job-queue.js';

/**
 * The words of the subscription e-mails live in ./templates, one file per kind and language
 * (`<kind>.<language>.txt`), each made of sections (`subject:`, `title:`, `message:`, and
 * `linkLabel:` / `button:` where the kind replaces those of `common.<language>.txt`). A section
 * runs from its name at the start of a line to the next one; its indented lines are joined with
 * spaces; lines starting with `#` are comments. Sections are Handlebars templates rendered as
 * plain text (the notification and the text part use them as they are); the HTML part is the
 * shared `layout.html`, which escapes them, and the text part `layout.txt`.
 */
const TEMPLATES = new URL('./templates/', import.meta.url);

export const ORDER_MAIL_LANGUAGES = ['fr', 'en'] as const satisfies readonly Language[];

/** What one piece of order news says, in one language, and the e-mail that carries it. */
export interface OrderNews {
  subject: string;
  greeting: string;
  title: string;
  message: string;
  linkLabel: string;
  /** Where the news sends the customer. */
  link: string;
  html: string;
  text: string;
}

/** What the news is about: the subscription as the read model shows it, and what the event said. */
export interface OrderNewsFacts {
  subscription: Pick<
    SubscriptionView,
    'id' | 'planId' | 'planName' | 'months' | 'totalCents' | 'currency' | 'expiresAt'
  >;
  fullName: string;
  /** The shop's address, for the link. */
  publicUrl: string;
  /** The expiry, amount and months the news is about, where the event gave them (a renewal, a cancellation, a refund). */
  expiresAt?: string;
  amountCents?: number;
  months?: number;
  /** When the news is given (a reminder counts the days left from it). */
  at?: string;
  /** When a declined renewal is tried again; absent when no try is left. */
  retryAt?: string;
  /** A refund that ended the subscription (nothing paid is kept). */
  ended?: boolean;
  /** The order's request for access before the withdrawal period ends, which its receipt confirms. */
  immediateAccess?: boolean;
  /** The automatic charge coming (its notice): when, how much, and the kept method's label. */
  charge?: { at: string; amountCents: number; method: string };
}

const DAY_MS = 24 * 3600_000;

const handlebars = Handlebars.create();
/** `{{plural count "month" "months"}}`: the count and the word that agrees with it. */
handlebars.registerHelper('plural', (count: unknown, one: unknown, other: unknown) =>
  count === 1 ? `${count} ${String(one)}` : `${String(count)} ${String(other)}`,
);

type Template = Handlebars.TemplateDelegate;
type Sections = Record<string, Template>;

const SECTION = /^([A-Za-z]+):[ \t]*(.*)$/;

function readTemplate(name: string): string {
  return readFileSync(new URL(name, TEMPLATES), 'utf8');
}

/** The sections of a template file, each compiled: strict, so that a name the facts lack is an error, not a blank. */
function parseSections(name: string): Sections {
  const sections: Record<string, string[]> = {};
  let current: string[] | null = null;
  for (const line of readTemplate(name).split(/\r?\n/)) {
    if (line.startsWith('#')) continue;
    const start = SECTION.exec(line);
    if (start) {
      current = sections[start[1]!] = start[2] ? [start[2]] : [];
    } else if (current && line.trim() !== '') {
      current.push(line.trim());
    }
  }
  return Object.fromEntries(
    Object.entries(sections).map(([key, lines]) => [
      key,
      handlebars.compile(lines.join(' '), { noEscape: true, strict: true }),
    ]),
  );
}

const cache = new Map<string, Sections | Template>();

function sectionsOf(name: string): Sections {
  let sections = cache.get(name) as Sections | undefined;
  if (!sections) cache.set(name, (sections = parseSections(name)));
  return sections;
}

function layoutOf(name: 'layout.html' | 'layout.txt'): Template {
  let layout = cache.get(name) as Template | undefined;
  if (!layout) {
    layout = handlebars.compile(readTemplate(name), { strict: true, noEscape: name === 'layout.txt' });
    cache.set(name, layout);
  }
  return layout;
}

/**
 * Where the news sends the customer: the credentials page, the one-click renewal, the support
 * page, the plan's page to order again, the catalogue (its plan withdrawn), or the profile.
 */
export function orderNewsPath(kind: OrderMailKind, subscription: { id: string; planId: string }): string {
  const subscriptionId = subscription.id;
  switch (kind) {
    case 'credentials_ready':
      return `/product-access/${subscriptionId}`;
    case 'renewal_reminder':
    case 'renewal_failed':
      return `/profile?renew=${encodeURIComponent(subscriptionId)}`;
    case 'suspended':
      return '/support';
    case 'order_abandoned':
      return `/subscription/${encodeURIComponent(subscription.planId)}`;
    case 'plan_withdrawn':
      return '/subscriptions';
    default:
      return '/profile';
  }
}

/** The words of one piece of order news in one language, and its e-mail (HTML and plain text). */
export function orderNews(kind: OrderMailKind, language: Language, facts: OrderNewsFacts): OrderNews {
  const { subscription } = facts;
  const expiresAt = facts.expiresAt ?? subscription.expiresAt;
  const at = facts.at ? Date.parse(facts.at) : Date.now();
  const variables = {
    name: facts.fullName.trim(),
    plan: subscription.planName,
    months: subscription.months,
    renewedMonths: facts.months ?? subscription.months,
    total: formatMoney(subscription.totalCents, subscription.currency, language),
    amount: formatMoney(facts.amountCents ?? subscription.totalCents, subscription.currency, language),
    expiry: expiresAt ? formatDateTime(expiresAt, language) : '',
    daysLeft: expiresAt ? Math.max(1, Math.round((Date.parse(expiresAt) - at) / DAY_MS)) : 0,
    retry: facts.retryAt ? formatDateTime(facts.retryAt, language) : '',
    chargeDay: facts.charge ? formatDay(facts.charge.at, language) : '',
    chargeAt: facts.charge ? formatDateTime(facts.charge.at, language) : '',
    chargeAmount: facts.charge ? formatMoney(facts.charge.amountCents, subscription.currency, language) : '',
    method: facts.charge?.method ?? '',
    ended: facts.ended === true,
    immediateAccess: facts.immediateAccess === true,
  };
  const render = (sections: Sections, key: string) => sections[key]?.(variables);
  const common = sectionsOf(`common.${language}.txt`);
  const own = sectionsOf(`${kind}.${language}.txt`);
  const section = (key: string) => {
    const text = render(own, key) ?? render(common, key);
    if (text === undefined) throw new Error(`the template ${kind}.${language}.txt has no ${key}`);
    return text;
  };
  const words = {
    subject: section('subject'),
    greeting: section('greeting'),
    title: section('title'),
    message: section('message'),
    linkLabel: section('linkLabel'),
    link: shopAddress(facts.publicUrl, language, orderNewsPath(kind, subscription)),
  };
  const page = { ...words, language, button: section('button'), footer: section('footer') };
  return { ...words, html: layoutOf('layout.html')(page), text: layoutOf('layout.txt')(page) };
}
