import { planLimits, type Plan } from '@sitezip/contracts';
import { loginWithPlan } from '../../../config/paths';

export interface PlanOffer {
  plan: Plan;
  name: string;
  price: string;
  period: string;
  savings?: string;
  note: string;
  features: readonly string[];
  action: { label: string; to: string };
  featured?: boolean;
}

function size(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${mb / 1024}GB` : `${mb}MB`;
}

export const planOffers: readonly PlanOffer[] = [
  {
    plan: 'free',
    name: 'Free',
    price: '$0',
    period: '',
    note: 'No account needed',
    features: ['Single page only', `Up to ${size(planLimits.free.maxZipBytes)} file size`, 'Opens offline via index.html'],
    action: { label: 'Download a page', to: '#download' },
  },
  {
    plan: 'monthly',
    name: 'Monthly',
    price: '$9',
    period: '/month',
    note: 'Billed monthly',
    features: [
      'Full Website downloads',
      `Up to ${size(planLimits.monthly.maxZipBytes)} file size`,
      'Unlimited downloads',
      'Priority processing',
      'Email support',
    ],
    action: { label: 'Choose Monthly', to: loginWithPlan('monthly') },
  },
  {
    plan: 'yearly',
    name: 'Yearly',
    price: '$81',
    period: '/year',
    savings: 'SAVE 25%',
    note: '$6.75/month, billed yearly',
    features: [
      'Everything in Monthly',
      `Up to ${size(planLimits.yearly.maxZipBytes)} file size`,
      `Bulk download of up to ${planLimits.yearly.bulkSites} sites at once`,
      'Download history and dashboard',
      'Priority email support',
    ],
    action: { label: 'Choose Yearly', to: loginWithPlan('yearly') },
    featured: true,
  },
];
