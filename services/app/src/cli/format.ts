import type { RecordedEvent } from '@shop/event-store';
import type { ProjectionStatus } from '@shop/projections';

/** One event as an operator or auditor reads it: when, what, who, and the data. */
export function formatEvent(event: RecordedEvent, options: { withStream?: boolean } = {}): string {
  const actor = event.metadata.actor ? `${event.metadata.actor.type}:${event.metadata.actor.id}` : 'unknown';
  const where = options.withStream ? `${event.streamId} #${event.streamVersion}` : `#${event.streamVersion}`;
  const schema = event.schemaVersion > 1 ? ` (v${event.schemaVersion})` : '';
  const header = `${event.recordedAt.toISOString()}  ${where}  ${event.type}${schema}  by ${actor}`;
  const correlation = event.metadata.correlationId ? `\n    correlation: ${event.metadata.correlationId}` : '';
  const data = JSON.stringify(event.data, null, 2).replaceAll('\n', '\n    ');
  return `${header}${correlation}\n    ${data}`;
}

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The generation kept for a rollback: number, size, and whether this code can roll back to it. */
function formatPrevious(previous: ProjectionStatus['previous']): string {
  if (!previous) return '-';
  const version = previous.canRollBack ? '' : `, built by v${previous.codeVersion}: no rollback`;
  return `${previous.generation} (${formatSize(previous.sizeBytes)}, at ${previous.lastPosition}${version})`;
}

export function formatStatuses(statuses: readonly ProjectionStatus[]): string {
  const rows = statuses.map((s) => [
    s.name,
    s.builtVersion === null ? `- / ${s.codeVersion}` : `${s.builtVersion} / ${s.codeVersion}`,
    s.activeGeneration === null ? 'not built' : String(s.activeGeneration),
    String(s.lagEvents),
    String(s.lastPosition),
    s.updatedAt ?? '-',
    String(s.parked.length),
    formatPrevious(s.previous),
    s.rebuilding.length > 0 ? `building ${s.rebuilding.join(', ')}` : '',
  ]);
  const header = [
    'projection',
    'version (built / code)',
    'generation',
    'lag (events)',
    'position',
    'updated',
    'parked',
    'previous',
    '',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows]
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The events projections parked, for the operator to retry (after a fix) or skip. */
export function formatParked(statuses: readonly ProjectionStatus[]): string {
  const parked = statuses.flatMap((s) => s.parked);
  if (parked.length === 0) return '';
  const lines = parked.map(
    (p) =>
      `  ${p.projection} ${p.globalPosition}  ${p.eventType} on ${p.streamId} (event ${p.eventId}), parked ${p.parkedAt} after ${p.attempts} attempts\n      ${p.error}`,
  );
  return [
    `\nParked events (the shop reports not ready until each is resolved):`,
    ...lines,
    `Resolve with: shopctl projections retry <projection> <position>  or  shopctl projections skip <projection> <position>`,
  ].join('\n');
}
