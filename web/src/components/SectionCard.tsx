import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** A titled card for one section of a page; the title labels the section for assistive tech. */
export function SectionCard(props: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  const titleId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={props.tone === 'danger' ? { borderColor: 'error.light' } : undefined}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 2.5 }}
        >
          <div>
            <Typography
              id={titleId}
              variant="h6"
              component="h2"
              sx={props.tone === 'danger' ? { color: 'error.main' } : undefined}
            >
              {props.title}
            </Typography>
            {props.subtitle && (
              <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                {props.subtitle}
              </Typography>
            )}
          </div>
          {props.action}
        </Stack>
        {props.children}
      </CardContent>
    </Card>
  );
}
