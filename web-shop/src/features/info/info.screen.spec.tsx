import type { InquiryReceived } from '@shop/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SuggestServiceRoute from '../../app/routes/suggest-service';
import { json, problem, renderScreen } from '../../testing/render-screen';

describe('suggesting a service (/suggest-service)', () => {
  it('explains in French what is missing or wrong before sending', async () => {
    const { user, api } = renderScreen(<SuggestServiceRoute />, { path: '/suggest-service' });

    await user.click(screen.getByRole('textbox', { name: /^Votre e-mail/ }));
    await user.paste('not-an-address');
    await user.click(screen.getByRole('button', { name: 'Envoyer la suggestion' }));

    expect(await screen.findByRole('textbox', { name: /^Service souhaité/ })).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    expect(screen.getByRole('textbox', { name: /^Votre e-mail/ })).toHaveAccessibleDescription(
      'Saisissez une adresse e-mail valide.',
    );
    expect(api.callsTo('POST /api/service-suggestions')).toHaveLength(0);
  });

  it('sends the suggestion without the e-mail left empty, thanks the visitor and empties the form', async () => {
    const { user, api } = renderScreen(<SuggestServiceRoute />, {
      path: '/suggest-service',
      api: {
        'POST /api/service-suggestions': () => json<InquiryReceived>({ id: 'inq-9', status: 'new' }, { status: 201 }),
      },
    });

    // Pasted: typing into the growing text area re-measures it at each key, which is slow in a test DOM.
    await user.click(screen.getByRole('textbox', { name: /^Service souhaité/ }));
    await user.paste('  Crunchyroll Mega Fan  ');
    await user.click(screen.getByRole('button', { name: 'Envoyer la suggestion' }));

    expect(await screen.findByText('Merci ! Notre équipe étudie chaque proposition.')).toBeVisible();
    expect(api.callsTo('POST /api/service-suggestions')[0]?.body).toEqual({ suggestion: 'Crunchyroll Mega Fan' });
    expect(screen.getByRole('textbox', { name: /^Service souhaité/ })).toHaveValue('');
  });

  it('says to wait when too many requests were sent, keeping what was typed', async () => {
    const { user } = renderScreen(<SuggestServiceRoute />, {
      path: '/suggest-service',
      api: { 'POST /api/service-suggestions': () => problem(429, 'rate_limited') },
    });

    await user.click(screen.getByRole('textbox', { name: /^Service souhaité/ }));
    await user.paste('Crunchyroll');
    await user.click(screen.getByRole('button', { name: 'Envoyer la suggestion' }));

    expect(await screen.findByText('Trop de demandes envoyées. Réessayez dans quelques minutes.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Service souhaité/ })).toHaveValue('Crunchyroll');
  });
});
