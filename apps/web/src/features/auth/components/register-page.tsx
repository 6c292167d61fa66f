import { Link, useLocation } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { paths, withPlan } from '../../../config/paths';
import { planName, selectedPlan } from '../selected-plan';
import { BackHomeLink } from './back-home-link';
import { PlanNote } from './plan-note';
import { RegisterForm } from './register-form';

export function RegisterPage() {
  const plan = selectedPlan(useLocation().search);
  return (
    <AuthLayout
      title="Create your account"
      documentTitle="Create account"
      subtitle="Save websites for offline use and keep your plan in one place."
      footer={
        <>
          <p>
            Already have an account? <Link to={withPlan(paths.login, plan)}>Sign in</Link>
          </p>
          <BackHomeLink />
        </>
      }
    >
      {plan && <PlanNote>{`Create an account to continue with the ${planName(plan)} plan`}</PlanNote>}
      <RegisterForm />
    </AuthLayout>
  );
}
