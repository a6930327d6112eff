/**
 * Test support only (imports vitest): never export this from the package index.
 *
 *   DeciderSpec.for(decider).given([...events]).when(command).then([...events])
 *   DeciderSpec.for(decider).given([...events]).when(command).thenThrows({ code: 'x.y', details: { ... } })
 *   DeciderSpec.for(decider).given([...events]).when(command).thenNothing()
 *
 * `then` compares with toEqual, so asymmetric matchers (expect.any, expect.objectContaining) work.
 * `thenThrows` checks a DomainError's stable code and, if given, a subset of its details.
 */
import { expect } from 'vitest';
import { foldEvents, type Decider, type DomainEvent } from './decider.js';
import { DomainError } from './domain-error.js';

export class DeciderSpec<TCommand, TEvent extends DomainEvent, TState> {
  private constructor(
    private readonly decider: Decider<TCommand, TEvent, TState>,
    private readonly history: readonly TEvent[],
  ) {}

  static for<TCommand, TEvent extends DomainEvent, TState>(
    decider: Decider<TCommand, TEvent, TState>,
  ): DeciderSpec<TCommand, TEvent, TState> {
    return new DeciderSpec(decider, []);
  }

  given(events: readonly TEvent[]): DeciderSpec<TCommand, TEvent, TState> {
    return new DeciderSpec(this.decider, [...this.history, ...events]);
  }

  when(command: TCommand) {
    const run = () => this.decider.decide(command, foldEvents(this.decider, this.history));
    return {
      /** Not a promise: the steps return nothing thenable, so do not await them. */
      then(expected: readonly TEvent[]): void {
        if (!Array.isArray(expected)) throw new TypeError('DeciderSpec.then expects an array of events');
        expect(run()).toEqual(expected);
      },
      thenNothing(): void {
        expect(run()).toEqual([]);
      },
      thenThrows(expected: { code: string; details?: Record<string, unknown> }): DomainError {
        let produced: TEvent[];
        try {
          produced = run();
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          const domainError = error as DomainError;
          expect({ code: domainError.code, details: domainError.details }).toMatchObject({
            code: expected.code,
            details: expected.details ?? {},
          });
          return domainError;
        }
        throw new Error(`Expected DomainError '${expected.code}', but decide returned ${JSON.stringify(produced)}`);
      },
    };
  }
}
