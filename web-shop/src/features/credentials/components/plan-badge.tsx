import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';

/** The plan's logo, or its initial on a coloured badge when it has none (seeds §2). */
export function PlanBadge({ name, logo, size = 56 }: { name: string; logo: string | null; size?: number }) {
  if (logo) {
    return <Box component="img" src={logo} alt="" width={size} height={size} sx={{ borderRadius: 2, flexShrink: 0 }} />;
  }
  return (
    <Avatar
      aria-hidden
      variant="rounded"
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontWeight: 800, fontSize: size / 2.2 }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
