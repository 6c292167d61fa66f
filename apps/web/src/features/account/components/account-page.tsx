import { isPremium } from '@sitezip/contracts';
import { PageShell } from '../../../components/layouts/page-shell';
import { useAppConfig } from '../../../lib/app-config';
import { useSession } from '../../../lib/use-session';
import { DeleteAccount } from './delete-account';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';

/** /account: the signed-in user's name, password, support address and account deletion. */
export function AccountPage() {
  const session = useSession();
  const supportEmail = useAppConfig()?.support_email;
  if (!session) return null;
  const premium = isPremium(session.user?.subscription_status);
  return (
    <PageShell title="Account settings" lead={session.user?.email ?? undefined}>
      <NameForm session={session} />
      <PasswordForm token={session.token} />
      {supportEmail && (
        <section className="card panel" aria-labelledby="support-title">
          <h2 id="support-title" className="panel__title">
            Support
          </h2>
          <p className="panel__text">
            {premium ? 'Your plan includes email support: ' : 'Questions? Write to '}
            <a href={`mailto:${supportEmail}`} data-testid="support-email">
              {supportEmail}
            </a>
          </p>
        </section>
      )}
      <DeleteAccount token={session.token} premium={premium} />
    </PageShell>
  );
}
