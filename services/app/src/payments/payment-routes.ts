import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { formatMoney } from '../i18n/formatting.js';
import type { PaymentService } from './payment-service.js';
import { WebhookSignatureError } from './payment-provider.js';
import {
  DEFAULT_SANDBOX_CARD,
  isSandboxTestCard,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TEST_CARDS,
  type SandboxProvider,
  type SandboxSession,
} from './sandbox-provider.js';
import { currentUser, requireUser } from '../api/auth/authentication.js';
import { requestLanguage } from '../api/language.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem } from '../api/problem.js';
import {
  identifier,
  paymentProviders,
  paymentVerification,
  paymentVerificationQuery,
  webhookReceipt,
  type PaymentProviderOption,
  type PaymentProviders,
  type PaymentVerification,
  type WebhookReceipt,
} from '@shop/contracts';

/** The order the shop offers the enabled providers in, and how each is named to shoppers. */
const PROVIDER_OFFER = [
  { name: 'stripe', label: 'card' },
  { name: 'paypal', label: 'paypal' },
  { name: 'mollie', label: 'mollie' },
  { name: 'payssion', label: 'payssion' },
  { name: 'sandbox', label: 'sandbox' },
] as const satisfies readonly PaymentProviderOption[];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PAGE_TEXT = {
  fr: {
    title: 'Paiement de test',
    pay: 'Payer',
    cancel: 'Annuler',
    note: 'Aucun argent réel ne sera débité.',
    done: 'Cette session est terminée.',
    card: 'Carte de test',
    succeeds: 'les prélèvements suivants réussissent',
    declines: 'les prélèvements suivants sont refusés',
    kept: 'Cette carte sera enregistrée pour le renouvellement automatique.',
  },
  en: {
    title: 'Test payment',
    pay: 'Pay',
    cancel: 'Cancel',
    note: 'No real money will be charged.',
    done: 'This session is over.',
    card: 'Test card',
    succeeds: 'later charges succeed',
    declines: 'later charges are declined',
    kept: 'This card will be saved for automatic renewal.',
  },
};

const NOT_FOUND_TEXT = {
  fr: {
    title: 'Page de paiement introuvable',
    text: "Cette page de paiement n'existe pas, ou elle appartient à une autre session.",
    back: 'Retour à la boutique',
  },
  en: {
    title: 'Payment page not found',
    text: 'This payment page does not exist, or it belongs to another session.',
    back: 'Back to the shop',
  },
};

/**
 * A browser that asks for a sandbox page that is not there (or not its own) gets a small page in
 * its language with a way back to the shop; an API client gets the problem.
 */
function sandboxNotFound(req: Request, res: Response, problem: HttpProblem) {
  if (req.accepts(['json', 'html']) !== 'html') throw problem;
  const language = requestLanguage(req);
  const t = NOT_FOUND_TEXT[language] ?? NOT_FOUND_TEXT.fr;
  res
    .status(404)
    .type('html')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}</style></head>
<body><h1>${t.title}</h1><p>${t.text}</p><p><a href="/">${t.back}</a></p></body></html>`,
    );
}

function sandboxPage(res: Response, session: SandboxSession) {
  const t = PAGE_TEXT[session.language] ?? PAGE_TEXT.fr;
  const amount = formatMoney(session.amount_cents, session.currency, session.language);
  // The two test cards, as Stripe's: both pay now; kept, one is charged again and one is declined.
  const cards = Object.entries(SANDBOX_TEST_CARDS)
    .map(
      ([number, card], index) =>
        `<label class="card"><input type="radio" name="card" value="${number}"${index === 0 ? ' checked' : ''}> ${number.replace(/(\d{4})(?=\d)/g, '$1 ')} <small>(${card.laterCharges === 'succeed' ? t.succeeds : t.declines})</small></label>`,
    )
    .join('');
  const actions =
    session.status === 'open'
      ? `<form method="post" action="/sandbox/sessions/${session.id}/pay"><fieldset><legend>${t.card}</legend>${cards}</fieldset>${session.save_method ? `<p><small>${t.kept}</small></p>` : ''}<button type="submit" class="pay">${t.pay} ${amount}</button></form>
         <form method="post" action="/sandbox/sessions/${session.id}/cancel"><button type="submit">${t.cancel}</button></form>`
      : `<p>${t.done}</p>`;
  res.type('html')
    .send(`<!doctype html><html lang="${session.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}
button{font-size:1rem;padding:.75rem 1.25rem;margin:.25rem 0;width:100%;border-radius:.5rem;border:1px solid #444;background:#fff;cursor:pointer}
button.pay{background:#1b5e20;color:#fff;border-color:#1b5e20}button:focus-visible{outline:3px solid #ff9800;outline-offset:2px}
fieldset{border:1px solid #ccc;border-radius:.5rem;margin:0 0 .5rem}label.card{display:block;padding:.35rem 0;font-variant-numeric:tabular-nums}</style></head>
<body><h1>${t.title}</h1><p>${escapeHtml(session.description)}</p><p><strong>${amount}</strong></p>${actions}<p><small>${t.note}</small></p></body></html>`);
}

export function paymentRoutes(
  deps: { payments: PaymentService; sandbox: SandboxProvider | null },
  doc: ApiDocument,
): Router {
  const router = Router();

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/payments/providers',
      operationId: 'listPaymentProviders',
      summary: 'List the payment providers',
      description: 'Those a shopper can choose, in the order the checkout shows them.',
      tags: ['payments'],
      responses: { 200: { description: 'Enabled providers', schema: paymentProviders } },
    },
    (_req, res) => {
      const enabled = new Set(deps.payments.enabledProviders());
      const answer: PaymentProviders = { data: PROVIDER_OFFER.filter((provider) => enabled.has(provider.name)) };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/payments/verify',
      operationId: 'verifyPayment',
      summary: 'Verify a payment on return from the provider',
      description:
        'For /payment-success: asks the provider and fulfils through the same idempotent path as the webhook.',
      tags: ['payments'],
      query: paymentVerificationQuery,
      responses: {
        200: { description: "The order's status once the provider was asked", schema: paymentVerification },
        404: problem('payment.session_not_found'),
        422: problem('payment.provider_unavailable (the provider was switched off since)'),
      },
    },
    requireUser,
    async (req, res) => {
      const { session_id: sessionId } = paymentVerificationQuery.parse(req.query);
      const answer: PaymentVerification = await deps.payments.verify(
        currentUser(req).userId,
        sessionId,
        String(req.id),
      );
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/webhooks/:provider',
      operationId: 'receivePaymentWebhook',
      summary: "Receive a payment provider's notification",
      description: 'Verified, stored once, answered at once, processed by a job.',
      tags: ['webhooks'],
      params: z.object({ provider: identifier(64) }),
      responses: {
        200: { description: 'Received (duplicate: delivered before)', schema: webhookReceipt },
        400: problem('webhook.invalid_signature'),
        422: problem('payment.provider_unavailable (an unknown or switched-off provider)'),
      },
    },
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        const { duplicate } = await deps.payments.receiveWebhook(String(req.params.provider), body, req.headers);
        const answer: WebhookReceipt = { received: true, duplicate };
        res.json(answer);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new HttpProblem({ status: 400, code: error.code, detail: error.message });
        }
        throw error;
      }
    },
  );

  if (deps.sandbox) {
    const sandbox = deps.sandbox;
    const notFound = () =>
      new HttpProblem({ status: 404, code: 'payment.session_not_found', detail: 'No such payment session' });
    /**
     * The page and its buttons are for the customer who opened the checkout only (signed in by
     * the shop's cookie, which a cross-site form does not carry); anyone else finds nothing.
     */
    const ownSession = async (req: Request) => {
      const sessionId = String(req.params.id);
      const owned = await deps.payments.isSessionOf(req.auth?.userId, 'sandbox', sessionId);
      return owned ? await sandbox.session(sessionId) : null;
    };
    const sessionParams = z.object({ id: identifier() });
    doc.route(
      router,
      {
        method: 'get',
        path: '/sandbox/checkout/:id',
        operationId: 'showSandboxCheckout',
        summary: "Show the sandbox provider's payment page",
        description: 'HTML, for the customer who opened it.',
        tags: ['sandbox'],
        params: sessionParams,
        responses: {
          200: { description: 'The payment page (text/html)' },
          404: problem('payment.session_not_found (a small HTML page to a browser)'),
        },
      },
      async (req, res) => {
        const session = await ownSession(req);
        if (!session) return sandboxNotFound(req, res, notFound());
        sandboxPage(res, session);
      },
    );
    for (const action of ['pay', 'cancel'] as const) {
      doc.route(
        router,
        {
          method: 'post',
          path: `/sandbox/sessions/:id/${action}`,
          operationId: `${action}SandboxSession`,
          summary: `Press the sandbox page's ${action} button`,
          description: 'Notifies the shop by a signed webhook, then sends the browser back to the shop.',
          tags: ['sandbox'],
          params: sessionParams,
          responses: {
            303: { description: 'To the success or cancel page' },
            404: problem('payment.session_not_found (a small HTML page to a browser)'),
          },
        },
        express.urlencoded({ extended: false, limit: '1kb' }),
        async (req, res) => {
          const body = (req.body ?? {}) as { card?: unknown };
          const card = isSandboxTestCard(body.card) ? body.card : DEFAULT_SANDBOX_CARD;
          const completed = (await ownSession(req))
            ? await sandbox.complete(String(req.params.id), action, card)
            : null;
          if (!completed) return sandboxNotFound(req, res, notFound());
          // The provider notifies the shop exactly as a remote one would: a signed webhook.
          await deps.payments.receiveWebhook('sandbox', completed.notification.body, {
            [SANDBOX_SIGNATURE_HEADER]: completed.notification.signature,
          });
          const { session } = completed;
          res.redirect(303, session.status === 'paid' ? session.success_url : session.cancel_url);
        },
      );
    }
  }
  return router;
}
