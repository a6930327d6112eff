import { describe, expect, it } from 'vitest';
import { ORDER_MAIL_KINDS } from '../jobs/job-queue.js';
import { ORDER_MAIL_LANGUAGES, orderNews, type OrderNewsFacts } from './order-mail-templates.js';

const facts = (planName = 'Netflix Premium'): OrderNewsFacts => ({
  subscription: {
    id: 'sub-42',
    planId: 'netflix-premium',
    planName,
    months: 3,
    totalCents: 1359,
    currency: 'EUR',
    expiresAt: '2027-02-26T09:30:00.000Z',
  },
  fullName: 'Camille Martin',
  publicUrl: 'https://shop.example',
  at: '2027-02-19T09:30:00.000Z',
  amountCents: 453,
  months: 1,
  charge: { at: '2027-02-23T09:30:00.000Z', amountCents: 1359, method: 'Visa •••• 4242' },
});

const cases = ORDER_MAIL_KINDS.flatMap((kind) => ORDER_MAIL_LANGUAGES.map((language) => [kind, language] as const));

describe('the subscription e-mails, from their templates', () => {
  it.each(cases)('renders %s in %s with every variable filled', (kind, language) => {
    const news = orderNews(kind, language, facts());
    for (const [part, value] of Object.entries(news)) {
      expect(value, part).not.toBe('');
      expect(value, part).not.toMatch(/\{\{|\}\}|undefined|NaN|\[object Object\]/);
    }
    expect(news.subject).toContain('Netflix Premium');
    expect(news.message).toContain('Netflix Premium');
    expect(news.text).toContain(news.greeting);
    expect(news.text).toContain(news.message);
    expect(news.text).toContain(news.link);
    expect(news.text).toContain(
      language === 'fr' ? 'PremiumShare — abonnements premium partagés' : 'PremiumShare — shared premium subscriptions',
    );
    expect(news.html).toContain(`<html lang="${language}">`);
    expect(news.html).toContain(`<h1 style="margin: 0 0 16px; font-size: 22px; line-height: 1.3">${news.title}</h1>`);
    expect(news.html).not.toMatch(/<img|https?:\/\/(?!shop\.example)/);
    expect(news.link.startsWith('https://shop.example/')).toBe(true);
  });

  it('keeps the words the customers already get', () => {
    const fr = orderNews('order_received', 'fr', facts('Netflix'));
    expect(fr.subject).toBe('Commande reçue : Netflix, 3 mois');
    expect(fr.text).toBe(
      [
        'Bonjour Camille Martin,',
        '',
        "Nous avons bien reçu votre commande Netflix pour 3 mois, d'un total de 13,59\u00a0€. Votre abonnement démarrera dès que le paiement sera confirmé.",
        '',
        'Vos abonnements : https://shop.example/profile',
        '',
        '-- ',
        'PremiumShare — abonnements premium partagés',
        '',
      ].join('\n'),
    );
    const en = orderNews('renewal_confirmed', 'en', facts('Netflix'));
    expect(en.subject).toBe('Renewal confirmed: Netflix, 1 month');
    expect(en.message).toBe(
      'Your payment of €4.53 is confirmed: your Netflix subscription is extended by 1 month, until 26 February 2027 at 09:30 UTC.',
    );
    expect(orderNews('credentials_ready', 'en', facts()).link).toBe('https://shop.example/en/product-access/sub-42');
  });

  it('confirms with the order the request for immediate access the customer made, as the law asks', () => {
    const asked = { ...facts('Netflix'), immediateAccess: true };
    expect(orderNews('order_received', 'fr', asked).message).toBe(
      "Nous avons bien reçu votre commande Netflix pour 3 mois, d'un total de 13,59\u00a0€. Votre abonnement démarrera dès que le paiement sera confirmé. Vous avez demandé l'accès immédiat au service avant la fin du délai de rétractation de 14 jours, et reconnu perdre votre droit de rétractation une fois le service entièrement fourni.",
    );
    expect(orderNews('order_received', 'en', asked).message).toBe(
      'We have received your order for Netflix, 3 months, totalling €13.59. Your subscription starts as soon as the payment is confirmed. You asked for access to start before the 14-day withdrawal period ends, and acknowledged that you lose your right of withdrawal once the service has been fully provided.',
    );
    expect(orderNews('order_received', 'en', facts('Netflix')).message).not.toContain('withdrawal');
  });

  it('gives notice of an automatic charge: when, how much, on which method, and how to stop it', () => {
    const fr = orderNews('renewal_upcoming', 'fr', facts());
    expect(fr.subject).toBe('Votre abonnement Netflix Premium se renouvelle le 23 février 2027');
    expect(fr.message).toBe(
      "Votre abonnement Netflix Premium (3 mois) se renouvelle automatiquement : 13,59\u00a0€ seront prélevés sur Visa •••• 4242 le 23 février 2027 à 09:30 UTC. Pour ne pas le renouveler, résiliez-le avant cette date depuis votre espace ; vous gardez l'accès jusqu'à son échéance.",
    );
    expect(fr.link).toBe('https://shop.example/profile');
    const en = orderNews('renewal_upcoming', 'en', facts());
    expect(en.subject).toBe('Your Netflix Premium subscription renews on 23 February 2027');
    expect(en.message).toContain('€13.59 will be charged to Visa •••• 4242 on 23 February 2027 at 09:30 UTC');
  });

  it('tells of an order cancelled because it was never paid, and offers to order it again', () => {
    const fr = orderNews('order_abandoned', 'fr', facts());
    expect(fr.subject).toBe('Commande annulée : Netflix Premium, 3 mois');
    expect(fr.message).toBe(
      "Nous n'avons pas reçu le paiement de votre commande Netflix Premium (3 mois, 13,59\u00a0€) : elle est annulée et rien ne vous a été prélevé. Vous pouvez la passer à nouveau quand vous le souhaitez.",
    );
    expect(fr.text).toContain('Commander à nouveau : https://shop.example/subscription/netflix-premium');
    const en = orderNews('order_abandoned', 'en', facts());
    expect(en.subject).toBe('Order cancelled: Netflix Premium, 3 months');
    expect(en.link).toBe('https://shop.example/en/subscription/netflix-premium');
  });

  it('says with a refund whether the subscription ended with it, or until when it runs', () => {
    expect(orderNews('refund_issued', 'fr', { ...facts(), ended: true }).message).toContain(
      'Votre abonnement a pris fin avec ce remboursement.',
    );
    expect(orderNews('refund_issued', 'en', { ...facts(), ended: true }).message).toContain(
      'Your subscription ended with this refund.',
    );
    const kept = orderNews('refund_issued', 'fr', facts());
    expect(kept.message).toContain("Votre abonnement reste actif jusqu'au 26 février 2027");
    expect(kept.message).not.toContain('a pris fin');
    expect(orderNews('refund_issued', 'en', facts()).message).toContain(
      'Your subscription stays active until 26 February 2027',
    );
  });

  it('says the new news: a refund issued, a suspension, a renewal reminder with its one-click link', () => {
    expect(orderNews('refund_issued', 'en', facts()).message).toBe(
      'A refund of €4.53 for your Netflix Premium subscription has been issued. It reaches you in 3–5 business days. Your subscription stays active until 26 February 2027 at 09:30 UTC.',
    );
    expect(orderNews('refund_issued', 'fr', facts()).message).toContain('en 3 à 5 jours ouvrés');
    expect(orderNews('suspended', 'fr', facts()).link).toBe('https://shop.example/support');
    const week = orderNews('renewal_reminder', 'en', facts());
    expect(week.subject).toBe('Your Netflix Premium subscription expires in 7 days');
    expect(week.link).toBe('https://shop.example/en/profile?renew=sub-42');
    const day = orderNews('renewal_reminder', 'fr', { ...facts(), at: '2027-02-25T09:30:00.000Z' });
    expect(day.subject).toBe('Votre abonnement Netflix Premium expire dans 1 jour');
    expect(day.text).toContain('Renouveler en un clic : https://shop.example/profile?renew=sub-42');
  });

  it('escapes what the HTML part shows, and leaves the plain texts as they are', () => {
    const news = orderNews('payment_confirmed', 'en', { ...facts('<b>Netflix</b> & co'), fullName: '<i>Eve</i>' });
    expect(news.html).not.toContain('<b>');
    expect(news.html).not.toContain('<i>');
    expect(news.html).toContain('&lt;b&gt;Netflix&lt;/b&gt; &amp; co');
    expect(news.html).toContain('Hello &lt;i&gt;Eve&lt;/i&gt;,');
    expect(news.subject).toBe('Payment confirmed: <b>Netflix</b> & co, 3 months');
    expect(news.text).toContain('your <b>Netflix</b> & co subscription');
  });

  it('greets without a name when the account has none', () => {
    expect(orderNews('expired', 'fr', { ...facts(), fullName: '  ' }).greeting).toBe('Bonjour,');
    expect(orderNews('expired', 'en', { ...facts(), fullName: '' }).greeting).toBe('Hello,');
  });
});
