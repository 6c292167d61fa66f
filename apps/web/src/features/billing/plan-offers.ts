import { planLimits, type PaidPlan } from '@sitezip/contracts';

export interface PlanChoice {
  plan: PaidPlan;
  name: string;
  price: string;
  period: string;
  savings?: string;
  features: readonly string[];
}

const mb = (bytes: number) => (bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3}GB` : `${bytes / 1024 ** 2}MB`);

/** The plans on the plan-choice page, in the pricing section's words and numbers. */
export const planChoices: readonly PlanChoice[] = [
  {
    plan: 'monthly',
    name: 'Monthly',
    price: '$9',
    period: '/month',
    features: ['Full Website downloads', `Up to ${mb(planLimits.monthly.maxZipBytes)} file size`, 'Priority processing', 'Email support'],
  },
  {
    plan: 'yearly',
    name: 'Yearly',
    price: '$81',
    period: '/year',
    savings: 'SAVE 25%',
    features: [
      'Everything in Monthly',
      `Up to ${mb(planLimits.yearly.maxZipBytes)} file size`,
      `Bulk download of up to ${planLimits.yearly.bulkSites} sites at once`,
      'Download history and dashboard',
      'Priority email support',
    ],
  },
];
