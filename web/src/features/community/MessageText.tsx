import { stripBidiControls } from '@fit/shared/text';
import Link from '@mui/material/Link';
import { splitLinks } from './format.ts';

/**
 * A post's text with its http(s) addresses as links opening in a new tab, never HTML. Bidi controls
 * are dropped first (posts stored before writes refused them), so none can reverse a link's text.
 */
export function MessageText({ message }: { message: string }) {
  const parts = splitLinks(stripBidiControls(message));
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'link' ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable message
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            underline="always"
            sx={{ color: 'inherit', fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable message
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
