/** Logout asks first while offline changes wait to sync: logging out erases the offline cache. */
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';

/** `pending`: this tab's count of unsent writes; 0 when only the SDK knows of them. */
export function unsentChangesMessage(pending: number): string {
  const [what, them, they] =
    pending === 0
      ? ['Changes made offline have', 'them', 'they']
      : pending === 1
        ? ['1 change made offline has', 'it', 'it']
        : [`${pending} changes made offline have`, 'them', 'they'];
  return `${what} not reached the server yet. Logging out erases ${them} from this device, so ${they} will not be saved. Stay signed in until ${they} ${they === 'it' ? 'syncs' : 'sync'}, or log out anyway.`;
}

export function LogoutConfirm(props: { pending: number; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      open
      title="Log out and lose unsent changes?"
      message={unsentChangesMessage(props.pending)}
      confirmLabel="Log out anyway"
      destructive
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    />
  );
}
