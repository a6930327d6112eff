import { LANGUAGES, type Language, type PlanCategory } from '@shop/domain';
import { listPlans, type PlanView } from '@shop/projections';
import { planList, type PlanList } from '@shop/contracts';
import type { Knex } from 'knex';
import { PreparedAnswer } from '../infrastructure/prepared-answer.js';

/**
 * How long the shop's catalogue is answered from memory before the read model is read again.
 * The catalogue is itself a projection that trails the log; a revised price or a plan taken off
 * sale reaching the list one second later is not something a shopper can tell apart from that
 * lag, and an order never trusts this list: it reads its plan from the read model (`getPlan`).
 * One read per second per process, whatever the traffic, instead of one per request.
 */
export const CATALOGUE_MAX_AGE_MS = 1000;

interface Snapshot {
  loadedAt: number;
  plans: Record<Language, PlanView[]>;
  answers: Map<string, PreparedAnswer>;
}

/** The shop's catalogue list from memory, read again from the read model at most every `maxAgeMs`. */
export class CatalogueAnswers {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly options: { maxAgeMs?: number; now?: () => number } = {},
  ) {}

  /** The plans on sale in `language`, in display order, as of the same snapshot (the shop's public pages, the sitemap). */
  async plans(language: Language): Promise<readonly PlanView[]> {
    return (await this.current()).plans[language];
  }

  /** A tag of the plans on sale in `language`: the same for as long as they are (the shop's pages are kept on it). */
  async version(language: Language): Promise<string> {
    return (await this.answer(language, undefined)).representation('identity').etag;
  }

  async answer(language: Language, category: PlanCategory | undefined): Promise<PreparedAnswer> {
    const snapshot = await this.current();
    const key = `${language}|${category ?? ''}`;
    let answer = snapshot.answers.get(key);
    if (!answer) {
      const data = snapshot.plans[language].filter((plan) => !category || plan.category === category);
      // Checked once here, in every environment, rather than on each request.
      answer = new PreparedAnswer(Buffer.from(JSON.stringify(planList.parse({ data } satisfies PlanList))));
      snapshot.answers.set(key, answer);
    }
    return answer;
  }

  private async current(): Promise<Snapshot> {
    const now = (this.options.now ?? Date.now)();
    const maxAge = this.options.maxAgeMs ?? CATALOGUE_MAX_AGE_MS;
    if (this.snapshot && now - this.snapshot.loadedAt < maxAge) return this.snapshot;
    // Requests arriving while it loads share the one read.
    this.loading ??= this.load(now).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(now: number): Promise<Snapshot> {
    const lists = await Promise.all(LANGUAGES.map((language) => listPlans(this.knex, { language, onSaleOnly: true })));
    const plans = Object.fromEntries(LANGUAGES.map((language, i) => [language, lists[i]!])) as Record<
      Language,
      PlanView[]
    >;
    this.snapshot = { loadedAt: now, plans, answers: new Map() };
    return this.snapshot;
  }
}
