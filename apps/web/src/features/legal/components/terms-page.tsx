import { PageShell } from '../../../components/layouts/page-shell';
import { SupportLine } from './support-line';

export function TermsPage() {
  return (
    <PageShell title="Terms of Service" back="home">
      <div className="card panel legal">
        <p>
          sitezip saves copies of web pages for you to read offline. By creating an account or using the service you
          agree to these terms.
        </p>
        <h2>Acceptable use</h2>
        <p>
          Use sitezip for personal or archival purposes. Respect copyright, the terms of service of the sites you save
          and their robots.txt. Do not use sitezip to overload, attack or get around the access controls of any site.
          Downloads that break these rules may be refused or stopped.
        </p>
        <h2>Your downloads</h2>
        <p>
          You are responsible for what you save and how you use it. Archives are kept only for a limited time after a
          download finishes and are then deleted.
        </p>
        <h2>Plans and payment</h2>
        <p>
          The Monthly ($9 per month) and Yearly ($81 per year) plans are subscriptions billed in advance through
          Stripe. They renew automatically until you cancel, which you can do at any time from Manage billing on your
          dashboard; the plan then stays active until the end of the period already paid. If you are not satisfied,
          ask for a refund within 7 days of your first payment. The limits of each plan are listed on the pricing
          section of the home page.
        </p>
        <h2>Your account</h2>
        <p>
          Keep your password to yourself. You can delete your account at any time from Account settings; this cancels
          your subscription and deletes your downloads.
        </p>
        <h2>No warranty</h2>
        <p>
          The service is provided as it is. Some pages cannot be captured completely, and we are not liable for
          losses arising from its use, to the extent the law allows.
        </p>
        <SupportLine before="Questions about these terms? Write to" />
      </div>
    </PageShell>
  );
}
