import {
  CUSTOMER_ERASED_REASON,
  formatShopTime,
  FREE_OFFER_PROVIDER,
  OPERATOR_PROVIDER,
  recordedRole,
  type Language,
} from '@shop/domain';
import { formatMoney } from '../i18n/formatting.js';

/** What a sentence may need besides the event's data: names the reader knows things by. */
export interface SummaryContext {
  language: Language;
  /** The actor's display name ("Stripe", "Alice Martin", "la tâche d'expiration"). */
  actorName: string;
  /** The shop's time zone, in which dates are written (`2026-11-26 14:03:07 +01:00`); UTC with `utc`. */
  timeZone: string;
  utc?: boolean;
}

type Data = Record<string, unknown>;
type Sentence = (data: Data, context: SummaryContext) => { fr: string; en: string };

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const ROLE_NAMES: Record<string, Record<Language, string>> = {
  owner: { fr: 'propriétaire', en: 'owner' },
  support: { fr: 'support', en: 'support' },
  finance: { fr: 'finance', en: 'finance' },
};
/** A staff role in the reader's language; a grant of the former `admin` reads as owner. */
const roleName = (value: unknown, language: Language) => {
  const role = recordedRole(str(value));
  return role ? ROLE_NAMES[role]![language] : str(value);
};
const money = (data: Data, cents: string, language: Language) =>
  formatMoney(num(data[cents]), str(data.currency) || 'EUR', language);
/**
 * What a refund in full gave back: the payment's amount, or, after partial refunds of it, the rest
 * (`refundedBeforeCents` went back before), with the payment's amount beside it.
 */
const refunded = (data: Data, language: Language) => {
  const before = num(data.refundedBeforeCents);
  if (before <= 0) return money(data, 'amountCents', language);
  const rest = formatMoney(num(data.amountCents) - before, str(data.currency) || 'EUR', language);
  const whole = money(data, 'amountCents', language);
  return language === 'fr'
    ? `${rest} (le reste des ${whole} du paiement)`
    : `${rest} (the rest of the ${whole} payment)`;
};
const when = (value: unknown, context: SummaryContext) =>
  typeof value === 'string' ? formatShopTime(value, context.timeZone, { utc: context.utc }) : '';
const formatPercent = (rate: unknown, language: Language) =>
  new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-IE', { style: 'percent', maximumFractionDigits: 2 }).format(
    num(rate),
  );
const months = (n: number) => ({ fr: `${n} mois`, en: n === 1 ? '1 month' : `${n} months` });

const STATUS: Record<string, { fr: string; en: string }> = {
  pending: { fr: 'en attente', en: 'pending' },
  active: { fr: 'actif', en: 'active' },
  suspended: { fr: 'suspendu', en: 'suspended' },
  cancelled: { fr: 'annulé', en: 'cancelled' },
  expired: { fr: 'expiré', en: 'expired' },
};
const status = (value: unknown, language: Language) => STATUS[str(value)]?.[language] ?? str(value);
/** The reasons the shop itself records (an operator's own are shown as they typed them). */
const SHOP_REASONS: Record<string, Record<Language, string>> = {
  [CUSTOMER_ERASED_REASON]: { fr: 'client effacé', en: 'customer erased' },
};

const because = (reason: unknown, language: Language) => {
  if (typeof reason !== 'string' || !reason) return '';
  const worded = SHOP_REASONS[reason]?.[language] ?? reason;
  return language === 'fr' ? ` (motif : ${worded})` : ` (reason: ${worded})`;
};

const ATTEMPT_FAILURE: Record<string, { fr: string; en: string }> = {
  expired: { fr: 'session expirée', en: 'session expired' },
  failed: { fr: 'paiement refusé', en: 'payment declined' },
  canceled: { fr: 'annulé par le client', en: 'cancelled by the customer' },
};

/**
 * One sentence per event type, French and English. The money and dates are formatted for the
 * reader; the sentence names the actor where it says who acted ("par Stripe").
 */
const SENTENCES: Record<string, Sentence> = {
  OrderPlaced: (d, { language }) => ({
    fr: `Commande passée : ${str(d.planName)}, ${months(num(d.months)).fr}, ${money(d, 'totalCents', language)}${d.promoCode ? ` avec le code ${str(d.promoCode)}` : ''}${d.autoRenew ? ', avec renouvellement automatique' : ''}${d.immediateAccess ? ', accès immédiat demandé avant la fin du délai de rétractation' : ''}`,
    en: `Order placed: ${str(d.planName)}, ${months(num(d.months)).en}, ${money(d, 'totalCents', language)}${d.promoCode ? ` with code ${str(d.promoCode)}` : ''}${d.autoRenew ? ', renewing automatically' : ''}${d.immediateAccess ? ', immediate access asked for before the withdrawal period ends' : ''}`,
  }),
  PaymentSessionOpened: (d, { actorName }) => ({
    fr: `Paiement ouvert chez ${providerName(d.provider, 'fr')} par ${actorName}`,
    en: `Checkout opened at ${providerName(d.provider, 'en')} by ${actorName}`,
  }),
  PaymentConfirmed: (d, c) =>
    d.provider === FREE_OFFER_PROVIDER
      ? {
          fr: `Offre gratuite obtenue par ${c.actorName}, active jusqu'au ${when(d.expiresAt, c)}`,
          en: `Free offer claimed by ${c.actorName}, active until ${when(d.expiresAt, c)}`,
        }
      : d.provider === OPERATOR_PROVIDER
        ? {
            fr: `Abonnement accordé par ${c.actorName} : ${money(d, 'amountCents', c.language)}, actif jusqu'au ${when(d.expiresAt, c)}`,
            en: `Subscription granted by ${c.actorName}: ${money(d, 'amountCents', c.language)}, active until ${when(d.expiresAt, c)}`,
          }
        : {
            fr: `Paiement confirmé par ${providerName(d.provider, 'fr')} : ${money(d, 'amountCents', c.language)}, actif jusqu'au ${when(d.expiresAt, c)}`,
            en: `Payment confirmed by ${providerName(d.provider, 'en')}: ${money(d, 'amountCents', c.language)}, active until ${when(d.expiresAt, c)}`,
          },
  PaymentAttemptFailed: (d) => ({
    fr: `Tentative de paiement échouée chez ${providerName(d.provider, 'fr')} : ${ATTEMPT_FAILURE[str(d.reason)]?.fr ?? str(d.reason)}`,
    en: `Payment attempt failed at ${providerName(d.provider, 'en')}: ${ATTEMPT_FAILURE[str(d.reason)]?.en ?? str(d.reason)}`,
  }),
  PaymentMismatchRecorded: (d, { language }) => ({
    fr: `Paiement de ${money(d, 'amountCents', language)} reçu de ${providerName(d.provider, 'fr')} au lieu de ${formatMoney(num(d.expectedAmountCents), str(d.expectedCurrency) || 'EUR', language)} : commande laissée en attente`,
    en: `Payment of ${money(d, 'amountCents', language)} received from ${providerName(d.provider, 'en')} instead of ${formatMoney(num(d.expectedAmountCents), str(d.expectedCurrency) || 'EUR', language)}: order left pending`,
  }),
  ExtraPaymentRecorded: (d, { language }) => ({
    fr: `Deuxième paiement de ${money(d, 'amountCents', language)} reçu de ${providerName(d.provider, 'fr')} pour une commande déjà payée : le client a payé deux fois, à rembourser`,
    en: `Second payment of ${money(d, 'amountCents', language)} received from ${providerName(d.provider, 'en')} for an order already paid: the customer paid twice, to be refunded`,
  }),
  ExtraPaymentRefunded: (d, { language }) => ({
    fr: `Deuxième paiement remboursé par ${providerName(d.provider, 'fr')} : ${money(d, 'amountCents', language)} (l'abonnement reste tel quel)`,
    en: `Second payment refunded by ${providerName(d.provider, 'en')}: ${money(d, 'amountCents', language)} (the subscription stays as it is)`,
  }),
  PaymentRefunded: (d, { language }) => ({
    fr: `Paiement remboursé par ${providerName(d.provider, 'fr')} : ${refunded(d, language)}`,
    en: `Payment refunded by ${providerName(d.provider, 'en')}: ${refunded(d, language)}`,
  }),
  RenewalOrdered: (d, { language, actorName }) =>
    d.automatic
      ? {
          fr: `Renouvellement automatique commandé : ${months(num(d.months)).fr}, ${money(d, 'totalCents', language)}, à prélever sur le moyen de paiement enregistré`,
          en: `Automatic renewal ordered: ${months(num(d.months)).en}, ${money(d, 'totalCents', language)}, to charge to the saved payment method`,
        }
      : {
          fr: `Renouvellement demandé par ${actorName} : ${months(num(d.months)).fr}, ${money(d, 'totalCents', language)}${d.promoCode ? ` avec le code ${str(d.promoCode)}` : ''}${d.autoRenew ? ', avec renouvellement automatique' : ''}${d.immediateAccess ? ', accès immédiat demandé avant la fin du délai de rétractation' : ''}`,
          en: `Renewal ordered by ${actorName}: ${months(num(d.months)).en}, ${money(d, 'totalCents', language)}${d.promoCode ? ` with code ${str(d.promoCode)}` : ''}${d.autoRenew ? ', renewing automatically' : ''}${d.immediateAccess ? ', immediate access asked for before the withdrawal period ends' : ''}`,
        },
  AutoRenewalEnabled: (d) => ({
    fr: `Renouvellement automatique activé : ${str(d.methodLabel)} enregistré chez ${providerName(d.provider, 'fr')}`,
    en: `Automatic renewal on: ${str(d.methodLabel)} saved at ${providerName(d.provider, 'en')}`,
  }),
  RenewalChargeFailed: (d, c) => ({
    fr: `Prélèvement du renouvellement refusé par ${providerName(d.provider, 'fr')} (essai ${num(d.attempt)}, ${str(d.reason)}) : ${money(d, 'amountCents', c.language)}${d.nextAttemptAt ? `, nouvel essai le ${when(d.nextAttemptAt, c)}` : ', plus d’essai : il prend fin à son échéance'}`,
    en: `Renewal charge declined by ${providerName(d.provider, 'en')} (try ${num(d.attempt)}, ${str(d.reason)}): ${money(d, 'amountCents', c.language)}${d.nextAttemptAt ? `, tried again on ${when(d.nextAttemptAt, c)}` : ', no try left: it ends at its expiry'}`,
  }),
  SubscriptionRenewed: (d, c) => ({
    fr: `Renouvellement payé chez ${providerName(d.provider, 'fr')} : ${money(d, 'amountCents', c.language)}, ${months(num(d.months)).fr} de plus, actif jusqu'au ${when(d.to, c)}`,
    en: `Renewal paid at ${providerName(d.provider, 'en')}: ${money(d, 'amountCents', c.language)}, ${months(num(d.months)).en} more, active until ${when(d.to, c)}`,
  }),
  RenewalRefunded: (d, c) =>
    d.ends
      ? {
          fr: `Renouvellement remboursé par ${providerName(d.provider, 'fr')} : ${refunded(d, c.language)} ; plus aucun paiement n'est gardé (la commande était remboursée), l'abonnement prend fin`,
          en: `Renewal refunded by ${providerName(d.provider, 'en')}: ${refunded(d, c.language)}; no payment is kept any more (the order was refunded), the subscription ends`,
        }
      : {
          fr: `Renouvellement remboursé par ${providerName(d.provider, 'fr')} : ${refunded(d, c.language)}, échéance ramenée au ${when(d.expiresAt, c)}`,
          en: `Renewal refunded by ${providerName(d.provider, 'en')}: ${refunded(d, c.language)}, expiry back to ${when(d.expiresAt, c)}`,
        },
  OrderAbandoned: (d) => ({
    fr: `Commande annulée : aucun paiement reçu ${num(d.pendingHours)} heures après la commande (un paiement qui arriverait encore la réglerait)`,
    en: `Order cancelled: no payment received ${num(d.pendingHours)} hours after it was placed (a payment that still came would pay it)`,
  }),
  RenewalAbandoned: (d) => ({
    fr: `Renouvellement abandonné : aucun paiement reçu ${num(d.pendingHours)} heures après la demande (l'abonnement continue ; un paiement qui arriverait encore le réglerait)`,
    en: `Renewal given up: no payment received ${num(d.pendingHours)} hours after it was ordered (the subscription runs on; a payment that still came would pay it)`,
  }),
  OrderRefunded: (d, c) => ({
    fr: `Commande remboursée par ${providerName(d.provider, 'fr')} : ${refunded(d, c.language)}, ses ${months(num(d.months)).fr} retirés, échéance ramenée au ${when(d.expiresAt, c)} (les renouvellements payés restent)`,
    en: `Order refunded by ${providerName(d.provider, 'en')}: ${refunded(d, c.language)}, its ${months(num(d.months)).en} taken off, expiry back to ${when(d.expiresAt, c)} (the renewals paid stay)`,
  }),
  SubscriptionCancellationRecorded: (d, c) => ({
    fr: `Résilié par ${c.actorName}${because(d.reason, c.language)} : accès jusqu'au ${when(d.accessEndsAt, c)}, sans renouvellement`,
    en: `Cancelled by ${c.actorName}${because(d.reason, c.language)}: access until ${when(d.accessEndsAt, c)}, no renewal`,
  }),
  RefundRequested: (d, { language, actorName }) => ({
    fr: `Remboursement de ${money(d, 'amountCents', language)} demandé par ${actorName} (garantie 7 jours)${because(d.reason, language)}`,
    en: `Refund of ${money(d, 'amountCents', language)} asked for by ${actorName} (7-day guarantee)${because(d.reason, language)}`,
  }),
  RefundInitiated: (d, { language, actorName }) => ({
    fr: `Remboursement de ${money(d, 'amountCents', language)} demandé à ${providerName(d.provider, 'fr')} par ${actorName}${because(d.reason, language)}`,
    en: `Refund of ${money(d, 'amountCents', language)} asked of ${providerName(d.provider, 'en')} by ${actorName}${because(d.reason, language)}`,
  }),
  RefundSettled: (d) => ({
    fr: `Remboursement effectué (référence ${str(d.providerRefundId)})`,
    en: `Refund made (reference ${str(d.providerRefundId)})`,
  }),
  RefundFailed: (d) => ({
    fr: `Remboursement refusé par le prestataire : ${str(d.reason)}`,
    en: `Refund refused by the provider: ${str(d.reason)}`,
  }),
  PartialRefundRecorded: (d, { language }) => ({
    fr: `Remboursement partiel par ${providerName(d.provider, 'fr')} : ${money(d, 'amountCents', language)} (${money(d, 'refundedTotalCents', language)} remboursés sur ce paiement, l'abonnement reste actif)`,
    en: `Partial refund by ${providerName(d.provider, 'en')}: ${money(d, 'amountCents', language)} (${money(d, 'refundedTotalCents', language)} refunded of this payment, the subscription stays)`,
  }),
  PaymentDisputed: (d, { language }) => ({
    fr: `Paiement contesté auprès de la banque (${providerName(d.provider, 'fr')}) : ${money(d, 'amountCents', language)}${because(d.reason, language)}`,
    en: `Payment disputed with the bank (${providerName(d.provider, 'en')}): ${money(d, 'amountCents', language)}${because(d.reason, language)}`,
  }),
  CredentialsAssigned: (d, { actorName }) => ({
    fr: `Identifiants attribués par ${actorName} (jeu ${str(d.credentialsId).slice(0, 8)}${d.credentialsVersion ? `, version ${num(d.credentialsVersion)}` : ''})`,
    en: `Credentials assigned by ${actorName} (set ${str(d.credentialsId).slice(0, 8)}${d.credentialsVersion ? `, version ${num(d.credentialsVersion)}` : ''})`,
  }),
  SubscriptionStatusChanged: (d, { language, actorName }) => ({
    fr: `Statut changé de ${status(d.from, 'fr')} à ${status(d.to, 'fr')} par ${actorName}${because(d.reason, language)}`,
    en: `Status changed from ${status(d.from, 'en')} to ${status(d.to, 'en')} by ${actorName}${because(d.reason, language)}`,
  }),
  SubscriptionExpired: (d, c) => ({
    fr: `Abonnement expiré (échéance du ${when(d.expiresAt, c)})`,
    en: `Subscription expired (due ${when(d.expiresAt, c)})`,
  }),
  SubscriptionVoided: (d, { language, actorName }) => ({
    fr: `Abonnement annulé comme erroné par ${actorName}${because(d.reason, language)}`,
    en: `Subscription voided by ${actorName}${because(d.reason, language)}`,
  }),
  PaymentWebhookReceived: (d) => ({
    fr: `Notification reçue de ${providerName(d.provider, 'fr')}`,
    en: `Notification received from ${providerName(d.provider, 'en')}`,
  }),
  PaymentSyncRequested: (d, { actorName }) => ({
    fr: `Synchronisation des paiements ${providerName(d.provider, 'fr')} demandée par ${actorName}`,
    en: `${providerName(d.provider, 'en')} payment sync requested by ${actorName}`,
  }),
  PaymentObserved: (d, { language }) => ({
    fr: `${providerName(d.provider, 'fr')} a répondu : paiement ${str(d.status)} de ${money(d, 'amountCents', language)}`,
    en: `${providerName(d.provider, 'en')} answered: ${str(d.status)} payment of ${money(d, 'amountCents', language)}`,
  }),
  PaymentSyncCompleted: (d) => ({
    fr: `Synchronisation terminée : ${num(d.observed)} paiement(s) lu(s)`,
    en: `Sync completed: ${num(d.observed)} payment(s) read`,
  }),
  InvoiceIssued: (d, { language }) => ({
    fr: `Facture ${str(d.number)} émise : ${money(d, 'grossCents', language)} TTC, TVA ${formatPercent(d.vatRate, language)}`,
    en: `Invoice ${str(d.number)} issued: ${money(d, 'grossCents', language)} incl. VAT, VAT ${formatPercent(d.vatRate, language)}`,
  }),
  CreditNoteIssued: (d, { language }) => {
    const corrected = str((d.corrects as { number?: unknown } | null)?.number);
    return {
      fr: `Avoir ${str(d.number)} émis sur la facture ${corrected} : ${money(d, 'grossCents', language)} TTC`,
      en: `Credit note ${str(d.number)} issued on invoice ${corrected}: ${money(d, 'grossCents', language)} incl. VAT`,
    };
  },
  CredentialsRevealed: (d, { actorName }) => ({
    fr: `Mot de passe du jeu ${str(d.credentialSetId).slice(0, 8)}${d.credentialsVersion ? ` (version ${num(d.credentialsVersion)})` : ''} affiché à ${actorName}${d.carriedOver ? ' (lecture reprise des anciens relevés)' : ''}${because(d.reason, 'fr')}`,
    en: `Password of set ${str(d.credentialSetId).slice(0, 8)}${d.credentialsVersion ? ` (version ${num(d.credentialsVersion)})` : ''} shown to ${actorName}${d.carriedOver ? ' (reading carried over from the old records)' : ''}${because(d.reason, 'en')}`,
  }),
  CredentialSetCreated: (d, { actorName }) => ({
    fr: `Jeu d'identifiants créé (version ${num(d.version)}) par ${actorName}`,
    en: `Credential set created (version ${num(d.version)}) by ${actorName}`,
  }),
  CredentialSetRevised: (d, { actorName }) => ({
    fr: `Jeu d'identifiants modifié (version ${num(d.version)}) par ${actorName}`,
    en: `Credential set revised (version ${num(d.version)}) by ${actorName}`,
  }),
  CredentialSetDeleted: (d, { actorName }) => ({
    fr: `Jeu d'identifiants supprimé (version ${num(d.version)}) par ${actorName}`,
    en: `Credential set deleted (version ${num(d.version)}) by ${actorName}`,
  }),
  ApiKeyCreated: (d, { actorName }) => ({
    fr: `Clé d’API « ${str(d.name)} » (${str(d.prefix)}…) créée par ${actorName}, droits : ${(d.scopes as string[] | undefined)?.join(', ') ?? ''}`,
    en: `API key "${str(d.name)}" (${str(d.prefix)}…) created by ${actorName}, scopes: ${(d.scopes as string[] | undefined)?.join(', ') ?? ''}`,
  }),
  ApiKeyRevoked: (d, { actorName }) => ({
    fr: `Clé d’API révoquée par ${actorName}${because(d.reason, 'fr')}`,
    en: `API key revoked by ${actorName}${because(d.reason, 'en')}`,
  }),
  AccountRegistered: (d, { actorName }) => ({
    fr: d.method === 'operator' ? `Compte ouvert par ${actorName}` : 'Compte créé',
    en: d.method === 'operator' ? `Account opened by ${actorName}` : 'Account created',
  }),
  ProfileUpdated: (_d, { actorName }) => ({ fr: `Nom modifié par ${actorName}`, en: `Name changed by ${actorName}` }),
  EmailChanged: (_d, { actorName }) => ({
    fr: `Adresse e-mail modifiée par ${actorName}`,
    en: `E-mail address changed by ${actorName}`,
  }),
  PasswordChanged: (d) => ({
    fr: d.via === 'reset' ? 'Mot de passe réinitialisé' : 'Mot de passe modifié',
    en: d.via === 'reset' ? 'Password reset' : 'Password changed',
  }),
  PasswordResetRequested: (d, { actorName }) =>
    d.purpose === 'welcome'
      ? {
          fr: `Lien pour choisir un mot de passe envoyé par ${actorName}`,
          en: `Link to choose a password sent by ${actorName}`,
        }
      : { fr: 'Réinitialisation du mot de passe demandée', en: 'Password reset requested' },
  SignedIn: (d) => ({
    fr: `Connexion${d.newDevice ? ' depuis un nouvel appareil' : ''}`,
    en: `Signed in${d.newDevice ? ' from a new device' : ''}`,
  }),
  SignInFailed: () => ({ fr: 'Connexion refusée', en: 'Sign-in refused' }),
  AccountLocked: (d, c) => ({
    fr: `Compte bloqué jusqu'au ${when(d.until, c)}`,
    en: `Account locked until ${when(d.until, c)}`,
  }),
  SignedOut: () => ({ fr: 'Déconnexion', en: 'Signed out' }),
  RefreshTokenReuseDetected: () => ({
    fr: 'Jeton de session réutilisé : session fermée',
    en: 'Session token reused: session closed',
  }),
  TwoFactorEnabled: () => ({ fr: 'Double authentification activée', en: 'Two-factor authentication on' }),
  TwoFactorDisabled: () => ({ fr: 'Double authentification désactivée', en: 'Two-factor authentication off' }),
  TwoFactorDisableFailed: () => ({
    fr: 'Désactivation de la double authentification refusée',
    en: 'Turning two-factor authentication off refused',
  }),
  TwoFactorDisableLocked: () => ({
    fr: 'Désactivation de la double authentification bloquée',
    en: 'Turning two-factor authentication off locked',
  }),
  SessionRevoked: () => ({ fr: 'Session fermée', en: 'Session closed' }),
  RoleGranted: (d, { actorName }) => ({
    fr: `Rôle ${roleName(d.role, 'fr')} accordé par ${actorName}`,
    en: `Role ${roleName(d.role, 'en')} granted by ${actorName}`,
  }),
  RoleRevoked: (d, { actorName }) => ({
    fr: `Rôle ${roleName(d.role, 'fr')} retiré par ${actorName}`,
    en: `Role ${roleName(d.role, 'en')} revoked by ${actorName}`,
  }),
  PersonalDataErased: (_d, { actorName }) => ({
    fr: `Données personnelles effacées par ${actorName}`,
    en: `Personal data erased by ${actorName}`,
  }),
  InquiryReceived: (d) => ({ fr: `Demande reçue (${str(d.kind)})`, en: `Inquiry received (${str(d.kind)})` }),
  InquiryStatusChanged: (d, { actorName }) => ({
    fr: `Demande passée à « ${str(d.to)} » par ${actorName}`,
    en: `Inquiry moved to "${str(d.to)}" by ${actorName}`,
  }),
  InquiryReplied: (_d, { actorName }) => ({
    fr: `Réponse envoyée au demandeur par ${actorName}`,
    en: `Reply sent to the sender by ${actorName}`,
  }),
  InquiryErased: (_d, { actorName }) => ({
    fr: `Demande effacée par ${actorName}`,
    en: `Inquiry erased by ${actorName}`,
  }),
  PromoCodeRedeemed: (d) =>
    d.retaken
      ? {
          fr: `Code ${str(d.code)} utilisé à nouveau : la commande abandonnée a été payée finalement`,
          en: `Code ${str(d.code)} redeemed again: the abandoned order was paid after all`,
        }
      : { fr: `Code ${str(d.code)} utilisé`, en: `Code ${str(d.code)} redeemed` },
  PromoCodeRedemptionReleased: (d) => ({
    fr: `Utilisation du code ${str(d.code)} rendue : commande abandonnée sans paiement`,
    en: `Use of code ${str(d.code)} given back: the order was abandoned unpaid`,
  }),
};

const PROVIDERS: Record<string, string> = {
  stripe: 'Stripe',
  mollie: 'Mollie',
  paypal: 'PayPal',
  payssion: 'Payssion',
};

/** A payment provider as people write it; the built-in one says what it is, as the invoices do. */
export function providerName(provider: unknown, language: Language): string {
  const id = str(provider);
  if (id === 'sandbox') return language === 'fr' ? 'Sandbox (paiement de test)' : 'Sandbox (test payment)';
  return PROVIDERS[id] ?? id;
}

/** One sentence saying what the event records, in the reader's language. */
export function summarize(type: string, data: Data, context: SummaryContext): string {
  const sentence = SENTENCES[type];
  if (!sentence) return type;
  return sentence(data, context)[context.language];
}
