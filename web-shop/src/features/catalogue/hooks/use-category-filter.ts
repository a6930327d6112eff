import { useSearchParams } from 'react-router-dom';
import { PLAN_CATEGORIES, type PlanCategory } from '../../../types/api';

export type CategoryFilter = 'ALL' | PlanCategory;

function isCategory(value: string | null): value is PlanCategory {
  return (PLAN_CATEGORIES as readonly (string | null)[]).includes(value);
}

/** The category filter lives in the URL (`?category=Music`) so a filtered list can be shared and restored. */
export function useCategoryFilter(): [CategoryFilter, (next: CategoryFilter) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const current: CategoryFilter = isCategory(raw) ? raw : 'ALL';
  const set = (next: CategoryFilter) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'ALL') updated.delete('category');
        else updated.set('category', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [current, set];
}
