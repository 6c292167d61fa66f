import type { Page } from 'playwright-core';

/** What `make` set up for `page`, made on its first use; made again after a failed making. */
export function setUpOnce<T>(made: WeakMap<Page, Promise<T>>, page: Page, make: () => Promise<T>): Promise<T> {
  let value = made.get(page);
  if (!value) {
    value = make();
    made.set(page, value);
    value.catch(() => made.delete(page));
  }
  return value;
}
