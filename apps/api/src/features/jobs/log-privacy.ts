/** Engine messages can quote the URL; logs keep only its origin (see the README's privacy promise). */
export function withoutPaths(message: string): string {
  return message.replace(/\bhttps?:\/\/[^\s"'<>]+/gi, (url) => {
    try {
      return new URL(url).origin;
    } catch {
      return '[url]';
    }
  });
}
