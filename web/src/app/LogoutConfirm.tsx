/**
 * The question Logout asks while changes made offline wait to sync: logging out erases the offline
 * cache with them (data/page-backend.ts).
 */
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';

interface LogoutConfirmProps {
  /** This tab's count of unsent writes; 0 when only the SDK knows of them. */
  pending: number;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * What the logout confirmation says: logging out erases the offline cache (page-backend.ts).
 * `pending` is this tab's count; 0 when only the SDK knows of them (another tab, an earlier load).
 */
export function unsentChangesMessage(pending: number): string {
  const [what, them, they] =
    pending === 0
      ? ['Changes made offline have', 'them', 'they']
      : pending === 1
        ? ['1 change made offline has', 'it', 'it']
        : [`${pending} changes made offline have`, 'them', 'they'];
  return `${what} not reached the server yet. Logging out erases ${them} from this device, so ${they} will not be saved. Stay signed in until ${they} ${they === 'it' ? 'syncs' : 'sync'}, or log out anyway.`;
}

export function LogoutConfirm({ pending, onConfirm, onCancel }: LogoutConfirmProps) {
  return (
    <ConfirmDialog
      open
      title="Log out and lose unsent changes?"
      message={unsentChangesMessage(pending)}
      confirmLabel="Log out anyway"
      destructive
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
