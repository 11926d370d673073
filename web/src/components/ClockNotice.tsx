import { useClockOff } from '../data/connection.ts';
import { ErrorToast } from './ErrorToast.tsx';

export function clockOffMessage(ms: number, refused = 'the save'): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const by = minutes >= 90 ? `about ${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
  return `FitTrack refused ${refused} because this device's clock is ${by} ${ms > 0 ? 'ahead' : 'behind'}. Set the date and time to automatic, then try again.`;
}

/** Why saves fail while this device's clock is off: a toast, seen wherever the form was. */
export function ClockNotice() {
  const [off, dismiss] = useClockOff();
  return off === null ? null : <ErrorToast message={clockOffMessage(off)} onClose={dismiss} />;
}
