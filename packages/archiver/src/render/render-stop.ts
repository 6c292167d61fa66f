import { setMaxListeners } from 'node:events';
import { ArchiveError } from '../errors.js';
import { raceSignal } from './race.js';

/**
 * The end of one render, whichever comes first: the caller cancels, the hard cap passes, the
 * browser is lost, the tab crashes. Every wait of the render races against `signal`, and the
 * fetcher's requests stop with it.
 */
export class RenderStop {
  private readonly controller = new AbortController();
  readonly signal: AbortSignal = this.controller.signal;
  private readonly timer: NodeJS.Timeout;
  private readonly unfollow: (() => void)[] = [];

  constructor(caller: AbortSignal, totalMs: number, pageUrl: string) {
    // Every request of the page in flight listens on it (Node warned of a leak past 10 on stderr).
    setMaxListeners(0, this.signal);
    const seconds = Math.round(totalMs / 100) / 10;
    this.timer = setTimeout(
      () => this.fail(new ArchiveError('TIMEOUT', `Rendering ${pageUrl} did not finish within ${seconds} s (timeout).`)),
      totalMs,
    );
    this.follow(caller, () => new ArchiveError('ABORTED', `Rendering ${pageUrl} was cancelled.`));
  }

  /** Ends the render when `signal` aborts: with its reason if that is an ArchiveError, else `reason()`. */
  follow(signal: AbortSignal, reason?: () => Error): void {
    const onAbort = () => {
      const cause: unknown = signal.reason;
      this.fail(cause instanceof ArchiveError || !reason ? (cause as Error) : reason());
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    this.unfollow.push(() => signal.removeEventListener('abort', onAbort));
  }

  fail(reason: Error): void {
    if (!this.signal.aborted) this.controller.abort(reason);
  }

  race<T>(promise: Promise<T>): Promise<T> {
    return raceSignal(promise, this.signal);
  }

  /** The render is over: stops the timer and whatever still runs for it (fetches in flight). */
  dispose(): void {
    clearTimeout(this.timer);
    for (const off of this.unfollow) off();
    this.fail(new ArchiveError('ABORTED', 'The render has finished.'));
  }
}
