import type { Page } from 'playwright-core';
import type { RecordedExchange } from './exchange.js';
import type { ExchangeRecorder } from './exchange-recorder.js';
import { call } from './in-page.js';
import { within } from './race.js';
import type { RenderStop } from './render-stop.js';
import { trace } from '../trace.js';

// An app whose messages are fetched by language (vue-i18n's lazy messages, i18next's HTTP
// backend, ngx-translate's `assets/i18n/de.json`) asks for another language's file only when its
// reader picks that language: a hold-out Vuetify app fetched `/locales/de.json` when German was
// chosen, and offline its language menu did nothing. Once the page is read, the render asks, as
// the page asked for its own language's file, for the same file in the languages the page offers
// (its `hreflang`, `lang`, `data-lang`, `data-locale` and language-like `<option>` values), or in
// a few common ones when it names none; the answers (a 404 as well) join the page's recording.

/** Languages asked for when the page names none. */
const COMMON_LANGUAGES = ['de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'ja', 'zh', 'ko', 'sv'];
const REGIONS: Readonly<Record<string, string>> = { de: 'DE', fr: 'FR', es: 'ES', it: 'IT', pt: 'BR', nl: 'NL', pl: 'PL', ru: 'RU', ja: 'JP', zh: 'CN', ko: 'KR', sv: 'SE' };
/** Files of the page's language it asked for, looked at at most, and languages asked for each. */
const MAX_FILES = 2;
const MAX_LANGUAGES = 12;
/** What a file of messages is served as. */
const MESSAGES_TYPE = /^(?:application\/(?:json|[\w.+-]*\+json|javascript|x-javascript|ya?ml|x-yaml)|text\/(?:plain|javascript|x-yaml|yaml|x-java-properties))\b/i;
const CODE = /^[a-z]{2}(?:[-_][a-z]{2})?$/i;

/** In the page: its language (`<html lang>`, `en` when none), and the language codes it offers. */
const PAGE_LANGUAGES = `() => {
  const code = /^[a-z]{2}(?:[-_][a-z]{2})?$/i;
  const offered = new Set();
  const add = (value) => { const text = String(value || '').trim(); if (code.test(text)) offered.add(text); };
  for (const element of document.querySelectorAll('[hreflang], body [lang], [data-lang], [data-locale], option[value]')) {
    add(element.getAttribute('hreflang')); add(element.getAttribute('data-lang')); add(element.getAttribute('data-locale'));
    if (element !== document.documentElement) add(element.getAttribute('lang'));
    if (element.localName === 'option') add(element.getAttribute('value'));
  }
  return { lang: document.documentElement.getAttribute('lang') || 'en', offered: [...offered].slice(0, 40) };
}`;

/**
 * The addresses of `url`'s file in the other `languages`, when `url` is a file of the page's
 * language `lang`: a folder of that name (`/locales/en/app.json`), or a file named for it
 * (`en.json`, `en-US.json`, `messages_en.json`, `strings.en.json`). A code is written as the
 * page's is (with a region when it has one, in the same case and separator).
 */
export function otherLanguageFiles(url: string, lang: string, languages: readonly string[]): string[] {
  const [primary = ''] = lang.split(/[-_]/);
  if (!/^[a-z]{2,3}$/i.test(primary)) return [];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const segments = parsed.pathname.split('/');
  // A name that is the code (`en`, `en-US`), or ends with it after a separator (`messages_en`, `strings.en`).
  const token = new RegExp(`^(?:(.*)([._-]))?(${primary})(?:([-_])([a-z]{2}))?$`, 'i');
  let at = -1;
  let written: RegExpExecArray | null = null;
  for (let i = segments.length - 1; i >= 1 && at < 0; i--) {
    const last = i === segments.length - 1;
    const match = token.exec(last ? segments[i]!.replace(/\.[a-z0-9]+$/i, '') : segments[i]!);
    // A folder counts only when named for the language alone (`/locales/en/app.json`).
    if (match && (last || match[2] === undefined)) {
      at = i;
      written = match;
    }
  }
  if (!written) return [];
  const [, before = '', separator = '', code = '', regionSeparator, regionWritten] = written;
  const upper = code === code.toUpperCase();
  const extension = at === segments.length - 1 ? (/\.[a-z0-9]+$/i.exec(segments[at]!)?.[0] ?? '') : '';
  const variants = new Set<string>();
  for (const language of languages) {
    const [other = '', otherRegion] = language.split(/[-_]/);
    if (!other || other.toLowerCase() === primary.toLowerCase()) continue;
    let name = upper ? other.toUpperCase() : other.toLowerCase();
    if (regionSeparator && regionWritten) {
      const theirs = otherRegion ?? REGIONS[other.toLowerCase()];
      if (!theirs) continue;
      name += regionSeparator + (regionWritten === regionWritten.toUpperCase() ? theirs.toUpperCase() : theirs.toLowerCase());
    }
    const copy = [...segments];
    copy[at] = `${before}${separator}${name}${extension}`;
    const variant = new URL(parsed.href);
    variant.pathname = copy.join('/');
    variants.add(variant.href);
    if (variants.size >= MAX_LANGUAGES) break;
  }
  return [...variants];
}

/** The page's files of messages in its own language: GETs of its scripts answered as text. */
function messageFiles(exchanges: readonly RecordedExchange[]): RecordedExchange[] {
  return exchanges.filter(
    ({ method, resourceType, response }) =>
      method === 'GET' && (resourceType === 'fetch' || resourceType === 'xhr') && response.status === 200 && MESSAGES_TYPE.test(response.headers['content-type'] ?? ''),
  );
}

/**
 * Asks, as the page asked for its own language's files of messages, for the same files in the
 * other languages it offers (see above), each address once in a capture (`asked`): the number of
 * addresses asked for.
 */
export async function askOtherLanguages(page: Page, recorder: ExchangeRecorder, stop: RenderStop, leftMs: () => number, asked: Set<string>): Promise<number> {
  const files = messageFiles(recorder.exchanges);
  if (files.length === 0) return 0;
  const read = await within(page.evaluate(call(PAGE_LANGUAGES)).catch(() => undefined) as Promise<{ lang: string; offered: string[] } | undefined>, Math.max(0, leftMs()), stop.signal);
  if (!read.done || !read.value || !CODE.test(read.value.lang)) return 0;
  const { lang, offered } = read.value;
  const languages = offered.length > 0 ? offered : COMMON_LANGUAGES;
  const asks: Promise<void>[] = [];
  let named = 0;
  for (const file of files) {
    const variants = otherLanguageFiles(file.url, lang, languages).filter((url) => !asked.has(url));
    if (variants.length === 0) continue;
    for (const url of variants) {
      asked.add(url);
      asks.push(recorder.askLike(url, file));
    }
    if (++named >= MAX_FILES) break;
  }
  if (asks.length === 0) return 0;
  await within(Promise.all(asks), Math.max(0, leftMs()), stop.signal);
  trace(`render: asked for ${asks.length} files of messages in other languages`);
  return asks.length;
}
