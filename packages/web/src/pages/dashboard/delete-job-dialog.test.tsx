import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeleteJobDialog } from './delete-job-dialog.js';

const JOB_ID = '3f2a9c1e-7b44-4d0e-9a51-0c2d4e6fab12';

function open(onConfirm = vi.fn(async () => undefined), onCancel = vi.fn()) {
  render(<DeleteJobDialog jobId={JOB_ID} onCancel={onCancel} onConfirm={onConfirm} />);
  return {
    onConfirm,
    onCancel,
    input: screen.getByLabelText('Confirmation') as HTMLInputElement,
    button: screen.getByRole('button', { name: 'Delete Job' }) as HTMLButtonElement,
  };
}

describe('delete job dialog', () => {
  it('names the last 5 characters of the job id', () => {
    open();
    expect(screen.getAllByText('fab12').length).toBeGreaterThan(0);
  });

  it('enables the confirm button only at exactly 5 characters', () => {
    const { input, button } = open();
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'fab1' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'fab12' } });
    expect(button.disabled).toBe(false);
  });

  it('caps the input at 5 characters', () => {
    const { input } = open();
    fireEvent.change(input, { target: { value: 'fab123456' } });
    expect(input.value).toBe('fab12');
    expect(input.maxLength).toBe(5);
  });

  it('sends the typed value as is; the server compares it', async () => {
    const { input, button, onConfirm } = open();
    fireEvent.change(input, { target: { value: 'zzzzz' } });
    fireEvent.click(button);
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledWith('zzzzz'));
  });

  it('Cancel closes and clears the typed value', () => {
    const onCancel = vi.fn();
    const { rerender } = render(
      <DeleteJobDialog jobId={JOB_ID} onCancel={onCancel} onConfirm={vi.fn()} />,
    );
    fireEvent.change(screen.getByLabelText('Confirmation'), { target: { value: 'fab12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<DeleteJobDialog jobId={null} onCancel={onCancel} onConfirm={vi.fn()} />);
    rerender(<DeleteJobDialog jobId={JOB_ID} onCancel={onCancel} onConfirm={vi.fn()} />);
    expect((screen.getByLabelText('Confirmation') as HTMLInputElement).value).toBe('');
  });
});
