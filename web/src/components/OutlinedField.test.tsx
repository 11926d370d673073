/**
 * The light outlined field stands in for MUI's TextField in first-render forms: the same label,
 * ids, aria wiring, classes and theme defaults, so tests, screen readers and axe see no difference.
 */
import InputAdornment from '@mui/material/InputAdornment';
import { ThemeProvider } from '@mui/material/styles';
import MuiTextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { TextField } from './OutlinedField.tsx';

/** The parts whose names and wiring must match: tags, ids, for, aria, classes (minus emotion's). */
function shape(root: HTMLElement): string[] {
  return [...root.querySelectorAll('*')].map((el) => {
    const attrs = [
      'id',
      'for',
      'aria-describedby',
      'aria-invalid',
      'placeholder',
      'type',
      'readonly',
      'disabled',
    ]
      .map((a) => (el.hasAttribute(a) ? `${a}=${el.getAttribute(a)}` : ''))
      .filter(Boolean);
    const classes = [...el.classList].filter((c) => c.startsWith('Mui')).sort();
    return `${el.tagName} ${attrs.join(' ')} ${classes.join('.')}`;
  });
}

function both(props: Record<string, unknown>) {
  const mui = render(
    <ThemeProvider theme={theme}>
      <MuiTextField {...props} />
    </ThemeProvider>,
  );
  const muiShape = shape(mui.container);
  mui.unmount();
  const light = render(
    <ThemeProvider theme={theme}>
      <TextField {...props} />
    </ThemeProvider>,
  );
  return { mui: muiShape, light: shape(light.container) };
}

describe('OutlinedField', () => {
  it('renders what TextField renders: label, error, helper text, adornment, size, theme default fullWidth', () => {
    const { mui, light } = both({
      id: 'w',
      label: 'Weight',
      value: '170',
      onChange: () => {},
      error: true,
      size: 'small',
      helperText: 'Weight must be a positive number.',
      placeholder: 'Optional',
      slotProps: {
        input: { endAdornment: <InputAdornment position="end">lbs</InputAdornment> },
        htmlInput: { inputMode: 'decimal' },
        inputLabel: { shrink: true },
      },
    });
    expect(light).toEqual(mui);
    expect(light.join('\n')).toContain('MuiFormControl-fullWidth');
  });

  it('a read-only, disabled date field matches too', () => {
    const { mui, light } = both({
      id: 'd',
      label: 'Target date',
      type: 'date',
      value: '2027-01-01',
      disabled: true,
      slotProps: { input: { readOnly: true }, inputLabel: { shrink: true } },
    });
    expect(light).toEqual(mui);
  });

  it('names its input by its label and describes it by its helper text', () => {
    render(<TextField label="Weight" value="" onChange={() => {}} helperText="In pounds" />);
    const input = screen.getByLabelText('Weight');
    expect(input).toHaveAccessibleDescription('In pounds');
  });
});
