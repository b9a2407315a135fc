// @vitest-environment jsdom
/**
 * AutoForm as a user fills it: a day typed in the interface language's format, a number that may be
 * emptied ("no quota") or not, and a read-only form whose fields can't be changed.
 */
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { changeLanguage, initI18n } from '../i18n/setup';
import { AutoForm, type AutoField } from './auto-form';

type Form = { start: string; quota: number | null; monthly: number };
const FIELDS: AutoField<keyof Form>[] = [
  { name: 'start', kind: 'date', label: 'Début', required: true },
  { name: 'quota', kind: 'number', label: 'Quota', min: 0, nullable: true },
  { name: 'monthly', kind: 'number', label: 'Mensuel', min: 0 },
];

function Harness({ readOnly = false }: { readOnly?: boolean }) {
  const [value, setValue] = useState<Form>({ start: '2026-01-01', quota: 5000, monthly: 100 });
  return (
    <>
      <AutoForm id="f" fields={FIELDS} value={value} onChange={setValue} readOnly={readOnly} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as Form;

beforeAll(async () => {
  await initI18n('fr');
  await changeLanguage('fr');
});
afterEach(cleanup);

describe('AutoForm', () => {
  it('reads a day typed as dd/mm/yy in French and hands back yyyy-MM-dd', () => {
    render(<Harness />);
    const start = screen.getByLabelText('Début') as HTMLInputElement;
    expect(start.value).toBe('01/01/26');
    fireEvent.focus(start);
    fireEvent.change(start, { target: { value: '15/03/26' } });
    fireEvent.blur(start);
    expect(value().start).toBe('2026-03-15');
  });

  it('gives null for an emptied nullable number, and keeps the last number of a required one', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Quota'), { target: { value: '' } });
    expect(value().quota).toBeNull();
    fireEvent.change(screen.getByLabelText('Quota'), { target: { value: '1200' } });
    expect(value().quota).toBe(1200);
    fireEvent.change(screen.getByLabelText('Mensuel'), { target: { value: '' } });
    expect(value().monthly).toBe(100);
  });

  it('shows every field but lets none change when read-only', () => {
    render(<Harness readOnly />);
    for (const label of ['Début', 'Quota', 'Mensuel']) expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(true);
  });
});
