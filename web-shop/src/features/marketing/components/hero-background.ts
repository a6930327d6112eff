export const heroBackground = {
  color: '#fff',
  background: 'linear-gradient(135deg, #2e1065 0%, #4c1d95 55%, #6d28d9 100%)',
} as const;
