// @vitest-environment jsdom
/** A tooltip loaded where it is rendered: its target shows at once, its text on hover once loaded. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TooltipWhenShown } from './tooltip-when-shown';

afterEach(cleanup);

describe('TooltipWhenShown', () => {
  it('shows its target at once and its text when the target is hovered', async () => {
    const user = userEvent.setup();
    render(
      <TooltipWhenShown content="Réservé aux administrateurs">
        <button type="button">Nouveau projet</button>
      </TooltipWhenShown>,
    );
    expect(screen.getByRole('button', { name: 'Nouveau projet' })).toBeTruthy();
    // The popover arrives; the target drawn by Blueprint's Tooltip is the one hovered.
    // Its first import may be slow on a loaded machine: a bound, not a wait.
    await screen.findByText('Nouveau projet', { selector: '.bp6-popover-target button' }, { timeout: 15_000 });
    await user.hover(screen.getByRole('button', { name: 'Nouveau projet' }));
    expect(await screen.findByText('Réservé aux administrateurs', {}, { timeout: 5_000 })).toBeTruthy();
  });
});
