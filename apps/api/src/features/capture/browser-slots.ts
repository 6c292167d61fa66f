import type { ChildMessage, ParentMessage } from './capture-protocol.js';
import type { BrowserSlot, SharedBrowser } from './shared-browser.js';

type SlotMessage = Extract<ChildMessage, { type: 'browser-acquire' | 'browser-release' }>;

/**
 * Lends slots of the shared browser to one capture process, answering its browser-acquire
 * messages through `answer`. What the process still holds when its capture ends (done, killed
 * at its deadline, crashed) is given back by `releaseAll`, and a slot granted after that is
 * given back at once.
 */
export function lendSlots(browser: SharedBrowser | undefined, answer: (message: ParentMessage) => void) {
  const held: BrowserSlot[] = [];
  const ended = new AbortController();
  return {
    handle(message: SlotMessage): void {
      if (message.type === 'browser-release') return held.pop()?.release();
      const { id } = message;
      if (!browser) return answer({ type: 'browser', id, error: 'No shared browser here.' });
      browser.acquire(ended.signal).then(
        (slot) => {
          if (ended.signal.aborted) return slot.release();
          held.push(slot);
          answer({ type: 'browser', id, endpoint: slot.endpoint });
        },
        (error: unknown) => {
          if (!ended.signal.aborted) answer({ type: 'browser', id, error: (error as Error).message });
        },
      );
    },
    releaseAll(): void {
      ended.abort(new Error('The capture ended.'));
      for (const slot of held.splice(0)) slot.release();
    },
  };
}
