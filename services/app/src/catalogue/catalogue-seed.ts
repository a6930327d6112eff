import type { PlanDetails } from '@shop/domain';
import type { PlanCommands } from './plan-commands.js';

/** The launch catalogue. Prices are per month, taxes included, in euro cents. */
export const LAUNCH_PLANS: readonly PlanDetails[] = [
  {
    planId: 'netflix',
    name: 'Netflix',
    category: 'SVOD',
    monthlyPriceCents: 453,
    currency: 'EUR',
    popular: true,
    logo: '/logos/netflix.svg',
    sortOrder: 1,
    sharedUsers: 4,
    features: {
      fr: [
        'Qualité Ultra HD 4K',
        "Jusqu'à 4 écrans simultanés",
        'Films et séries en illimité',
        'Téléchargements hors ligne',
        'Sans publicité',
        'Identifiants livrés sous 24 h',
      ],
      en: [
        'Ultra HD 4K quality',
        'Up to 4 screens at once',
        'Unlimited films and series',
        'Offline downloads',
        'No adverts',
        'Credentials delivered within 24 hours',
      ],
    },
  },
  {
    planId: 'youtube-premium',
    name: 'YouTube Premium',
    category: 'SVOD',
    monthlyPriceCents: 425,
    currency: 'EUR',
    popular: false,
    logo: '/logos/youtube-premium.svg',
    sortOrder: 2,
    sharedUsers: 6,
    features: {
      fr: [
        'Vidéos sans publicité',
        'Lecture en arrière-plan',
        'Téléchargements hors ligne',
        'YouTube Music Premium inclus',
        'Sur tous vos appareils',
        'Identifiants livrés sous 24 h',
      ],
      en: [
        'Videos without adverts',
        'Background play',
        'Offline downloads',
        'YouTube Music Premium included',
        'On all your devices',
        'Credentials delivered within 24 hours',
      ],
    },
  },
  {
    planId: 'spotify',
    name: 'Spotify Premium',
    category: 'Music',
    monthlyPriceCents: 242,
    currency: 'EUR',
    popular: false,
    logo: '/logos/spotify.svg',
    sortOrder: 3,
    sharedUsers: 6,
    features: {
      fr: [
        'Plus de 70 millions de titres',
        'Écoute sans publicité',
        'Téléchargement hors ligne',
        'Qualité audio supérieure',
        'Sauts de titres illimités',
        'Identifiants livrés sous 24 h',
      ],
      en: [
        'Over 70 million tracks',
        'Ad-free listening',
        'Offline downloads',
        'Higher audio quality',
        'Unlimited skips',
        'Credentials delivered within 24 hours',
      ],
    },
  },
  {
    planId: 'disney-plus',
    name: 'Disney+',
    category: 'SVOD',
    monthlyPriceCents: 299,
    currency: 'EUR',
    popular: false,
    logo: '/logos/disney-plus.svg',
    sortOrder: 4,
    sharedUsers: 4,
    features: {
      fr: [
        'Disney, Pixar, Marvel, Star Wars',
        'Qualité 4K HDR',
        "Jusqu'à 4 écrans simultanés",
        'Téléchargements hors ligne',
        'Profils pour toute la famille',
        'Identifiants livrés sous 24 h',
      ],
      en: [
        'Disney, Pixar, Marvel, Star Wars',
        '4K HDR quality',
        'Up to 4 screens at once',
        'Offline downloads',
        'Profiles for the whole family',
        'Credentials delivered within 24 hours',
      ],
    },
  },
  {
    planId: 'nordvpn',
    name: 'NordVPN',
    category: 'Software',
    monthlyPriceCents: 141,
    currency: 'EUR',
    popular: false,
    logo: '/logos/nordvpn.svg',
    sortOrder: 5,
    sharedUsers: 6,
    features: {
      fr: [
        'Plus de 5400 serveurs',
        'Présent dans 59 pays',
        'Aucun journal de navigation',
        'Protection contre les menaces',
        "Jusqu'à 6 appareils",
        'Identifiants livrés sous 24 h',
      ],
      en: [
        'Over 5400 servers',
        'Available in 59 countries',
        'No browsing logs',
        'Threat protection',
        'Up to 6 devices',
        'Credentials delivered within 24 hours',
      ],
    },
  },
];

/**
 * Publishes the launch plans as events. Safe to run at every start: a plan already published
 * with the same details produces no event, a changed one a PlanRevised.
 */
export async function seedCatalogue(commands: PlanCommands, now: Date, plans = LAUNCH_PLANS): Promise<number> {
  let written = 0;
  for (const plan of plans) {
    const { newEvents } = await commands.execute(
      { type: 'PublishPlan', data: { plan, now } },
      { actor: { type: 'system', id: 'catalogue-seed' } },
    );
    written += newEvents.length;
  }
  return written;
}
