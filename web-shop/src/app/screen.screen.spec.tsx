import { render, screen as dom } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { INTERACTIVE_MARK, screen } from './screen';

const marks = () => performance.getEntriesByName(INTERACTIVE_MARK);

afterEach(() => performance.clearMarks(INTERACTIVE_MARK));

describe('the mark of a page taken over', () => {
  it('is made once the screen shows, not while its code is still on its way', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Page = screen(async () => {
      await arrived;
      return { default: () => <h1>Mes notifications</h1> };
    });

    render(<Page />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(marks()).toHaveLength(0);

    arrive();
    expect(await dom.findByRole('heading', { name: 'Mes notifications' })).toBeVisible();
    // Made by an effect, which React runs just after the screen is shown: on a busy machine, after the heading is found.
    await expect.poll(() => marks()).toHaveLength(1);
  });

  it('is made once, whatever screen shows next', async () => {
    const First = screen(async () => ({ default: () => <p>Accueil</p> }));
    const Second = screen(async () => ({ default: () => <p>Support</p> }));
    await Promise.all([First.load(), Second.load()]);
    const { rerender } = render(<First />);
    rerender(<Second />);
    expect(await dom.findByText('Support')).toBeVisible();
    expect(marks()).toHaveLength(1);
  });
});
