/**
 * What other people wrote, made safe to lay out: bidi embedding, override and isolate controls
 * are dropped (writes refuse them; this covers anything stored before), and a name is isolated
 * with <bdi> so a right-to-left name cannot reorder the text around it (the "You" chip, a date).
 */
import { stripBidiControls } from '@fit/shared/text';

export function ShownName({ name }: { name: string }) {
  return <bdi>{stripBidiControls(name)}</bdi>;
}
