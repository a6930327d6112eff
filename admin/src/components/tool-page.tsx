import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';

/**
 * A page of the back-office's own tools (not a resource's): its `title` in the app bar, then on one
 * card, at most `maxWidth` wide, what the tool does (`explanation`) above the tool itself.
 */
export function ToolPage({
  title,
  explanation,
  maxWidth,
  children,
}: {
  title: string;
  explanation: string;
  maxWidth: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: { xs: 1, sm: 2 }, maxWidth }}>
      <Title title={translate(title)} />
      <CardContent>
        <Typography variant="body1" sx={{ mb: 2 }}>
          {translate(explanation)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
