import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LANGUAGES, type Language, type PlanCategory } from '@shop/domain';
import { listPlans, type PlanView } from '@shop/projections';
import { planList, type PlanList } from '@shop/contracts';
import type { Knex } from 'knex';

/**
 * How long the shop's catalogue is answered from memory before the read model is read again.
 * The catalogue is itself a projection that trails the log; a revised price or a plan taken off
 * sale reaching the list one second later is not something a shopper can tell apart from that
 * lag, and an order never trusts this list: it reads its plan from the read model (`getPlan`).
 * One read per second per process, whatever the traffic, instead of one per request.
 */
export const CATALOGUE_MAX_AGE_MS = 1000;

/** One answer of `GET /api/plans`, ready to send: its bytes, gzipped once, and a strong ETag per encoding. */
export interface CatalogueAnswer {
  body: Buffer;
  etag: string;
  gzip: () => { body: Buffer; etag: string };
}

interface Snapshot {
  loadedAt: number;
  plans: Record<Language, PlanView[]>;
  answers: Map<string, CatalogueAnswer>;
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

  async answer(language: Language, category: PlanCategory | undefined): Promise<CatalogueAnswer> {
    const snapshot = await this.current();
    const key = `${language}|${category ?? ''}`;
    let answer = snapshot.answers.get(key);
    if (!answer) {
      const data = snapshot.plans[language].filter((plan) => !category || plan.category === category);
      // Checked once here, in every environment, rather than on each request.
      answer = prepare(planList.parse({ data } satisfies PlanList));
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

function prepare(answer: PlanList): CatalogueAnswer {
  const body = Buffer.from(JSON.stringify(answer));
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  let gzipped: { body: Buffer; etag: string } | null = null;
  return {
    body,
    etag: `"${digest}"`,
    // The same content gzipped is another representation: its own strong tag.
    gzip: () => (gzipped ??= { body: gzipSync(body), etag: `"${digest}-gz"` }),
  };
}

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks for it). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
