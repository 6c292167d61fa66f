import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, withPlan } from '../../../config/paths';
import { useSession } from '../../../lib/use-session';
import { takeRedirect } from '../redirect-target';
import { selectedPlan } from '../selected-plan';

/**
 * For /login and /register: a signed-in visitor goes on to checkout for the plan they picked on
 * the pricing section (`?plan=`), else to the page the dashboard guard remembered, or to the
 * dashboard, replacing this history entry. This is also how a successful
 * sign-in leaves the form: storing the session makes the visitor signed in.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useSession() !== null;
  const { state, search } = useLocation();
  const plan = selectedPlan(search);
  const navigate = useNavigate();
  // The remembered origin is read once and then forgotten; a second run must not lose it.
  const leaving = useRef(false);

  useEffect(() => {
    if (!signedIn || leaving.current) return;
    leaving.current = true;
    void navigate(plan ? withPlan(paths.plans, plan) : takeRedirect(state), { replace: true });
  }, [signedIn, state, plan, navigate]);

  return signedIn ? null : children;
}
