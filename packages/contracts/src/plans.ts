export const plans = ['free', 'monthly', 'yearly'] as const;
export type Plan = (typeof plans)[number];

export interface PlanLimits {
  fullWebsite: boolean;
  maxZipBytes: number;
  /** Downloads queued or running at once for one user (anonymous: per IP address). */
  maxConcurrentJobs: number;
  /** Pages one Full Website download may save. */
  maxPages: number;
  bulkSites: number;
  history: boolean;
  priority: 'normal' | 'high';
}

const MB = 1024 * 1024;

/** What each plan may do, enforced by the server and shown by the web app. */
export const planLimits: Readonly<Record<Plan, PlanLimits>> = {
  free: { fullWebsite: false, maxZipBytes: 50 * MB, maxConcurrentJobs: 2, maxPages: 0, bulkSites: 0, history: false, priority: 'normal' },
  monthly: { fullWebsite: true, maxZipBytes: 500 * MB, maxConcurrentJobs: 3, maxPages: 1000, bulkSites: 0, history: false, priority: 'high' },
  yearly: { fullWebsite: true, maxZipBytes: 1024 * MB, maxConcurrentJobs: 10, maxPages: 5000, bulkSites: 10, history: true, priority: 'high' },
};

/** Only monthly and yearly are premium; anything else (null, "free", unknown) is not. */
export function isPremium(status: string | null | undefined): boolean {
  return status === 'monthly' || status === 'yearly';
}

export function planOf(status: string | null | undefined): Plan {
  return status === 'monthly' || status === 'yearly' ? status : 'free';
}
