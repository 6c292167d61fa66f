export const faqs: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'What does the ZIP file contain?',
    answer:
      'Everything the page needs to display: HTML, CSS, JS, images (JPG, PNG, GIF, SVG, WebP) and fonts (WOFF, TTF, EOT). References between the files are rewritten so they point at the local copies.',
  },
  {
    question: 'How do I open the page offline?',
    answer:
      'Unzip the archive and open index.html in any browser. It works offline, with no extra software and no internet connection.',
  },
  {
    question: 'What is the difference between Single Page and Full Website?',
    answer:
      'Single Page saves one page with all of its resources and is free, without an account. Full Website also follows the links within the same site and saves the pages it finds; it is part of the Monthly and Yearly plans.',
  },
  {
    question: 'What may I use it for?',
    answer:
      'sitezip is meant for personal or archival use. Please respect copyright, the terms of service of the sites you save, and their robots.txt.',
  },
  {
    question: 'Do you keep my downloads?',
    answer:
      'No tracking, and nothing is stored beyond the expiry of your download link: once it expires, the ZIP is deleted.',
  },
];
