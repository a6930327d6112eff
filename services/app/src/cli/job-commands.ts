import type { Command } from 'commander';
import { listFailedJobs } from '../jobs/job-ledger.js';
import { operator, printRows, withRuntime } from './cli-runtime.js';

/** `shopctl jobs`: the jobs that used all their attempts, and giving them their attempts back. */
export function registerJobCommands(program: Command): void {
  const jobs = program
    .command('jobs')
    .description('Jobs (e-mails, notifications, payment notices, expiries): the failed ones, and retrying them');

  jobs
    .command('failed')
    .description('The jobs that used all their attempts, newest first, with their last error')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withRuntime(async ({ knex }) => {
        printRows(await listFailedJobs(knex), options, {
          none: 'No failed job',
          heading: (count) => `${count} failed job(s):`,
          line: (job) =>
            `  ${job.id}  ${job.name}  ${job.attempts} attempt(s)  failed ${job.failedAt?.toISOString() ?? '?'}\n` +
            `    ${JSON.stringify(job.data)}\n    last error: ${job.lastError ?? '-'}`,
        });
      });
    });

  jobs
    .command('retry')
    .argument('[ids...]', 'the ids of failed jobs, as `jobs failed` lists them')
    .option('--all', 'every failed job')
    .description("Give failed jobs their attempts back: they run again now (each job's effect still happens once)")
    .action(async (ids: string[], options: { all?: boolean }) => {
      if (Boolean(options.all) === ids.length > 0) {
        console.error('shopctl: name the jobs to retry, or --all (not both)');
        process.exitCode = 2;
        return;
      }
      await withRuntime(async ({ queue, logger }) => {
        const retried = await queue.retry(options.all ? 'all' : ids);
        logger.info({ jobs: retried, by: operator() }, 'failed jobs retried');
        const unknown = ids.filter((id) => !retried.includes(id));
        console.log(
          retried.length === 0 ? 'No failed job to retry' : `${retried.length} job(s) retried: ${retried.join(', ')}`,
        );
        if (unknown.length > 0) {
          console.error(`Not failed (or unknown): ${unknown.join(', ')}`);
          process.exitCode = 1;
        }
      });
    });
}
