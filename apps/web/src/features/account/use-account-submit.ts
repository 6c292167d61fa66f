import { useCallback, useState } from 'react';
import { accountErrorMessage } from './account-error-message';

export type SubmitState = { status: 'idle' } | { status: 'busy' } | { status: 'done' } | { status: 'error'; message: string };

/** Runs one account change at a time and keeps its outcome for the form to show. */
export function useAccountSubmit() {
  const [state, setState] = useState<SubmitState>({ status: 'idle' });
  const run = useCallback(async (change: () => Promise<void>) => {
    setState({ status: 'busy' });
    try {
      await change();
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'error', message: accountErrorMessage(error) });
    }
  }, []);
  const fail = useCallback((message: string) => setState({ status: 'error', message }), []);
  return { state, run, fail };
}
