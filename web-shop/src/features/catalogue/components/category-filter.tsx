import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { CategoryFilter as Filter } from '../hooks/use-category-filter';
import { PLAN_CATEGORIES } from '../types';

const FILTERS: readonly Filter[] = ['ALL', ...PLAN_CATEGORIES];

export function CategoryFilter({ value, onChange }: { value: Filter; onChange: (next: Filter) => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <ToggleButtonGroup
      exclusive
      value={value}
      aria-label={t('filter.label')}
      onChange={(_event, next: Filter | null) => {
        if (next) onChange(next);
      }}
      sx={{
        flexWrap: 'wrap',
        gap: 1,
        '& .MuiToggleButtonGroup-grouped': {
          border: 1,
          borderColor: 'divider',
          borderRadius: '999px !important',
          px: 2.5,
          bgcolor: 'background.paper',
          color: 'text.primary',
        },
        '& .MuiToggleButtonGroup-grouped.Mui-selected, & .MuiToggleButtonGroup-grouped.Mui-selected:hover': {
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderColor: 'primary.main',
        },
      }}
    >
      {FILTERS.map((filter) => (
        <ToggleButton key={filter} value={filter} sx={{ textTransform: 'none', fontWeight: 600 }}>
          {t(`filter.${filter}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
