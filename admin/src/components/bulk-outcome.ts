import type { BulkOutcome } from '@shop/contracts';
import { useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';

/**
 * What a bulk action says once done: how many records changed, how many were already so, and each
 * reason a record was refused (worded as for one record, with how many it stopped); then the list
 * is refreshed and its selection cleared. A selection that was all refused is an error.
 */
export function useBulkOutcome() {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { onUnselectItems } = useListContext();
  return (outcome: BulkOutcome) => {
    const refusals = new Map<string, { detail: string; count: number }>();
    for (const result of outcome.results) {
      if (result.outcome !== 'refused') continue;
      const code = result.code ?? 'unknown';
      const seen = refusals.get(code) ?? { detail: result.detail ?? code, count: 0 };
      refusals.set(code, { ...seen, count: seen.count + 1 });
    }
    const parts = [
      translate('shop.bulk.changed', { smart_count: outcome.changed }),
      ...(outcome.unchanged > 0 ? [translate('shop.bulk.unchanged', { smart_count: outcome.unchanged })] : []),
      ...[...refusals].map(([code, { detail, count }]) =>
        translate('shop.bulk.refused', {
          smart_count: count,
          reason: translate(`shop.errors.${code}`, { _: detail }),
        }),
      ),
    ];
    const type = outcome.refused === 0 ? 'success' : outcome.changed + outcome.unchanged === 0 ? 'error' : 'warning';
    notify(parts.join(' · '), { type, autoHideDuration: outcome.refused === 0 ? 5000 : 15000 });
    onUnselectItems();
    refresh();
  };
}
