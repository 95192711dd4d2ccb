// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeScheduledDeletion } from './scheduled-deletion.js';

const now = Date.parse('2026-11-22T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('scheduled deletion display', () => {
  it('shows Never when no deletion is scheduled', () => {
    expect(describeScheduledDeletion(null, now)).toEqual({ text: 'Never', overdue: false });
  });

  it('shows Pending deletion in red once the date has passed', () => {
    expect(describeScheduledDeletion(at(-5 * MIN), now)).toEqual({
      text: 'Pending deletion',
      overdue: true,
    });
  });

  it('counts minutes, hours and days within 7 days', () => {
    expect(describeScheduledDeletion(at(30 * MIN), now).text).toBe('In 30 minutes');
    expect(describeScheduledDeletion(at(1 * MIN), now).text).toBe('In 1 minute');
    expect(describeScheduledDeletion(at(5 * HOUR + 10 * MIN), now).text).toBe('In 5 hours');
    expect(describeScheduledDeletion(at(1 * HOUR), now).text).toBe('In 1 hour');
    expect(describeScheduledDeletion(at(3 * DAY), now).text).toBe('In 3 days');
    expect(describeScheduledDeletion(at(7 * DAY), now).text).toBe('In 7 days');
  });

  it('shows the date beyond 7 days, not in red', () => {
    const result = describeScheduledDeletion(at(10 * DAY), now);
    expect(result.overdue).toBe(false);
    expect(result.text).not.toMatch(/^In /);
    expect(result.text).toContain('2026');
  });
});
