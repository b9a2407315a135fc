// @vitest-environment jsdom
/**
 * The date fields as a user types in them: French reads and shows dd/mm/yy, English mm/dd/yy, with
 * the time for day-and-time fields; the value handed to the screen stays yyyy-MM-dd(THH:mm).
 */
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog';
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

  describe('Escape with the calendar open in a dialog', () => {
    // The connector wizard: Escape there asks whether to drop the whole form; in the calendar it only closes the calendar.
    function renderInDialog(onClose: () => void) {
      render(
        <Dialog isOpen onClose={onClose} title="Assistant">
          <Harness language="fr" initial="2026-03-04T09:30" withTime />
        </Dialog>,
      );
    }

    it('closes only the calendar when the field has the focus', async () => {
      await changeLanguage('fr');
      const onClose = vi.fn();
      const user = userEvent.setup();
      renderInDialog(onClose);
      await user.click(screen.getByLabelText('Quand'));
      await screen.findByRole('dialog', { name: 'Calendrier' });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calendrier' })).toBeNull());
      expect(onClose).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(screen.getByLabelText('Quand'));
      // A second Escape, with the calendar closed, is the dialog's.
      await user.keyboard('{Escape}');
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it('closes only the calendar when a day has the focus', async () => {
      await changeLanguage('fr');
      const onClose = vi.fn();
      const user = userEvent.setup();
      renderInDialog(onClose);
      await user.click(screen.getByLabelText('Quand'));
      const calendar = await screen.findByRole('dialog', { name: 'Calendrier' });
      within(calendar).getAllByRole('button')[0]!.focus();
      expect(calendar.contains(document.activeElement)).toBe(true);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calendrier' })).toBeNull());
      expect(onClose).not.toHaveBeenCalled();
      // The focus is back in the field and the calendar stays closed until asked for again.
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Quand')));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(screen.queryByRole('dialog', { name: 'Calendrier' })).toBeNull();
      await user.keyboard('{ArrowDown}');
      await screen.findByRole('dialog', { name: 'Calendrier' });
    });

    it('lets Tab leave the field once Escape closed the calendar', async () => {
      await changeLanguage('fr');
      const user = userEvent.setup();
      renderInDialog(vi.fn());
      await user.click(screen.getByLabelText('Quand'));
      await screen.findByRole('dialog', { name: 'Calendrier' });
      await user.keyboard('{Escape}');
      await user.tab();
      expect(document.activeElement).not.toBe(screen.getByLabelText('Quand'));
      expect(screen.getByRole('dialog', { name: 'Assistant' }).contains(document.activeElement)).toBe(true);
    });
  });
});
