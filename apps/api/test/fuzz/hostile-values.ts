import fc from 'fast-check';

/** Text a browser would run if it were ever rendered as markup. */
export const SCRIPT_PAYLOADS = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload=window.__pwned=1>',
  'javascript:window.__pwned=1//',
  '</textarea></script><script>window.__pwned=1</script>',
  '<a href="javascript:alert(1)">x</a>',
  '{{constructor.constructor("alert(1)")()}}',
] as const;

/** Strings that trip parsers, databases and renderers. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\u202Egnp.exe',
  '\u200B\u200C\u200D\uFEFF',
  'שלום עולם',
  '🥣🥣🥣',
  'Z̷̢̛a̸l̵g̴o̷',
  "'; drop table orders; --",
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${7*7}',
  '__proto__',
  'constructor',
  '-1',
  '1e400',
  'NaN',
  'Infinity',
  'null',
  'true',
  ...SCRIPT_PAYLOADS,
];

const hugeString = fc
  .tuple(fc.constantFrom('a', '🥣', '<', '\u0000', 'é'), fc.integer({ min: 1_000, max: 70_000 }))
  .map(([unit, times]) => unit.repeat(times));

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: fc.emailAddress() },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 1, 2 ** 31, -(2 ** 31), 2 ** 53 + 2, 1e21, 1e308, -1e308, 0.1, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any scalar a JSON body can hold, biased to the troublesome ones. */
export const hostileScalar = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
);

/** A value of any shape: scalars, arrays where objects are expected, objects where strings are. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileScalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.oneof(hostileString, fc.constantFrom('id', 'quantity')),
        tie('value'),
        {
          maxKeys: 4,
        },
      ),
    },
  ),
})).value;

/** JSON text that tries to set Object.prototype through the parser or a careless merge. */
export const pollutingJson = fc
  .tuple(
    fc.constantFrom(
      '{"__proto__":{"polluted":"yes"}}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      '{"a":1,"__proto__":{"polluted":"yes"},"b":[{"__proto__":{"polluted":"yes"}}]}',
      '{"billing":{"__proto__":{"polluted":"yes"}},"line_items":[{"constructor":{"prototype":{"polluted":"yes"}}}]}',
      '{"__proto__":null}',
    ),
    fc.constantFrom('', ' ', '\n'),
  )
  .map(([json, pad]) => pad + json);

/** Bodies that are not JSON, or not what the content type says. */
export const malformedJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '[',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'null',
    'true',
    '1',
    '"x"',
    '[]',
    '{"a":1}{"b":2}',
    '\u0000',
    '\uFEFF{}',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonp',
  '*/*',
  'application/json, text/html',
);

/** Path parameter values: real ids mixed with hostile ones (URL-encoded as a client would send). */
export const hostileId = (validIds: number[]) =>
  fc.oneof(
    fc.constantFrom(...validIds.map(String)),
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e400',
      'NaN',
      '99999999999999999999',
      '%00',
      '%2e%2e',
      'me',
      '__proto__',
    ),
    fc.integer().map(String),
    hostileString.filter((value) => value.length < 200).map(encodePathSegment),
  );

/** encodeURIComponent refuses lone surrogates; a client would send their raw UTF-8 bytes. */
function encodePathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Buffer.from(value, 'utf8').toString('hex').replace(/(..)/g, '%$1');
  }
}
