/** The URLs of a textarea, one a line: blank lines and surrounding spaces are dropped. */
export function parseUrlLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
