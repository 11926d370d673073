import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Status } from '../data/save.ts';

export type { Status };

/** The outcome of a form action: success or failure, announced to assistive tech. */
export function StatusAlert({
  status,
  onClose,
  sx,
}: {
  status: Status;
  onClose?: () => void;
  sx?: SxProps<Theme>;
}) {
  if (!status) return null;
  return (
    <Alert
      severity={status.kind}
      role={status.kind === 'error' ? 'alert' : 'status'}
      onClose={onClose}
      sx={sx}
    >
      {status.message}
    </Alert>
  );
}
