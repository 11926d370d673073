/**
 * A part of a page whose chunk cannot load (offline before the service worker cached it, a flaky
 * network) shows the failure in its own place with Retry, which fetches it again; the rest of the
 * page stays. A bug in the part (not a missing chunk) still reaches the page's boundary.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FallbackOnError } from './FallbackOnError.tsx';
import { lazyPart, PART_FAILED } from './lazy-part.tsx';

/** The page around the part, with a boundary of its own as the route's. */
function Page({ children }: { children: ReactNode }) {
  return (
    <FallbackOnError fallback={<p>The page failed</p>}>
      <p>Beside it</p>
      {children}
    </FallbackOnError>
  );
}

const missingChunk = () => new TypeError('Failed to fetch dynamically imported module: /assets/Part-x.js');
const Shown = ({ text }: { text: string }) => <p>{text}</p>;

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

describe('lazyPart', () => {
  it('shows a missing chunk in its place with Retry, keeps the page, and loads on Retry', async () => {
    const load = vi.fn<() => Promise<typeof Shown>>().mockRejectedValueOnce(missingChunk());
    load.mockResolvedValue(Shown);
    const Part = lazyPart(load);
    render(
      <Page>
        <Part fallback={<p>Loading the part</p>} text="The part" />
      </Page>,
    );
    expect(screen.getByText('Loading the part')).toBeInTheDocument();
    expect(await screen.findByText(PART_FAILED)).toBeInTheDocument();
    expect(screen.getByText('Beside it')).toBeInTheDocument();
    expect(screen.queryByText('The page failed')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The part')).toBeInTheDocument();
    expect(screen.queryByText(PART_FAILED)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders a part loaded once at its next mount without fetching it again', async () => {
    const load = vi.fn(() => Promise.resolve(Shown));
    const Part = lazyPart(load);
    const first = render(
      <Page>
        <Part fallback={null} text="First" />
      </Page>,
    );
    expect(await screen.findByText('First')).toBeInTheDocument();
    first.unmount();
    render(
      <Page>
        <Part fallback={<p>Loading the part</p>} text="Again" />
      </Page>,
    );
    expect(screen.getByText('Again')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets a crash of the part (not a missing chunk) reach the page boundary', async () => {
    function Broken(): ReactNode {
      throw new Error('a bug');
    }
    const Part = lazyPart(() => Promise.resolve(Broken));
    render(
      <Page>
        <Part fallback={null} />
      </Page>,
    );
    expect(await screen.findByText('The page failed')).toBeInTheDocument();
    expect(screen.queryByText(PART_FAILED)).toBeNull();
  });
});
