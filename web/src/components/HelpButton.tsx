import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense } from 'react';

// MUI's Tooltip brings Popper (about 8 KB gzip): the button works and is named without it, so the
// hover hint arrives just after the first render instead of delaying it.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** The small '?' that opens an explainer popup. */
export function HelpButton({ label, onClick }: { label: string; onClick: () => void }) {
  const button = (
    <IconButton
      size="small"
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      sx={{ p: 0.25, ml: 0.25, color: 'text.secondary' }}
    >
      <HelpOutlineOutlined sx={{ fontSize: 18 }} />
    </IconButton>
  );
  return (
    <Suspense fallback={button}>
      <Tooltip title={label}>{button}</Tooltip>
    </Suspense>
  );
}
