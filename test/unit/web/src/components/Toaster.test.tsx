/** @vitest-environment happy-dom */
/**
 * Toasts as a person sees and hears them: one at a time, gone after 5 s, dismissable, ordinary ones in a polite
 * status region and destructive ones in an alert region (spec 000_87e5fbf87b6c3f39.txt §4 and 9).
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../../../web/src/components/Toaster';
import { resetToasts, toast } from '../../../../../web/src/lib/toast';

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
  });
  afterEach(() => {
    cleanup();
    resetToasts();
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new toast replaces the one on screen', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
      toast({ title: 'Second', description: 'two' });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).queryByText('First')).toBeNull();
    expect(within(region).getByText('Second')).toBeTruthy();
    expect(within(region).getByText('two')).toBeTruthy();
    expect(region.querySelectorAll('.toast')).toHaveLength(1);
  });

  it('announces ordinary toasts politely and destructive ones as an alert', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Message sent successfully!' });
    });
    expect(within(screen.getByRole('status')).getByText('Message sent successfully!')).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(within(screen.getByRole('alert')).queryByText('Message sent successfully!')).toBeNull();

    act(() => {
      toast({ title: 'Something went wrong', description: 'Please try again later.', variant: 'destructive' });
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Something went wrong')).toBeTruthy();
    expect(alert.getAttribute('aria-live')).toBe('assertive');
    expect(within(screen.getByRole('status')).queryByText('Message sent successfully!')).toBeNull();
  });

  it('removes a toast after 5 seconds by default', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.queryByText('Saved')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('numbers toasts from 1 and lets the visitor dismiss one', () => {
    render(<Toaster />);
    let first = 0;
    let second = 0;
    act(() => {
      first = toast({ title: 'One' });
      second = toast({ title: 'Two' });
    });
    expect([first, second]).toEqual([1, 2]);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Two')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss notification' })).toBeNull();
  });
});
