import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { SyncRuns, type ObservationResult, type ReplayReport } from '../payments/sync-runs.js';
import { withRuntime } from './cli-runtime.js';

const VERDICTS: Record<ObservationResult['verdict'], string> = {
  applied: 'APPLIED',
  already_applied: 'already applied',
  mismatch: 'mismatch',
  unmatched: 'unmatched',
  skipped: 'skipped',
  would_apply: 'WOULD APPLY',
};

const money = (cents: number | null, currency: string | null) =>
  cents === null ? '?' : `${(cents / 100).toFixed(2)} ${currency ?? ''}`.trim();

export function formatReplay(report: ReplayReport, dryRun: boolean): string {
  const lines = [
    `payment sync ${report.runId} (customer ${report.userId}, requested ${report.requestedAt}${report.completed ? '' : ', never completed'})`,
  ];
  if (report.results.length === 0) lines.push('  no payment observed in this run');
  for (const r of report.results) {
    lines.push(
      `  ${VERDICTS[r.verdict].padEnd(15)} ${r.sessionId}  ${money(r.amountCents, r.currency).padEnd(10)}  order ${r.subscriptionId ?? '-'}: ${r.detail}`,
    );
  }
  const toDo = report.results.filter((r) => r.verdict === 'would_apply').length;
  lines.push(
    dryRun
      ? toDo === 0
        ? 'Dry run: nothing to apply'
        : `Dry run: ${toDo} payment(s) would be applied; run without --dry-run to apply them`
      : report.appended === 0
        ? 'Nothing changed: every outcome of this run is already in the log'
        : `${report.appended} event(s) written`,
  );
  return lines.join('\n');
}

/** `shopctl payments ...`: the payment sync's runs, replayed from the log. */
export function registerPaymentCommands(program: Command): void {
  const payments = program.command('payments').description('Payments: recorded provider observations');

  payments
    .command('replay-sync')
    .argument('<runId>', 'the run, as the back-office sync answered it (stream payment-sync-<runId>)')
    .description(
      'Re-derive the outcomes of a recorded payment sync from its observations in the log, asking no provider; applies only what is not applied yet',
    )
    .option('--dry-run', 'only say what would be applied')
    .option('--json', 'print JSON')
    .action(async (runId: string, options: { dryRun?: boolean; json?: boolean }) => {
      await withRuntime(async ({ store, payments: paymentService }) => {
        const report = await new SyncRuns({ store, payments: paymentService }).replay(
          runId,
          { actor: { type: 'system', id: `shopctl:${userInfo().username}` }, correlationId: randomUUID() },
          { dryRun: options.dryRun === true },
        );
        console.log(options.json ? JSON.stringify(report, null, 2) : formatReplay(report, options.dryRun === true));
      });
    });
}
