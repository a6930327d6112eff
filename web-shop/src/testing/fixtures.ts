import type { Plan, Profile } from '@shop/contracts';

/** A plan as `GET /api/plans` answers it in French. */
export function aPlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'netflix-premium',
    name: 'Netflix Premium',
    category: 'SVOD',
    monthlyPriceCents: 799,
    currency: 'EUR',
    popular: false,
    logo: '/logos/netflix.svg',
    features: ['4K Ultra HD', '4 écrans simultanés', 'Sans publicité', 'Téléchargements', 'Profil personnel'],
    sharedUsers: 4,
    ...overrides,
  };
}

/** The signed-in customer as `GET /api/me` answers. */
export function aCustomer(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    email: 'camille@example.com',
    fullName: 'Camille Martin',
    memberSince: '2025-03-01T10:00:00.000Z',
    role: 'customer',
    twoFactorEnabled: false,
    ...overrides,
  };
}
