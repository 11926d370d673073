/** A name someone wrote: bidi controls dropped, and isolated so it cannot reorder the text around it. */
import { stripBidiControls } from '@fit/shared/text';

export function ShownName({ name }: { name: string }) {
  return <bdi>{stripBidiControls(name)}</bdi>;
}
