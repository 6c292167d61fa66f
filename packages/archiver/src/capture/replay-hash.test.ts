import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MULTIPART_SOURCE, multipartBoundary, parseMultipart, replayBodySha256, SHA256_SOURCE } from './replay-hash.js';

const sha256 = new Function(`${SHA256_SOURCE}; return sha256;`)() as (bytes: Uint8Array) => string;

describe('the replay layer’s SHA-256', () => {
  // Every length around the padding's edges (55/56/64 bytes), and a few larger bodies.
  const lengths = [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 65_537, 1024 * 1024];
  it.each(lengths)('agrees with node:crypto on %i random bytes', (length) => {
    const bytes = randomBytes(length);
    expect(sha256(new Uint8Array(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('hashes text as its UTF-8 bytes, as the renderer hashed what the browser sent', () => {
    const text = JSON.stringify({ query: 'query Pets($q: String) { pets(q: $q) { name } }', variables: { q: 'Köln ☃ 𝄞' } });
    expect(sha256(new TextEncoder().encode(text))).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

// The page's side of the multipart canonical form, run here on Node's own FormData, File and Blob.
const pageSide = new Function(`var encoder = new TextEncoder(); ${MULTIPART_SOURCE}; return { formBytesNow, formBytesLater };`)() as {
  formBytesNow: (form: FormData) => Uint8Array | undefined;
  formBytesLater: (form: FormData) => Promise<Uint8Array>;
};

/** What a browser sends for `form`: the multipart body and its Content-Type, with a fresh random boundary. */
async function sent(form: FormData): Promise<{ type: string; body: Uint8Array }> {
  const request = new Request('http://example.test/', { method: 'POST', body: form });
  return { type: request.headers.get('content-type')!, body: new Uint8Array(await request.arrayBuffer()) };
}

function sampleForm(): FormData {
  const form = new FormData();
  form.append('q', 'otter');
  form.append('note', 'two\nlines and a "quote"');
  form.append('line\nbreak "name"', 'Köln ☃');
  form.append('photo', new File([new Uint8Array([0, 1, 2, 255, 13, 10, 45, 45])], 'otter "1".png', { type: 'image/png' }));
  form.append('raw', new Blob(['no type']));
  form.append('q', 'again');
  return form;
}

describe('the hash of a multipart body', () => {
  it('is the same for every send of one FormData, whose boundaries differ', async () => {
    const [first, second] = [await sent(sampleForm()), await sent(sampleForm())];
    expect(first.type).not.toBe(second.type);
    expect(multipartBoundary(first.type)).toBeTruthy();
    expect(replayBodySha256(first.type, first.body)).toBe(replayBodySha256(second.type, second.body));
  });

  it('is what the replay layer computes from the FormData’s entries', async () => {
    const form = sampleForm();
    const { type, body } = await sent(form);
    expect(sha256(await pageSide.formBytesLater(form))).toBe(replayBodySha256(type, body));
  });

  it('is computed at once from a FormData of strings, and not for one holding files', async () => {
    const form = new FormData();
    form.append('q', 'otter');
    form.append('page', '1');
    const { type, body } = await sent(form);
    expect(sha256(pageSide.formBytesNow(form)!)).toBe(replayBodySha256(type, body));
    expect(pageSide.formBytesNow(sampleForm())).toBeUndefined();
  });

  it('tells bodies apart by names, filenames, types, bytes and order', async () => {
    const variants = [
      [['a', '1'], ['b', '2']],
      [['b', '2'], ['a', '1']],
      [['a', '1'], ['b', '3']],
      [['a', '1'], ['c', '2']],
      [['a', '1'], ['b', new File(['2'], 'b.txt', { type: 'text/plain' })]],
      [['a', '1'], ['b', new File(['2'], 'c.txt', { type: 'text/plain' })]],
      [['a', '1'], ['b', new File(['2'], 'b.txt', { type: 'text/csv' })]],
    ] as const;
    const hashes = await Promise.all(
      variants.map(async (entries) => {
        const form = new FormData();
        for (const [name, value] of entries) form.append(name, value);
        const { type, body } = await sent(form);
        return replayBodySha256(type, body);
      }),
    );
    expect(new Set(hashes).size).toBe(variants.length);
  });

  it('hashes the bytes as sent when the body is no multipart body', async () => {
    const { type, body } = await sent(sampleForm());
    const plain = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    // Cut short, its closing delimiter missing: not a multipart body, whatever its header says.
    expect(replayBodySha256(type, body.subarray(0, body.length - 10))).toBe(plain(body.subarray(0, body.length - 10)));
    expect(replayBodySha256('application/json', body)).toBe(plain(body));
    expect(replayBodySha256(undefined, body)).toBe(plain(body));
    expect(replayBodySha256('multipart/form-data; boundary=other', body)).toBe(plain(body));
  });

  it('reads a quoted boundary and only multipart/form-data', () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b:c"')).toBe('a b:c');
    expect(multipartBoundary('Multipart/Form-Data;boundary=----WebKitFormBoundaryX1')).toBe('----WebKitFormBoundaryX1');
    expect(multipartBoundary('multipart/mixed; boundary=x')).toBeUndefined();
    expect(multipartBoundary('text/plain')).toBeUndefined();
  });

  it('parses the parts as sent, escapes kept', async () => {
    const { type, body } = await sent(sampleForm());
    const parts = parseMultipart(Buffer.from(body), multipartBoundary(type)!);
    expect(parts?.map((part) => [part.name, part.filename, part.type, Buffer.from(part.bytes).toString('latin1')])).toEqual([
      ['q', null, null, 'otter'],
      ['note', null, null, 'two\r\nlines and a "quote"'],
      ['line%0D%0Abreak %22name%22', null, null, Buffer.from('Köln ☃').toString('latin1')],
      ['photo', 'otter %221%22.png', 'image/png', '\x00\x01\x02\xff\r\n--'],
      ['raw', 'blob', 'application/octet-stream', 'no type'],
      ['q', null, null, 'again'],
    ]);
  });
});
