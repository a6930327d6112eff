import type { ProjectionStatus } from '@shop/projections';
import { describe, expect, it } from 'vitest';
import { LAUNCH_PLANS, seedCatalogue } from '../catalogue/catalogue-seed.js';
import { testShopWithShopctl, type ShopctlRun } from '../testing/shopctl-process.js';
import { eventually } from '../testing/test-shop.js';

const cli = testShopWithShopctl('shopctl_projections');
const { shopctl } = cli;

const ok = (result: ShopctlRun) => ({ status: result.status, stderr: result.stderr });

const catalogueStatus = async () => {
  const result = await shopctl('projections', 'status', '--json');
  expect(ok(result)).toEqual({ status: 0, stderr: '' });
  return (JSON.parse(result.stdout) as ProjectionStatus[]).find((s) => s.name === 'catalogue')!;
};

/** The plans the shop's API lists, read through the catalogue's views. */
const planIds = async () =>
  ((await (await fetch(`${cli.shop.url}/api/plans`)).json()) as { data: Array<{ id: string }> }).data.map((p) => p.id);

/** A plan published now, as the back-office would. */
const publishPlan = async (planId: string) => {
  await seedCatalogue(cli.shop.runtime.commands.plans, new Date(), [
    { ...LAUNCH_PLANS[0]!, planId, name: planId, sortOrder: 90 },
  ]);
};

describe('shopctl projections rollback and drop-previous', () => {
  it('switches back to the generation a rebuild kept, caught up, while the shop serves; drop-previous removes it', async () => {
    await publishPlan('before-rebuild');
    await eventually(planIds, (ids) => ids.includes('before-rebuild'));

    const none = await shopctl('projections', 'rollback', 'catalogue');
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('catalogue has no previous generation to roll back to');

    const rebuilt = await shopctl('projections', 'rebuild', 'catalogue');
    expect(ok(rebuilt)).toEqual({ status: 0, stderr: '' });
    expect(rebuilt.stdout).toMatch(/catalogue: rebuilt generation 2 from \d+ events/);
    expect(await catalogueStatus()).toMatchObject({
      activeGeneration: 2,
      previous: { generation: 1, canRollBack: true },
    });
    const table = await shopctl('projections', 'status');
    expect(table.stdout).toMatch(/^projection .* parked +previous/);
    expect(table.stdout).toMatch(/\ncatalogue .* 0 +1 \(\d+ kB, at \d+\)/);

    // Recorded while generation 2 serves: generation 1 never saw it.
    await publishPlan('after-rebuild');
    await eventually(planIds, (ids) => ids.includes('after-rebuild'));

    const rolledBack = await shopctl('projections', 'rollback', 'catalogue');
    expect(ok(rolledBack)).toEqual({ status: 0, stderr: '' });
    expect(rolledBack.stdout).toMatch(
      /catalogue: generation 1 serving again, caught up with [1-9]\d* events; generation 2 kept as the previous/,
    );
    expect(await catalogueStatus()).toMatchObject({ activeGeneration: 1, previous: { generation: 2 } });
    const served = await cli.shop.runtime.knex.raw<{ rows: Array<{ definition: string }> }>(
      `SELECT definition FROM pg_views WHERE viewname = 'plans'`,
    );
    expect(served.rows[0]!.definition).toContain('rm_plans_g1');
    // The API reads generation 1 now, with what was recorded after the rebuild (no wait: caught up before the switch).
    expect(await planIds().catch(planIds)).toEqual(expect.arrayContaining(['before-rebuild', 'after-rebuild']));
    // And the shop's projector keeps it up to date.
    await publishPlan('after-rollback');
    expect(await eventually(planIds, (ids) => ids.includes('after-rollback'))).toContain('after-rollback');

    const dropped = await shopctl('projections', 'drop-previous', 'catalogue');
    expect(ok(dropped)).toEqual({ status: 0, stderr: '' });
    expect(dropped.stdout).toContain('catalogue: previous generation 2 dropped');
    const left = await cli.shop.runtime.knex.raw<{ rows: Array<{ table_name: string }> }>(
      `SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'rm_plans_g%'`,
    );
    expect(left.rows.map((r) => r.table_name)).toEqual(['rm_plans_g1']);
    expect((await catalogueStatus()).previous).toBeNull();

    const again = await shopctl('projections', 'rollback', 'catalogue');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('no previous generation');
    expect((await shopctl('projections', 'drop-previous', '--all')).stdout).toContain(
      'catalogue: no previous generation',
    );
    expect((await shopctl('projections', 'drop-previous')).stderr).toContain('Name a projection, or pass --all');
    // (Read through `eventually`: the API's idle keep-alive socket may have closed during the commands.)
    const kept = ['before-rebuild', 'after-rebuild', 'after-rollback'];
    expect(await eventually(planIds, (ids) => kept.every((id) => ids.includes(id)))).toEqual(
      expect.arrayContaining(kept),
    );
    // Ten shopctl processes, each a start of Node and the CLI: the default minute is tight on a busy machine.
  }, 150_000);
});
