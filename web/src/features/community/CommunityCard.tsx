import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { IconTile } from '../../components/IconTile.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';

/** A titled card filling its grid cell, so cards side by side line up; `error` stands in for the content. */
export function CommunityCard(props: {
  title: string;
  icon: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  error?: string | null | undefined;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1.5, px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 2.5 }, pb: 1.5 }}
      >
        <IconTile size={40} sx={{ borderRadius: 2.5, flexShrink: 0, bgcolor: 'tint.primaryStrong' }}>
          {props.icon}
        </IconTile>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
            {props.title}
          </Typography>
          {props.subtitle && (
            <Typography variant="body2" color="textSecondary">
              {props.subtitle}
            </Typography>
          )}
        </Box>
        {props.action}
      </Stack>
      {props.error ? (
        <LoadFailed message={props.error} sx={{ mx: { xs: 2, sm: 3 }, mb: { xs: 2, sm: 3 } }} />
      ) : (
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>{props.children}</Box>
      )}
    </Card>
  );
}
