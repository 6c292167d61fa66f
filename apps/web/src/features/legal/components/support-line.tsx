import { useAppConfig } from '../../../lib/app-config';

/** "Write to help@..." when the server has a support address (SUPPORT_EMAIL). */
export function SupportLine({ before }: { before: string }) {
  const email = useAppConfig()?.support_email;
  if (!email) return null;
  return (
    <p>
      {before} <a href={`mailto:${email}`}>{email}</a>.
    </p>
  );
}
