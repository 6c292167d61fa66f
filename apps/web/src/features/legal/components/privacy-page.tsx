import { PageShell } from '../../../components/layouts/page-shell';
import { SupportLine } from './support-line';

export function PrivacyPage() {
  return (
    <PageShell title="Privacy Policy" back="home">
      <div className="card panel legal">
        <p>sitezip collects as little as it can, and nothing for advertising or tracking.</p>
        <h2>What we keep</h2>
        <p>
          For an account: your name, your email address, a salted hash of your password (never the password itself),
          your plan and when you joined. For each download: the address you asked for, its mode, its result and its
          times. Archives and their previews are deleted a limited time after the download finishes.
        </p>
        <p>
          For a download without an account, we count downloads per network address with a keyed hash of the address,
          never the address itself, and clear it when the download ends.
        </p>
        <h2>Payments</h2>
        <p>
          Payments are made on Stripe&apos;s pages. We keep the identifiers of your Stripe customer and subscription,
          the plan, its status and its renewal date — never your card details.
        </p>
        <h2>No tracking</h2>
        <p>
          The web app loads no third-party scripts, fonts or analytics. It keeps your session in your browser&apos;s
          local storage, only so that you stay signed in.
        </p>
        <h2>Deleting your data</h2>
        <p>
          Deleting your account in Account settings removes your account, your downloads and their records, and
          cancels your subscription.
        </p>
        <SupportLine before="Questions about your data? Write to" />
      </div>
    </PageShell>
  );
}
