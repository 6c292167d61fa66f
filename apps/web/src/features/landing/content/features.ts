import type { IconName } from '../../../components/icon';

export const features: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'archive',
    title: 'Complete offline copy',
    text: 'HTML, CSS, JavaScript, images and fonts, with every reference rewritten to the local copy.',
  },
  {
    icon: 'zap',
    title: 'Fast concurrent fetching',
    text: 'Resources download in parallel the moment they are discovered, so even heavy pages are ready quickly.',
  },
  {
    icon: 'shield',
    title: 'Privacy-focused',
    text: 'No tracking, and no storage beyond the expiry of your download link.',
  },
  {
    icon: 'globe',
    title: 'Opens anywhere',
    text: 'Unzip and open index.html in any browser, on any device, without an internet connection.',
  },
];
