import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { WelcomeTour } from './welcome-tour.js';

function renderTour(firstTime: boolean, onClose = vi.fn()) {
  render(
    <MemoryRouter>
      <WelcomeTour open firstTime={firstTime} onClose={onClose} />
    </MemoryRouter>,
  );
  return onClose;
}

describe('welcome tour', () => {
  it('walks six steps with Previous and Next, and ends on Get Started', () => {
    renderTour(true);
    expect(screen.getByText('Step 1 of 6')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    for (let step = 2; step <= 6; step++) {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText(`Step ${step} of 6`)).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
  });

  it('says that 100 credits are about 200,000 lines', () => {
    renderTour(true);
    for (let step = 2; step <= 5; step++)
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/100 credits are about 200,000 lines/)).toBeTruthy();
  });

  it('offers Skip Tour only when it is not the first-time tour', () => {
    renderTour(true);
    expect(screen.queryByRole('button', { name: 'Skip Tour' })).toBeNull();
  });

  it('closes on Skip Tour when opened from Help & Tour', () => {
    const onClose = renderTour(false);
    fireEvent.click(screen.getByRole('button', { name: 'Skip Tour' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
