import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Key figures as a definition list: a big value over its label. */
export function StatGrid({ stats }: { stats: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <Box
      component="dl"
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
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {stat.label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 800, color: 'primary.main' }}
          >
            {stat.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
