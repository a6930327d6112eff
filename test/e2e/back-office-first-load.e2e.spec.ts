import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADMIN_DIR } from './e2e-shop.js';

/** `npm run size -w @shop/admin`: lists the first load's scripts, gzipped, and exits 1 over the budget. */
const FIRST_LOAD_SIZE = fileURLToPath(new URL('../../admin/scripts/first-load-size.mjs', import.meta.url));
const BUDGET_KB = 255;

describe('the back-office first load (the built admin/dist)', () => {
  it('is at most 255 KB of gzipped JavaScript: the frame, not the screens, the charts or the English texts', () => {
    if (!existsSync(path.join(ADMIN_DIR, 'index.html'))) {
      throw new Error(`The built back-office is missing (${ADMIN_DIR}): run \`npm run build\` first.`);
    }
    const run = spawnSync(process.execPath, [FIRST_LOAD_SIZE, ADMIN_DIR], { encoding: 'utf8' });
    const report = `${run.stdout}${run.stderr}`;
    expect(run.stderr, report).toBe('');

    const files = run.stdout.split('\n').filter((line) => line.includes(' raw '));
    // The entry script and react's own chunk at least: a report of nothing would prove nothing.
    expect(files.length, report).toBeGreaterThanOrEqual(2);
    const total = Number(/([\d.]+) KB {2}first load/.exec(run.stdout)?.[1]);
    expect(total, report).toBeGreaterThan(50);
    expect(total, report).toBeLessThanOrEqual(BUDGET_KB);
    expect(run.status, report).toBe(0);
  });
});
