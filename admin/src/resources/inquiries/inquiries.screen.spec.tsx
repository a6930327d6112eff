import type { Inquiry, InquiryReply } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, problem, renderResource, type Routes, clickSave } from '../../testing/render-resource';
import inquiries from '.';

const support: Inquiry = {
  id: 'inq-1',
  kind: 'support',
  status: 'new',
  version: 2,
  userId: null,
  language: 'fr',
  email: 'camille@example.com',
  name: null,
  companyName: null,
  subject: 'Double paiement',
  category: 'payment',
  receivedAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  statusChangedBy: null,
  details: { message: 'Ma carte a été débitée deux fois.' },
};

function inquiriesApi(overrides: Routes = {}): Routes {
  return {
    'GET /api/admin/inquiries': () => page('inquiries', [support]),
    'GET /api/admin/inquiries/:id': () => json<Inquiry>(support),
    'GET /api/admin/inquiries/:id/replies': () => json<InquiryReply[]>([]),
    'PUT /api/admin/inquiries/:id': ({ body }) =>
      json<Inquiry>({ ...support, ...(body as Pick<Inquiry, 'status'>), version: 3 }),
    ...overrides,
  };
}

describe('the inquiries (back-office)', () => {
  it('lists what visitors sent and opens one', async () => {
    const { user, location } = renderResource('inquiries', inquiries, {
      url: '/inquiries',
      api: inquiriesApi(),
      references: ['users'],
    });

    const row = (await screen.findByText('Double paiement')).closest('tr');
    expect(within(row!).getByText('Support')).toBeVisible();
    expect(within(row!).getByText('Nouvelle')).toBeVisible();
    await user.click(within(row!).getByText('camille@example.com'));

    await expect.poll(location).toBe('/inquiries/inq-1/show');
    expect(await screen.findByText('Ma carte a été débitée deux fois.')).toBeVisible();
  });

  it('moves an inquiry to "En cours", sending only the status and the version read', async () => {
    const { user, api, location } = renderResource('inquiries', inquiries, {
      url: '/inquiries/inq-1',
      api: inquiriesApi(),
      references: ['users'],
    });

    await user.click(await screen.findByRole('combobox', { name: /^Statut/ }));
    await user.click(await screen.findByRole('option', { name: 'En cours' }));
    await clickSave(user);

    // What happened, with the status in the operator's words (never the raw `in_progress`).
    expect(await screen.findByText('Demande passée à « En cours »')).toBeVisible();
    expect(screen.queryByText('Élément mis à jour')).toBeNull();
    await expect.poll(location).toBe('/inquiries');
    expect(api.callsTo('PUT /api/admin/inquiries/inq-1')[0]?.body).toEqual({ status: 'in_progress', version: 2 });
  });

  it('says in French that someone changed it meanwhile', async () => {
    const { user } = renderResource('inquiries', inquiries, {
      url: '/inquiries/inq-1',
      api: inquiriesApi({ 'PUT /api/admin/inquiries/:id': () => problem(409, 'inquiry.stale') }),
      references: ['users'],
    });

    await user.click(await screen.findByRole('combobox', { name: /^Statut/ }));
    await user.click(await screen.findByRole('option', { name: 'Fermée' }));
    await clickSave(user);

    expect(await screen.findByText(/Cette demande a été modifiée par quelqu'un d'autre/)).toBeVisible();
  });

  it('says in English what the change did', async () => {
    const { user } = renderResource('inquiries', inquiries, {
      url: '/inquiries/inq-1',
      api: inquiriesApi(),
      references: ['users'],
      locale: 'en',
    });

    await user.click(await screen.findByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByText('Inquiry moved to “Closed”')).toBeVisible();
  });
});

const firstReply: InquiryReply = {
  id: 'rep-1',
  inquiryId: 'inq-1',
  message: 'Bonjour, nous avons remboursé le second débit.',
  repliedBy: 'admin-1',
  repliedByName: 'Alex Opérateur',
  repliedAt: '2026-11-24T11:30:00.000Z',
};

describe('replying to an inquiry', () => {
  it('shows the conversation: the visitor’s message, then each reply with who and when', async () => {
    renderResource('inquiries', inquiries, {
      url: '/inquiries/inq-1/show',
      api: inquiriesApi({ 'GET /api/admin/inquiries/:id/replies': () => json<InquiryReply[]>([firstReply]) }),
      references: ['users'],
      locale: 'fr',
    });

    const thread = await screen.findByRole('region', { name: 'Échanges' });
    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
    const messages = within(thread).getAllByRole('listitem');
    expect(messages[0]).toHaveTextContent('camille@example.com');
    expect(messages[0]).toHaveTextContent('Ma carte a été débitée deux fois.');
    expect(messages[1]).toHaveTextContent('Alex Opérateur');
    expect(messages[1]).toHaveTextContent('Bonjour, nous avons remboursé le second débit.');
    expect(within(messages[1]!).getByText(/24 nov\. 2026/)).toBeVisible();
  });

  it('sends the reply, says where it went, and shows it in the thread', async () => {
    let replies: InquiryReply[] = [];
    const { user, api } = renderResource('inquiries', inquiries, {
      url: '/inquiries/inq-1/show',
      api: inquiriesApi({
        'GET /api/admin/inquiries/:id/replies': () => json<InquiryReply[]>(replies),
        'POST /api/admin/inquiries/:id/replies': ({ body }) => {
          replies = [{ ...firstReply, message: (body as { message: string }).message }];
          return { status: 201, body: { id: 'rep-1', inquiryId: 'inq-1', status: 'in_progress', version: 4 } };
        },
      }),
      references: ['users'],
      locale: 'fr',
    });

    const thread = await screen.findByRole('region', { name: 'Échanges' });
    const field = within(thread).getByRole('textbox', { name: 'Votre réponse' });
    expect(within(thread).getByText(/Envoyée par e-mail à camille@example\.com \(langue : Français\)/)).toBeVisible();
    const send = within(thread).getByRole('button', { name: 'Envoyer la réponse' });
    expect(send).toBeDisabled();

    await user.type(field, '  Le second débit est remboursé.  ');
    await user.click(send);

    expect(await screen.findByText('Réponse envoyée à camille@example.com')).toBeVisible();
    expect(api.callsTo('POST /api/admin/inquiries/inq-1/replies')[0]?.body).toEqual({
      message: 'Le second débit est remboursé.',
    });
    expect(await within(thread).findByText('Le second débit est remboursé.')).toBeVisible();
    expect(field).toHaveValue('');
  });

  it('refuses a reply too long before sending it, in English', async () => {
    const { user, api } = renderResource('inquiries', inquiries, {
      url: '/inquiries/inq-1/show',
      api: inquiriesApi(),
      references: ['users'],
      locale: 'en',
    });

    const thread = await screen.findByRole('region', { name: 'Conversation' });
    const field = within(thread).getByRole('textbox', { name: 'Your reply' });
    await user.click(field);
    await user.paste('x'.repeat(5001));

    expect(await within(thread).findByText('5001 characters: 5000 at most.')).toBeVisible();
    expect(within(thread).getByRole('button', { name: 'Send the reply' })).toBeDisabled();
    expect(api.callsTo('POST /api/admin/inquiries/inq-1/replies')).toEqual([]);
  });

  it('offers no reply when the visitor left no address', async () => {
    renderResource('inquiries', inquiries, {
      url: '/inquiries/inq-1/show',
      api: inquiriesApi({
        'GET /api/admin/inquiries/:id': () =>
          json<Inquiry>({ ...support, kind: 'suggestion', email: null, details: { suggestion: 'Plus de VPN' } }),
      }),
      references: ['users'],
      locale: 'fr',
    });

    const thread = await screen.findByRole('region', { name: 'Échanges' });
    expect(await within(thread).findByText(/personne à qui répondre/)).toBeVisible();
    expect(within(thread).queryByRole('textbox')).toBeNull();
  });
});
