import type { InquiryReceived } from '@shop/contracts';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ContactRoute from '../../app/routes/contact';
import SupportRoute from '../../app/routes/support';
import type { Routes } from '../../testing/fetch-mock';
import { json, problem, renderScreen } from '../../testing/render-screen';

const received: Routes = {
  'POST /api/support/messages': () => json<InquiryReceived>({ id: 'inq-1', status: 'new' }, { status: 201 }),
};

/** Fills the support form in French and sends it. */
async function sendMessage(
  user: UserEvent,
  message: { email: string; category: string; subject: string; message: string },
): Promise<void> {
  await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), message.email);
  await user.selectOptions(screen.getByRole('combobox', { name: /^Catégorie/ }), message.category);
  await user.type(screen.getByRole('textbox', { name: /^Sujet/ }), message.subject);
  // Pasted: typing into the growing text area re-measures it at each key, which is slow in a test DOM.
  await user.click(screen.getByRole('textbox', { name: /^Message/ }));
  await user.paste(message.message);
  await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
}

describe('the support page (/support)', () => {
  it('says in French which fields are missing and sends nothing', async () => {
    const { user, api } = renderScreen(<SupportRoute />, { path: '/support', api: received });

    await user.type(screen.getByRole('textbox', { name: /^Sujet/ }), 'Co');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));

    expect(await screen.findByRole('textbox', { name: /^E-mail/ })).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    expect(screen.getByRole('textbox', { name: /^Sujet/ })).toHaveAccessibleDescription(
      'Le sujet doit compter au moins 3 caractères.',
    );
    expect(await screen.findByText('Veuillez remplir tous les champs obligatoires.')).toBeVisible();
    expect(api.callsTo('POST /api/support/messages')).toHaveLength(0);
  });

  it('with every field filled but one too short, says to correct the marked field, not to fill them all', async () => {
    const { user, api } = renderScreen(<ContactRoute />, { path: '/contact', api: received, language: 'en' });

    await user.type(screen.getByRole('textbox', { name: /^Full name/ }), 'Camille Martin');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'camille@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Co');
    await user.click(screen.getByRole('textbox', { name: /^Message/ }));
    await user.paste('Hello');
    await user.click(screen.getByRole('button', { name: /^Send/ }));

    expect(await screen.findByText('Please correct the fields marked in red.')).toBeVisible();
    expect(screen.queryByText('Please fill in all required fields.')).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveAccessibleDescription(
      'The subject must be at least 3 characters long.',
    );
    expect(api.callsTo('POST /api/support/messages')).toHaveLength(0);
  });

  it('sends the message once, in French, and empties the form', async () => {
    const { user, api } = renderScreen(<SupportRoute />, { path: '/support', api: received });

    const message = {
      email: 'camille@example.com',
      subject: 'Double paiement',
      message: 'Ma carte a été débitée deux fois.',
    };
    await sendMessage(user, { ...message, category: 'Paiement' });

    expect(await screen.findByText('Votre message a bien été envoyé. Nous vous répondrons rapidement.')).toBeVisible();
    const [sent] = api.callsTo('POST /api/support/messages');
    expect(sent?.body).toEqual({ ...message, category: 'payment' });
    expect(sent?.query.get('lang')).toBe('fr');
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Sujet/ })).toHaveValue('');
  });

  it('marks the field the server refused', async () => {
    const { user } = renderScreen(<SupportRoute />, {
      path: '/support',
      api: {
        'POST /api/support/messages': () =>
          problem(400, 'validation.failed', { errors: [{ path: 'subject', message: 'Too short' }] }),
      },
    });

    await sendMessage(user, {
      email: 'camille@example.com',
      category: 'Compte',
      subject: 'Bonjour',
      message: 'Je ne peux plus me connecter.',
    });

    expect(await screen.findByText("Cette valeur n'a pas été acceptée. Vérifiez-la puis réessayez.")).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Sujet/ })).toHaveValue('Bonjour');
  });

  it('answers in the FAQ how automatic renewal works and how to stop it', async () => {
    const { user } = renderScreen(<SupportRoute />, { path: '/support', api: received });

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher dans la FAQ' }), 'automatique');

    expect(await screen.findByRole('heading', { name: /^Comment annuler mon abonnement\s\?$/ })).toBeVisible();
    expect(screen.getByText(/^Depuis «\sMon profil\s»/)).toHaveTextContent(
      /Le renouvellement automatique est facultatif.*débité 3\sjours avant l'échéance.*tenté de nouveau 1\sjour puis 3\sjours plus tard/,
    );
  });
});
