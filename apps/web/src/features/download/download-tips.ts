/** Hints shown under a failed download, chosen by words in the server's message. */
const rules: ReadonlyArray<{ words: readonly string[]; tip: string }> = [
  {
    words: ['not found', 'spelled correctly'],
    tip: 'Check that the address is spelled correctly, and try opening it in your browser.',
  },
  {
    words: ['timeout'],
    tip: 'The site may be slow to respond. Wait a moment and try again.',
  },
  {
    words: ['blocking'],
    tip: 'Some sites block automated downloads. Try another page or a different site.',
  },
];

export function downloadTips(message: string): string[] {
  const text = message.toLowerCase();
  return rules.filter((rule) => rule.words.some((word) => text.includes(word))).map((rule) => rule.tip);
}
