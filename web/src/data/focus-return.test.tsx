import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusReturn } from './save.ts';

let remember: () => void = () => {};

function Form(props: { busy: boolean; showSave?: boolean }) {
  const r = useFocusReturn(props.busy);
  useEffect(() => {
    remember = r;
  }, [r]);
  return (
    <div>
      {props.showSave !== false && (
        <button type="button" disabled={props.busy}>
          Save
        </button>
      )}
      <button type="button">Elsewhere</button>
    </div>
  );
}

/** What a browser does when the focused control is disabled: the focus falls to <body>. */
function dropFocus() {
  (document.activeElement as HTMLElement | null)?.blur();
}

describe('useFocusReturn', () => {
  it('gives the focus back to the control once the save has settled', () => {
    const { rerender } = render(<Form busy={false} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    act(() => remember());
    dropFocus(); // (jsdom does not blur a control as it is disabled: done by hand, just before)
    rerender(<Form busy />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Form busy={false} />);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('leaves the focus where the person (or a closing dialog) put it meanwhile', () => {
    const { rerender } = render(<Form busy={false} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    act(() => remember());
    rerender(<Form busy />);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    rerender(<Form busy={false} />);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('does nothing when the control is gone', () => {
    const { rerender } = render(<Form busy={false} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    act(() => remember());
    rerender(<Form busy showSave={false} />);
    rerender(<Form busy={false} showSave={false} />);
    expect(document.activeElement).toBe(document.body);
  });
});
