import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput } from './early-input';

/** A page the server rendered, its form not yet taken over: the container React will hydrate. */
function serverRenderedForm() {
  const container = document.createElement('div');
  container.innerHTML =
    '<form><input name="suggestion" value="Crunchyroll Premium"><button type="submit">Envoyer la suggestion</button></form>';
  document.body.append(container);
  const form = container.querySelector('form')!;
  return { container, form, button: form.querySelector('button')! };
}

/** React takes the form over: its handler, on the container, sends it by script. */
function takeOver(container: HTMLElement) {
  const sent: string[] = [];
  container.addEventListener('submit', (event) => {
    event.preventDefault();
    sent.push(String(new FormData(event.target as HTMLFormElement).get('suggestion')));
  });
  return sent;
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('a form sent before the page is taken over', () => {
  it('is sent once React listens, however long that took (a slow phone: half a minute)', () => {
    vi.useFakeTimers();
    const { container, form, button } = serverRenderedForm();
    const early = holdEarlyInput(container);
    form.requestSubmit(button);
    vi.advanceTimersByTime(30_000);
    const sent = takeOver(container);
    early.release();
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual(['Crunchyroll Premium']);
  });

  it('is sent once, pressed twice before, and again when React takes a moment more to hydrate it', () => {
    vi.useFakeTimers();
    const { container, form, button } = serverRenderedForm();
    const early = holdEarlyInput(container);
    form.requestSubmit(button);
    form.requestSubmit(button);
    // React listens, but hydrates this form a little later (in slices).
    early.release();
    vi.advanceTimersByTime(300);
    const sent = takeOver(container);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual(['Crunchyroll Premium']);
  });
});
