// @vitest-environment jsdom
/**
 * The date fields as a user types in them: French reads and shows dd/mm/yy, English mm/dd/yy, with
 * the time for day-and-time fields; the value handed to the screen stays yyyy-MM-dd(THH:mm).
 */
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { changeLanguage, initI18n } from '../i18n/setup';
import type { Language } from '../storage/preferences';
import { DateField } from './date-field';

function Harness({ language, initial = '', withTime = false }: { language: Language; initial?: string; withTime?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="when">Quand</label>
      <DateField id="when" value={value} onChange={setValue} language={language} withTime={withTime} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function type(text: string) {
  const input = screen.getByLabelText('Quand');
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(cleanup);

describe('DateField', () => {
  it('shows a French day as dd/mm/yy and reads what is typed the same way', async () => {
    await changeLanguage('fr');
    render(<Harness language="fr" initial="2026-03-04" />);
    expect((screen.getByLabelText('Quand') as HTMLInputElement).value).toBe('04/03/26');
    expect(screen.getByLabelText('Quand').getAttribute('placeholder')).toBe('jj/mm/aa');
    type('25/12/26');
    expect(screen.getByTestId('value').textContent).toBe('2026-12-25');
  });

  it('shows an English day as mm/dd/yy and reads what is typed the same way', async () => {
    await changeLanguage('en');
    render(<Harness language="en" initial="2026-03-04" />);
    expect((screen.getByLabelText('Quand') as HTMLInputElement).value).toBe('03/04/26');
    expect(screen.getByLabelText('Quand').getAttribute('placeholder')).toBe('mm/dd/yy');
    type('12/25/26');
    expect(screen.getByTestId('value').textContent).toBe('2026-12-25');
  });

  it('keeps the time of a day-and-time field, 24-hour in French', async () => {
    await changeLanguage('fr');
    render(<Harness language="fr" initial="2026-03-04T09:30" withTime />);
    expect((screen.getByLabelText('Quand') as HTMLInputElement).value).toBe('04/03/26 09:30');
    type('05/03/26 17:45');
    expect(screen.getByTestId('value').textContent).toBe('2026-03-05T17:45');
  });

  it('empties the value when the text is cleared', async () => {
    await changeLanguage('fr');
    render(<Harness language="fr" initial="2026-03-04" />);
    type('');
    expect(screen.getByTestId('value').textContent).toBe('');
  });
});
