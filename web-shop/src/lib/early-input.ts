import { useEffect, useRef } from 'react';

/*
 * What a visitor does on a page the server rendered before React has taken it over (src/main.tsx
 * hydrates in slices, and on a phone the script arrives a while after the page): text typed into a
 * field, boxes ticked, a form sent. None is lost.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** How long, once React listens, a form sent before is sent again until React handles it, and how often. */
const SUBMIT_RETRY_FOR_MS = 10_000;
const SUBMIT_RETRY_EVERY_MS = 50;

/**
 * A ref for a field whose value React controls (`value` as React has it): when the field was
 * typed into before React took it over, it holds text React's state does not, and React, which
 * reads the field as it finds it, would never see that as a change. Once the field is hydrated,
 * the text is handed over as the change it was.
 */
export function useEarlyTyping<T extends Field>(value: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(value);
  useEffect(() => {
    const field = ref.current;
    const expected = first.current === null || first.current === undefined ? '' : String(first.current);
    if (field && field.value !== expected) replayChange(field, expected);
  }, []);
  return ref;
}

/**
 * A ref for a group of boxes (checkboxes or radio buttons) whose ticks React controls (`chosen`,
 * the values React has ticked): boxes ticked before React took the page over show a choice React's
 * state does not hold, and React, which takes the boxes as it finds them, would never see it as a
 * change. Once the group is hydrated, `adopt` is handed the values ticked then, at once.
 */
export function useEarlyChoices<T extends HTMLElement>(chosen: readonly string[], adopt: (ticked: string[]) => void) {
  const ref = useRef<T>(null);
  const first = useRef({ chosen, adopt });
  useEffect(() => {
    const boxes = ref.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]') ?? [];
    const ticked = [...boxes].filter((box) => box.checked).map((box) => box.value);
    const { chosen: expected, adopt: handOver } = first.current;
    if (ticked.length !== expected.length || ticked.some((value) => !expected.includes(value))) handOver(ticked);
  }, []);
  return ref;
}

/**
 * Makes React see `field`'s value as a change from `previous`: React notes the last value it knows
 * through the field's own `value` property; the text goes in through the element's setter beneath
 * it, then the event React listens to for that kind of field.
 */
function replayChange(field: Field, previous: string): void {
  const typed = field.value;
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.value = previous;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Buttons a press on which does something only through the page's script. */
const PRESSABLE = 'button, [role="button"], [role="tab"], [role="switch"]';

/**
 * Keeps what a visitor does on a page the server rendered before React listens to it: presses on
 * its buttons, made again once it does (`release`), and forms sent (see `holdSubmissions`). Links
 * need nothing: the browser follows them to a page the server renders.
 */
export function holdEarlyInput(container: HTMLElement): { release: () => void } {
  const submissions = holdSubmissions(container);
  const pressed: HTMLElement[] = [];
  const onPress = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(PRESSABLE) : null;
    if (!target || !container.contains(target) || pressed.includes(target)) return;
    // A form's submit button sends its form, which is held as a submission.
    if (target instanceof HTMLButtonElement && target.type === 'submit' && target.form) return;
    pressed.push(target);
  };
  document.addEventListener('click', onPress, true);
  return {
    release: () => {
      document.removeEventListener('click', onPress, true);
      for (const target of pressed.splice(0)) if (target.isConnected) target.click();
      submissions.release();
    },
  };
}

/**
 * The shop's forms are all sent by script, which stops the browser's own submission. One sent
 * before React took its form over would be sent by the browser (the page reloaded, what was typed
 * in its address): it is stopped, kept however long the page takes to be taken over (a slow
 * phone: many seconds), and sent again once React listens (`release`), until React handles it.
 */
function holdSubmissions(container: HTMLElement): { release: () => void } {
  const held = new Map<HTMLFormElement, { unhandled: boolean; submitter: HTMLElement | null }>();
  let listening = false;
  const sendAgain = (form: HTMLFormElement, state: { unhandled: boolean; submitter: HTMLElement | null }) => {
    const deadline = performance.now() + SUBMIT_RETRY_FOR_MS;
    const attempt = () => {
      state.unhandled = false;
      const { submitter } = state;
      if (form.isConnected) {
        form.requestSubmit(submitter && submitter.isConnected && form.contains(submitter) ? submitter : null);
      }
      // React may hydrate the form a moment after it listens (in slices): until it handles it.
      if (state.unhandled && form.isConnected && performance.now() < deadline) {
        setTimeout(attempt, SUBMIT_RETRY_EVERY_MS);
      } else {
        held.delete(form);
      }
    };
    setTimeout(attempt, SUBMIT_RETRY_EVERY_MS);
  };
  // On the window, a submission's last stop: React's handler, on the container, has run by then.
  window.addEventListener('submit', (event) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !container.contains(form)) return;
    event.preventDefault();
    const known = held.get(form);
    if (known) {
      known.unhandled = true;
      return;
    }
    const state = { unhandled: true, submitter: event.submitter };
    held.set(form, state);
    if (listening) sendAgain(form, state);
  });
  return {
    release: () => {
      listening = true;
      for (const [form, state] of held) sendAgain(form, state);
    },
  };
}
