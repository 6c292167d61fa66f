const UNITS = ['B', 'KB', 'MB', 'GB'];

/** 1536 → "1.5 KB". */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** A date and time as the reader's locale writes it. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** How long a file has left, or that it is gone. */
export function expiryLabel(expiresAt: string | null, expired: boolean, now = Date.now()): string | null {
  if (expired) return 'Expired';
  if (!expiresAt) return null;
  const minutes = Math.round((Date.parse(expiresAt) - now) / 60_000);
  if (minutes <= 0) return 'Expired';
  if (minutes < 60) return `Expires in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `Expires in ${hours} h` : `Expires ${formatWhen(expiresAt)}`;
}

export const statusLabels: Readonly<Record<string, string>> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};
