/**
 * The quick checkout's simulated payment (spec sections 4 and 8): 2 s of processing, 'Payment successful!
 * (Simulated)', then a full-page redirect to /success?app=<product> 1 s later.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';

const PROCESSING_MS = 2000;
const REDIRECT_DELAY_MS = 1000;
const WATCHDOG_MS = 12_000;
/** How often the watchdog looks at the wall clock. */
const WATCHDOG_TICK_MS = 500;

export type PayState = 'idle' | 'processing' | 'succeeded' | 'failed';

/**
 * The simulated payment. The watchdog measures wall-clock time rather than trusting one long timer: a tab in
 * the background or a device that slept fires timers late, and then the buyer must see that the payment did
 * not go through instead of a checkout that silently hangs.
 */
export function useSimulatedPayment(product: string) {
  const [state, setState] = useState<PayState>('idle');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const watchdog = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stopWatchdog = () => {
    clearInterval(watchdog.current);
    watchdog.current = undefined;
  };
  const clearAll = () => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
    stopWatchdog();
  };
  useEffect(() => clearAll, []);

  const pay = () => {
    if (state !== 'idle') return;
    setState('processing');
    const startedAt = Date.now();
    watchdog.current = setInterval(() => {
      if (Date.now() - startedAt < WATCHDOG_MS) return;
      clearAll();
      setState('failed');
      toast({ title: 'Payment Error', description: 'Payment processing timed out. Stripe may be unavailable.', variant: 'destructive' });
    }, WATCHDOG_TICK_MS);
    timers.current.push(
      setTimeout(() => {
        stopWatchdog();
        setState('succeeded');
        toast({ title: 'Payment successful! (Simulated)', description: 'Taking you to your purchase...' });
        timers.current.push(
          setTimeout(() => window.location.assign(`/success?app=${encodeURIComponent(product)}`), REDIRECT_DELAY_MS),
        );
      }, PROCESSING_MS),
    );
  };

  return { state, pay };
}
