import { dashboardUrlMessages, landingUrlMessages, type UrlMessages } from '@sitezip/contracts';
import { paths } from '../../config/paths';

/** How the download form reads where it is placed: the landing page or the dashboard. */
export interface DownloadVariant {
  urlMessages: UrlMessages;
  /** Shown when no answer arrives from the API. */
  cannotConnectMessage: string;
  generatingLabel: string;
  /**
   * Whether downloads run as the signed-in user (their plan's limits and history) or anonymously.
   * Both pages send the token when there is one: a signed-in user's downloads are theirs.
   */
  asUser: boolean;
  /** Heading of the error panel; without one the panel shows just the message. */
  errorTitle?: string;
  /** Whether the error panel adds hints chosen by words in the message. */
  errorTips: boolean;
  /** The link on the locked Full Website option, for someone signed out. */
  unlockLink?: { label: string; to: string };
  /** The same link for a signed-in user without a premium plan: to the plan choice. */
  unlockLinkSignedIn: { label: string; to: string };
  /** Whether a premium user may choose Full Website here. */
  fullWebsiteForPremium: boolean;
}

export type DownloadVariantName = 'landing' | 'dashboard';

export const downloadVariants: Readonly<Record<DownloadVariantName, DownloadVariant>> = {
  landing: {
    urlMessages: landingUrlMessages,
    cannotConnectMessage: '🌐 Cannot connect to server. Please check your internet connection and try again.',
    generatingLabel: 'Generating your ZIP file...',
    asUser: true,
    errorTitle: 'Oops! Something went wrong',
    errorTips: true,
    unlockLink: { label: 'Sign in to unlock', to: paths.login },
    unlockLinkSignedIn: { label: 'Choose a plan to unlock', to: paths.plans },
    fullWebsiteForPremium: true,
  },
  dashboard: {
    urlMessages: dashboardUrlMessages,
    cannotConnectMessage: 'Cannot connect to server. Please ensure the backend is running.',
    generatingLabel: 'Generating...',
    asUser: true,
    errorTips: false,
    unlockLinkSignedIn: { label: 'Choose a plan to unlock', to: paths.plans },
    fullWebsiteForPremium: true,
  },
};
