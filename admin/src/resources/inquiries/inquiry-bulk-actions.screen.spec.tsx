import type { Inquiry } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bulkOutcomeOf } from '../../testing/fixtures';
import { json, page, renderResource } from '../../testing/render-resource';
import inquiries from '.';

const anInquiry = (id: string, email: string) =>
  ({
    id,
    kind: 'support',
    status: 'new',
    version: 1,
    userId: null,
    language: 'fr',
    email,
    name: null,
    companyName: null,
    subject: `Question ${id}`,
    category: 'payment',
    receivedAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    statusChangedBy: null,
    details: { message: 'Bonjour' },
  }) as Inquiry;

describe('bulk actions on the inquiries (back-office)', () => {
  it('moves the selected inquiries on together, and says how many changed', async () => {
    const outcome = bulkOutcomeOf({ 'inq-1': 'changed', 'inq-2': 'changed' });
    let stored = [anInquiry('inq-1', 'camille@example.com'), anInquiry('inq-2', 'lea@example.com')];
    const { user, api } = renderResource('inquiries', inquiries, {
      url: '/inquiries',
      api: {
        'GET /api/admin/inquiries': () => page('inquiries', stored),
        'POST /api/admin/inquiries/bulk-status': ({ body }) => {
          const { status } = body as Pick<Inquiry, 'status'>;
          stored = stored.map((inquiry) => ({ ...inquiry, status }));
          return json(outcome);
        },
      },
      references: ['users'],
    });
    await screen.findByText('lea@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    const bar = within(document.querySelector<HTMLElement>('[data-test="bulk-actions-toolbar"]')!);

    await user.click(bar.getByRole('button', { name: 'Changer le statut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut de 2 éléments' });
    // Nothing goes back to "new": it is not offered.
    expect(within(dialog).queryByRole('radio', { name: 'Nouvelle' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Fermée' }));
    await user.click(within(dialog).getByRole('button', { name: 'Appliquer' }));

    expect(await screen.findByText('2 modifiés')).toBeVisible();
    const closedRows = () => screen.getAllByRole('row').filter((row) => within(row).queryByText('Fermée'));
    await waitFor(() => expect(closedRows()).toHaveLength(2));
    expect(api.callsTo('POST /api/admin/inquiries/bulk-status')[0]?.body).toEqual({
      ids: ['inq-1', 'inq-2'],
      status: 'closed',
    });
  });
});
