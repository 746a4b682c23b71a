import fc from 'fast-check';

/** Strings PostgreSQL text cannot store or that stress length limits and parsers. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    'lone \ud800 high',
    'lone \udc00 low',
    '\ud83d',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    "'; DROP TABLE apps; --",
    '<script>alert(1)</script>',
    '%00',
    '%ff%fe',
    ' ',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.nat({ max: 3 }).map((index) => 'x'.repeat([1024, 20_000, 300_000, 1024 * 1024][index] as number)),
);

/** Numbers past every column and JavaScript bound, and numbers in the wrong clothes. */
export const hostileNumber = fc.constantFrom<unknown>(
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  -1,
  0,
  1e308,
  -1e308,
  1.5,
  '1e400',
  'NaN',
  '-0',
  '0x10',
  '12abc',
);

/** Objects that are deep, prototype-polluting, or the wrong kind of container. */
export const hostileStructure = fc.oneof(
  fc.nat({ max: 2 }).map((index) => nest([5, 40, 2000][index] as number)),
  fc.constant(JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}') as unknown),
  fc.constant([] as unknown),
  fc.constant(null),
  fc.constant(true),
  fc.array(fc.constant('x'), { minLength: 1000, maxLength: 1000 }),
);

function nest(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = { nested: value };
  return value;
}

/** Any hostile value. */
export const hostileValue = fc.oneof(hostileString, hostileNumber, hostileStructure);

/**
 * Percent-encodes like encodeURIComponent, but also what a hostile client can send and
 * encodeURIComponent refuses: a lone surrogate goes out as its (invalid) three-byte WTF-8 form.
 */
export function encodeComponent(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** A path parameter as it appears in a URL (already encoded where a client would encode it). */
export const hostileParam = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '2147483648',
    '9007199254740993',
    '1e3',
    '%00',
    '%ff%fe',
    '%',
    '..',
    '__proto__',
    'a%2Fb',
    '%C0%AF',
  ),
  fc.string({ maxLength: 30 }).map(encodeComponent),
  fc.nat({ max: 2 }).map((index) => 'a'.repeat([150, 999, 3000][index] as number)),
  hostileString.filter((value) => value.length < 5000).map(encodeComponent),
);

/** Bodies sent with a content type the route does not take, or not parseable as they claim. */
export const hostileRawBody = fc.constantFrom(
  { contentType: 'text/plain', payload: 'just text \u0000' },
  { contentType: 'application/xml', payload: '<a>1</a>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"\\u0000"' },
  { contentType: 'application/json', payload: '{"a":"\\ud800"}' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'application/json', payload: `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}` },
);
