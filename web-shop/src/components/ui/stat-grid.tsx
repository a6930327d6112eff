import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Key figures as a definition list: a big value over its label. `onColour` suits a coloured band
 * (white text on translucent cards) such as the home page's hero.
 */
export function StatGrid({
  stats,
  label,
  onColour = false,
}: {
  stats: ReadonlyArray<{ value: string; label: string }>;
  /** The list's accessible name, when no heading introduces it. */
  label?: string;
  onColour?: boolean;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${stats.length}, 1fr)` },
        m: 0,
      }}
    >
      {stats.map((stat) => (
        <Box
          key={stat.label}
          sx={{
            display: 'flex',
            flexDirection: 'column-reverse',
            justifyContent: 'flex-end',
            p: { xs: 2, sm: 3 },
            borderRadius: 3,
            textAlign: 'center',
            ...(onColour
              ? { bgcolor: 'rgba(255,255,255,0.1)', border: '1px solid rgba(255,255,255,0.2)' }
              : { bgcolor: 'background.paper', border: 1, borderColor: 'divider' }),
          }}
        >
          <Typography
            component="dt"
            sx={{ color: onColour ? 'rgba(255,255,255,0.9)' : 'text.secondary', fontWeight: 600 }}
          >
            {stat.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontSize: { xs: '1.75rem', md: '2.25rem' },
              fontWeight: 800,
              color: onColour ? 'inherit' : 'primary.main',
            }}
          >
            {stat.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
