import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { AccountPage } from '../../features/account/components/account-page';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { CheckoutCancelledPage } from '../../features/billing/components/checkout-cancelled-page';
import { CheckoutSuccessPage } from '../../features/billing/components/checkout-success-page';
import { PlansPage } from '../../features/billing/components/plans-page';
import { PrivacyPage } from '../../features/legal/components/privacy-page';
import { TermsPage } from '../../features/legal/components/terms-page';

function signedIn(Page: () => ReactNode) {
  return function SignedInRoute() {
    return (
      <RequireAuth>
        <Page />
      </RequireAuth>
    );
  };
}

/** Plan choice, Stripe's return pages, account settings, and the legal pages. */
export const billingAndAccountRoutes: RouteObject[] = [
  { path: paths.plans, Component: signedIn(PlansPage) },
  { path: paths.checkoutSuccess, Component: signedIn(CheckoutSuccessPage) },
  { path: paths.checkoutCancelled, Component: signedIn(CheckoutCancelledPage) },
  { path: paths.account, Component: signedIn(AccountPage) },
  { path: paths.terms, Component: TermsPage },
  { path: paths.privacy, Component: PrivacyPage },
];
