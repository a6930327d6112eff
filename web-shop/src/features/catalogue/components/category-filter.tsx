import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import type { CategoryFilter as Filter } from '../hooks/use-category-filter';
import { PLAN_CATEGORIES } from '../../../types/api';

const FILTERS: readonly Filter[] = ['ALL', ...PLAN_CATEGORIES];

export function CategoryFilter({ value, onChange }: { value: Filter; onChange: (next: Filter) => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <ChoiceGroup<Filter>
      label={t('filter.label')}
      value={value}
      onChange={onChange}
      choices={FILTERS.map((filter) => ({ value: filter, label: t(`filter.${filter}`) }))}
      sx={{
        gap: 1,
        justifyContent: 'center',
        '& .MuiButton-root': {
          border: 1,
          borderColor: 'divider',
          borderRadius: 999,
          px: 2.5,
          bgcolor: 'background.paper',
          color: 'text.primary',
        },
        '& .MuiButton-root.Mui-selected, & .MuiButton-root.Mui-selected:hover': {
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderColor: 'primary.main',
        },
      }}
    />
  );
}
