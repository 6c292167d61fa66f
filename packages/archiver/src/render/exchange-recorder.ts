import type { Page, Request, Route, WebSocketRoute, Worker } from 'playwright-core';
import { prepareLiveScript } from '../capture/live-script.js';
import { replayBodySha256 } from '../capture/replay-hash.js';
import { ArchiveError, isArchiveError, type ArchiveErrorCode } from '../errors.js';
import { ACCEPT } from '../fetch/accept.js';
import type { FetchedResource, Fetcher } from '../fetch/fetcher.js';
import { exchangeKey, kindOf, type BlockedRequest, type BlockReason, type Initiator, type RecordedExchange, type ResourceKind } from './exchange.js';
import type { RenderLimits } from './render-options.js';
import { unmarkWorker, withWorkerPrologue } from './worker-routing.js';

interface Asked {
  url: string;
  method: string;
  /** The request body (a POST's); undefined when there is none, or it is empty. */
  body: Buffer | undefined;
  bodySha256: string | undefined;
  resourceType: ResourceKind;
  initiator: Initiator | undefined;
  accept: string | undefined;
  referrer: string | undefined;
  /** The headers the browser sent; the fetcher passes on only the page's own (see pageHeaders). */
  headers: Record<string, string>;
}

// A POST is sent for the page's scripts, whose answers build it. Beacons (analytics) and form
// submissions are posts whose answer nobody reads; any other method would change the site.
const SENT_POSTS = new Set<ResourceKind>(['fetch', 'xhr']);

/**
 * A request the tab is waiting on. Once its answer is here (`answered`) it is being handed to the
 * browser, which on a loaded machine took more than 5 s for a 3.3 MB script: that is no stall.
 */
interface InFlight {
  at: number;
  answered: boolean;
}

/**
 * Answers every request of a render's tab from the engine's fetcher (address guard,
 * size and time limits, cookies) and records each exchange once: a request asked again (same
 * method, URL and body) is answered from the first response. Scripts' POSTs are sent; other
 * methods, and everything else, are refused and recorded with their reason. It also knows when
 * the network was last busy, for settling.
 */
export class ExchangeRecorder {
  readonly exchanges: RecordedExchange[] = [];
  readonly blocked: BlockedRequest[] = [];
  /** The scripts the page's workers run (all dedicated ones of the page in a render: worker-routing.ts). */
  readonly workers: string[] = [];
  /**
   * The scripts the page loaded as modules: a module's request is a CORS one, with an Origin
   * header, where a classic script's has none (unless it asks for CORS, which is then kept as a
   * module too, at no harm). A live copy keeps each in its import map, for an `import()` of an
   * address computed at run time.
   */
  readonly modules = new Set<string>();
  navigationsBlocked = 0;
  /** While the render presses the page's buttons (press-buttons.ts): what they ask for by GET only. */
  pressing = false;
  /** The page's own address while the render reloads it (expectReload). */
  private reloading: string | undefined;
  /** By exchange key (a HEAD is answered from its GET). */
  private readonly answers = new Map<string, Promise<FetchedResource>>();
  /** By answer (one for a URL and the final URL it redirected to), the ways (resource types) it was recorded as. */
  private readonly recordedAs = new WeakMap<Promise<FetchedResource>, Set<ResourceKind>>();
  /** The headers of the page's fetch() and XHR GETs and HEADs, by `METHOD url`: a request made like one goes as it went. */
  private readonly askedHeaders = new Map<string, Record<string, string>>();
  private page: Page | undefined;
  private afterLoad = false;
  private finished = false;
  private bytes = 0;
  /** When each request in flight was asked for. */
  private readonly inFlight = new Set<InFlight>();
  private lastActivity = performance.now();
  private routed = 0;

  constructor(private readonly deps: { fetcher: Fetcher; signal: AbortSignal; limits: RenderLimits }) {}

  /**
   * The page itself, fetched before the browser starts (or already fetched: `known`, when a
   * static load came first); the browser then goes to its final URL.
   */
  document(url: string, known?: FetchedResource): Promise<FetchedResource> {
    if (!known) return this.fetchOnce(getOf(url, 'document', ACCEPT.document));
    const answer = Promise.resolve(known);
    this.answers.set(exchangeKey('GET', url), answer);
    this.answers.set(exchangeKey('GET', known.url), answer);
    this.bytes += known.body.length;
    this.record({ url, method: 'GET', bodySha256: undefined, resourceType: 'document', initiator: undefined }, answer, known);
    return answer;
  }

  /**
   * The tab whose page is recorded (requests of other pages, popups, are refused). The tab's
   * handlers call onRoute, onWebSocket and onWorker (render-tab.ts).
   */
  attach(page: Page): void {
    this.page = page;
  }

  onWorker(worker: Worker): void {
    if (!this.finished) this.workers.push(unmarkWorker(worker.url()).url);
  }

  /** From now on the main frame may not navigate away. */
  loaded(): void {
    this.afterLoad = true;
  }

  /** The render's own reload of the page (hash-routes.ts): the main frame's next navigation to `url` is let through, once. */
  expectReload(url: string): void {
    this.reloading = url;
  }

  /** Stops recording: later requests are refused unrecorded (the result is already out). */
  finish(): void {
    this.finished = true;
  }

  /**
   * How long no request has been in flight (0 while one is), not counting requests whose answer
   * has not come in `stalledRequestMs`: such a request counts as ended from then on.
   */
  quietForMs(now = performance.now()): number {
    let since = this.lastActivity;
    for (const request of this.inFlight) {
      const stalled = this.stalledAt(request);
      if (stalled > now) return 0;
      since = Math.max(since, stalled);
    }
    return now - since;
  }

  /** Grows with every request the page makes and every answer recorded or refused: unchanged, the page asked for nothing new. */
  activity(): number {
    return this.routed + this.exchanges.length + this.blocked.length;
  }

  stalledInFlight(now = performance.now()): boolean {
    for (const request of this.inFlight) if (this.stalledAt(request) <= now) return true;
    return false;
  }

  /** When a request in flight counts as stalled: never once its answer is here. */
  private stalledAt({ at, answered }: InFlight): number {
    return answered ? Infinity : at + this.deps.limits.stalledRequestMs;
  }

  async onRoute(route: Route): Promise<void> {
    const request: InFlight = { at: performance.now(), answered: false };
    this.routed++;
    this.inFlight.add(request);
    this.lastActivity = request.at;
    try {
      await this.answer(route, request);
    } catch {
      // The page, its frame or the context went away while this was answered.
    } finally {
      this.inFlight.delete(request);
      this.lastActivity = performance.now();
    }
  }

  private async answer(route: Route, inFlight: InFlight): Promise<void> {
    const request = route.request();
    if (this.finished) return route.abort('aborted');
    const headers = request.headers();
    const script = request.resourceType() === 'script' ? unmarkWorker(request.url()) : { url: request.url(), kind: undefined };
    const posted = request.postDataBuffer();
    const body = posted && posted.length > 0 ? posted : undefined;
    const asked: Asked = {
      url: script.url,
      method: request.method(),
      body,
      // A multipart body by its canonical form, which the live copy's replay layer can rebuild.
      bodySha256: body ? replayBodySha256(headers['content-type'], body) : undefined,
      resourceType: kindOf(request.resourceType()),
      initiator: initiatorOf(request),
      accept: headers.accept,
      referrer: headers.referer,
      headers,
    };
    if (!body && (asked.resourceType === 'fetch' || asked.resourceType === 'xhr')) this.askedHeaders.set(`${asked.method} ${asked.url}`, headers);
    if (asked.resourceType === 'script' && !script.kind && headers.origin && !this.finished) this.modules.add(asked.url);
    const refusal = this.refusal(request, asked);
    if (refusal) {
      this.block(asked, refusal.reason, refusal.message);
      return route.abort(refusal.reason === 'navigation' ? 'aborted' : 'blockedbyclient');
    }
    let resource: FetchedResource;
    try {
      resource = await this.fetchOnce(asked);
    } catch (error) {
      return route.abort(abortCodeFor(error));
    }
    inFlight.answered = true;
    if (asked.resourceType === 'script' && !script.kind) prepareScript(resource, Boolean(headers.origin));
    const fulfil = fulfilment(resource, asked.method === 'HEAD');
    if (script.kind && resource.status < 300 && fulfil.body instanceof Buffer) fulfil.body = withWorkerPrologue(fulfil.body, script.kind);
    await route.fulfill(fulfil);
  }

  /** Why this request gets no answer; undefined when the fetcher should answer it. */
  private refusal(request: Request, asked: Asked): { reason: BlockReason; message: string } | undefined {
    const { protocol } = new URL(asked.url);
    if (protocol !== 'http:' && protocol !== 'https:') {
      return { reason: 'scheme', message: `${protocol} requests are never made.` };
    }
    const frame = frameOf(request);
    if (!frame || frame.page() !== this.page) {
      return { reason: 'other-page', message: 'Requests of popups and other pages are refused.' };
    }
    if (this.afterLoad && request.isNavigationRequest() && frame === this.page?.mainFrame()) {
      const reload = this.reloading === asked.url;
      this.reloading = undefined;
      if (reload) return undefined;
      this.navigationsBlocked++;
      return { reason: 'navigation', message: 'The page tried to navigate away after it loaded.' };
    }
    if (asked.resourceType === 'eventsource') {
      return { reason: 'live-stream', message: 'Event streams never end and are not recorded.' };
    }
    if (this.pressing && asked.method !== 'GET' && asked.method !== 'HEAD') {
      return { reason: 'method', message: `A button the render pressed asked for a ${asked.method}: only what the page reads by GET is asked for then.` };
    }
    if (asked.method === 'POST' && !SENT_POSTS.has(asked.resourceType)) {
      return { reason: 'method', message: `Only the POSTs of fetch() and XHR are sent; not this one (${request.resourceType()}: a beacon, a form).` };
    }
    if (asked.method !== 'GET' && asked.method !== 'HEAD' && asked.method !== 'POST') {
      return { reason: 'method', message: `${asked.method} requests are never sent: a capture must not change the site.` };
    }
    return undefined;
  }

  /**
   * Records `url` as the page asked for `like` (same method, kind and headers), on the page's
   * behalf: a request it made for some links, for another (render/link-variants.ts).
   */
  async askLike(url: string, like: Pick<RecordedExchange, 'method' | 'url' | 'resourceType' | 'initiator'>): Promise<void> {
    const headers = this.askedHeaders.get(`${like.method} ${like.url}`);
    if (this.finished || !headers) return;
    const asked: Asked = { url, method: like.method, body: undefined, bodySha256: undefined, resourceType: like.resourceType, initiator: like.initiator, accept: headers.accept, referrer: headers.referer, headers };
    await this.fetchOnce(asked).catch(() => undefined);
  }

  onWebSocket(socket: WebSocketRoute): void {
    if (!this.finished) {
      this.block(getOf(socket.url(), 'websocket', undefined), 'live-stream', 'WebSockets are never opened.');
    }
    void socket.close({ code: 1008, reason: 'Not available in an archived copy.' }).catch(() => undefined);
  }

  /**
   * One fetch per request (method, URL, body) for the whole render; a GET's final URL after
   * redirects answers from it too.
   */
  private fetchOnce(asked: Asked): Promise<FetchedResource> {
    const post = asked.method === 'POST';
    const key = exchangeKey(post ? 'POST' : 'GET', asked.url, asked.bodySha256);
    const known = this.answers.get(key);
    if (known) {
      // Asked another way (a fetch() of a linked stylesheet, an image of a fetched icon): a live
      // copy answers each way from its own table (files, responses), so each way is recorded once.
      if (!this.recordedAs.get(known)?.has(asked.resourceType)) known.then((response) => this.record(asked, known, response), () => undefined);
      return known;
    }
    const { maxRequests, maxBytes } = this.deps.limits;
    if (this.answers.size >= maxRequests || this.bytes >= maxBytes) {
      const error = new ArchiveError('LIMIT_REACHED', this.bytes >= maxBytes
        ? `Skipped: the render recorded ${maxBytes} bytes.`
        : `Skipped: more than ${maxRequests} requests.`);
      this.block(asked, 'limit', error.message, error.code);
      return Promise.reject(error);
    }
    const answer = this.deps.fetcher
      .fetch(asked.url, {
        signal: this.deps.signal,
        ...(asked.accept ? { accept: asked.accept } : {}),
        ...(asked.referrer ? { referrer: asked.referrer } : {}),
        ...(post ? { method: 'POST' as const, ...(asked.body ? { body: asked.body } : {}) } : {}),
        headers: asked.headers,
        // Bodies the snapshot will not rewrite may wait on disk rather than in memory.
        spool: asked.resourceType === 'image' || asked.resourceType === 'font' || asked.resourceType === 'media',
      })
      .then(
        (response) => {
          this.bytes += response.file?.size ?? response.body.length;
          this.record(asked, answer, response);
          const final = exchangeKey('GET', response.url);
          if (!post && !this.answers.has(final)) this.answers.set(final, answer);
          return response;
        },
        (error: unknown) => {
          const failure = isArchiveError(error) ? error : new ArchiveError('NETWORK', String(error), { cause: error });
          this.block(asked, 'fetch-failed', failure.message, failure.code);
          throw failure;
        },
      );
    answer.catch(() => undefined);
    this.answers.set(key, answer);
    return answer;
  }

  private record(
    { url, method, bodySha256, resourceType, initiator }: Pick<Asked, 'url' | 'method' | 'bodySha256' | 'resourceType' | 'initiator'>,
    answer: Promise<FetchedResource>,
    response: FetchedResource,
  ): void {
    const ways = this.recordedAs.get(answer) ?? new Set<ResourceKind>();
    if (this.finished || ways.has(resourceType)) return;
    ways.add(resourceType);
    this.recordedAs.set(answer, ways);
    this.exchanges.push({ key: exchangeKey(method, url, bodySha256), method, url, requestBodySha256: bodySha256, resourceType, initiator, response });
  }

  private block(asked: Asked, reason: BlockReason, message: string, code?: ArchiveErrorCode): void {
    if (this.finished) return;
    const { url, method, bodySha256, resourceType, initiator } = asked;
    this.blocked.push({ key: exchangeKey(method, url, bodySha256), method, url, requestBodySha256: bodySha256, resourceType, initiator, reason, message, code });
  }
}

/** A GET the recorder makes or refuses on its own account (the page itself, a WebSocket). */
function getOf(url: string, resourceType: ResourceKind, accept: string | undefined): Asked {
  return { url, method: 'GET', body: undefined, bodySha256: undefined, resourceType, initiator: undefined, accept, referrer: undefined, headers: {} };
}

// Hop-by-hop and encoding headers describe the fetcher's connection, not the body handed over
// (already decoded). Set-Cookie arrives joined with ', ' (dates hold commas): it cannot be split
// back faithfully, and the fetcher keeps the cookies itself.
const DROPPED_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie']);

function fulfilment(resource: FetchedResource, head: boolean): NonNullable<Parameters<Route['fulfill']>[0]> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(resource.headers)) {
    if (!DROPPED_HEADERS.has(name)) headers[name] = value;
  }
  // A fulfilled redirect is followed by the browser itself, outside routing: never hand one over.
  // (The fetcher follows redirects; a 3xx that reaches here is one it did not follow, e.g. 300.)
  if (resource.status >= 300 && resource.status < 400) delete headers.location;
  if (head) return { status: resource.status, headers, body: '' };
  return resource.file ? { status: resource.status, headers, path: resource.file.path } : { status: resource.status, headers, body: resource.body };
}

function frameOf(request: Request): ReturnType<Request['frame']> | undefined {
  try {
    return request.frame();
  } catch {
    return undefined; // a service worker's request
  }
}

function initiatorOf(request: Request): Initiator | undefined {
  const frame = frameOf(request);
  if (!frame) return undefined;
  return { frameUrl: frame.url(), mainFrame: frame.parentFrame() === null };
}

function abortCodeFor(error: unknown): Parameters<Route['abort']>[0] {
  const code = isArchiveError(error) ? error.code : undefined;
  switch (code) {
    case 'FORBIDDEN_ADDRESS':
      return 'addressunreachable';
    case 'TIMEOUT':
      return 'timedout';
    case 'ABORTED':
      return 'aborted';
    case 'NOT_FOUND':
      return 'namenotresolved';
    case 'LIMIT_REACHED':
    case 'TOO_LARGE':
      return 'blockedbyclient';
    default:
      return 'failed';
  }
}

/** A script of the page, rewritten for its live copy while the page goes on loading (live-script.ts). */
function prepareScript(resource: FetchedResource, module: boolean): void {
  if (resource.status >= 300 || resource.file || /css|html|json/.test(resource.mimeType)) return;
  prepareLiveScript(resource.body.toString('utf8'), module);
}
