// MIME type → file extensions a saved file of that type may carry; the first is preferred.
const extensions: Readonly<Record<string, readonly string[]>> = {
  'text/html': ['.html', '.htm', '.shtml', '.xhtml'],
  'application/xhtml+xml': ['.xhtml', '.html'],
  'text/css': ['.css'],
  'text/javascript': ['.js', '.mjs', '.cjs'],
  'application/javascript': ['.js', '.mjs', '.cjs'],
  'application/x-javascript': ['.js', '.mjs'],
  'application/json': ['.json', '.map'],
  'application/manifest+json': ['.webmanifest', '.json'],
  'image/png': ['.png'],
  'image/apng': ['.png', '.apng'],
  'image/jpeg': ['.jpg', '.jpeg', '.jpe', '.jfif'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
  'image/svg+xml': ['.svg', '.svgz'],
  'image/x-icon': ['.ico'],
  'image/vnd.microsoft.icon': ['.ico'],
  'image/bmp': ['.bmp'],
  'font/woff2': ['.woff2'],
  'font/woff': ['.woff'],
  'application/font-woff': ['.woff'],
  'application/font-woff2': ['.woff2'],
  'font/ttf': ['.ttf'],
  'font/otf': ['.otf'],
  'application/x-font-ttf': ['.ttf'],
  'application/vnd.ms-fontobject': ['.eot'],
  'video/mp4': ['.mp4', '.m4v'],
  'video/webm': ['.webm'],
  'audio/mpeg': ['.mp3'],
  'audio/ogg': ['.ogg', '.oga'],
  'text/vtt': ['.vtt'],
  'application/pdf': ['.pdf'],
  // Files a site links to for download (saved by a mirror: capture/linked-file.ts). Not text/plain:
  // a script or stylesheet served as text/plain by mistake would be renamed.
  'application/zip': ['.zip'],
  'application/gzip': ['.gz', '.tgz'],
  'application/x-gzip': ['.gz', '.tgz'],
  'application/x-tar': ['.tar'],
  'application/x-7z-compressed': ['.7z'],
  'text/csv': ['.csv'],
  'text/markdown': ['.md', '.markdown'],
  'application/epub+zip': ['.epub'],
  'text/xml': ['.xml'],
  'application/xml': ['.xml'],
};

/** The extension a file of this MIME type should end with, if we know one. */
export function preferredExtension(mimeType: string): string | undefined {
  return extensions[mimeType]?.[0];
}

/** True when `extension` (with dot, any case) is acceptable for `mimeType`, or the type is unknown. */
export function extensionFits(extension: string, mimeType: string): boolean {
  const allowed = extensions[mimeType];
  return !allowed || allowed.includes(extension.toLowerCase());
}

export function isHtmlType(mimeType: string): boolean {
  return mimeType === 'text/html' || mimeType === 'application/xhtml+xml';
}

export function isCssType(mimeType: string): boolean {
  return mimeType === 'text/css';
}

const compressedTypes = /^(image\/(?!svg|bmp|x-icon|vnd\.microsoft\.icon)|video\/|audio\/|font\/woff|application\/(font-woff|zip|gzip|x-gzip|x-7z|x-rar|pdf|wasm|octet-stream))/;

/** Types whose bytes are already compressed: storing them again with deflate wastes CPU. */
export function isAlreadyCompressed(mimeType: string): boolean {
  return compressedTypes.test(mimeType);
}
