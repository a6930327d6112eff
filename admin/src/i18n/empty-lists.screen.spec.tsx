import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import credentials from '../resources/credentials';
import inquiries from '../resources/inquiries';
import promoCodes from '../resources/promo-codes';
import { someStats } from '../testing/fixtures';
import { json, page, renderResource } from '../testing/render-resource';
import { en } from './en';
import { fr } from './fr';

const RESOURCES = ['inquiries', 'subscriptions', 'credentials', 'users', 'invoices', 'promo-codes', 'plans'];

describe('a list with nothing yet', () => {
  it('says so in French words for the credentials, and invites to store the first ones', async () => {
    renderResource('credentials', credentials, {
      url: '/credentials',
      api: {
        'GET /api/admin/credentials': () => page('credentials', []),
        'GET /api/admin/stats': () => json(someStats()),
        'GET /api/admin/plans': () => page('plans', []),
      },
      references: ['plans'],
    });
    expect(await screen.findByText('Aucun identifiant pour l’instant.')).toBeVisible();
    expect(screen.getByText('Enregistrez les premiers identifiants d’un plan.')).toBeVisible();
    expect(screen.queryByText(/Pas encore de/)).not.toBeInTheDocument();
  });

  it('says so for the inquiries', async () => {
    renderResource('inquiries', inquiries, {
      url: '/inquiries',
      api: { 'GET /api/admin/inquiries': () => page('inquiries', []) },
    });
    expect(await screen.findByText('Aucune demande pour l’instant.')).toBeVisible();
  });

  it('says so for the promo codes in English', async () => {
    renderResource('promo-codes', promoCodes, {
      url: '/promo-codes',
      api: { 'GET /api/admin/promo-codes': () => page('promo-codes', []) },
      locale: 'en',
    });
    expect(await screen.findByText('No promo codes yet.')).toBeVisible();
  });

  it('has its own sentence for every list, in both languages', () => {
    const emptyOf = (messages: typeof fr, resource: string) =>
      (messages.resources as Record<string, { empty?: string }>)[resource]?.empty;
    expect(RESOURCES.filter((resource) => !emptyOf(fr, resource) || !emptyOf(en, resource))).toEqual([]);
  });
});
