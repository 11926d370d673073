import Alert from '@mui/material/Alert';

export type Status = { kind: 'success' | 'error' | 'info'; message: string } | null;

/** The outcome of a form action: success or failure, announced to assistive tech. */
export function StatusAlert({ status, onClose }: { status: Status; onClose?: () => void }) {
  if (!status) return null;
  return (
    <Alert
      severity={status.kind}
      role={status.kind === 'error' ? 'alert' : 'status'}
      {...(onClose ? { onClose } : {})}
    >
      {status.message}
    </Alert>
  );
}
