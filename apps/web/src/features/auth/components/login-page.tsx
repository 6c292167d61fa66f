import { Link, useLocation } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { paths, withPlan } from '../../../config/paths';
import { planName, selectedPlan } from '../selected-plan';
import { BackHomeLink } from './back-home-link';
import { LoginForm } from './login-form';
import { PlanNote } from './plan-note';

export function LoginPage() {
  const plan = selectedPlan(useLocation().search);
  return (
    <AuthLayout
      title="Welcome back"
      documentTitle="Sign in"
      subtitle="Sign in to your sitezip account."
      footer={
        <>
          <p>
            Don&apos;t have an account? <Link to={withPlan(paths.register, plan)}>Sign up</Link>
          </p>
          <BackHomeLink />
        </>
      }
    >
      {plan && <PlanNote>{`Sign in to continue with the ${planName(plan)} plan`}</PlanNote>}
      <LoginForm />
    </AuthLayout>
  );
}
