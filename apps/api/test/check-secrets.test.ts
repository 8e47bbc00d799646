import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../../scripts/secret-scan.mjs';

/** Built at run time so this file itself never holds a complete secret shape. */
const planted = {
  stripe: ['sk', 'live', 'a1B2c3D4e5F6g7H8'].join('_'),
  restricted: ['rk', 'test', 'Zz9Yy8Xx7Ww6'].join('_'),
  argon2: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo',
  bcrypt: `$2b$12$${'R9h/cIPz0gi.URNNX3kh2O'}${'PST9/PgBkqquzi.Ss7KIUgO2t0jWMUW'}`,
  consumerKey: `ck_${'0123456789abcdef'.repeat(2)}01234567`,
  consumerSecret: `cs_${'fedcba9876543210'.repeat(2)}76543210`,
  privateKey: ['-----BEGIN', 'RSA PRIVATE KEY-----'].join(' '),
  databaseUrl: ['postgres://larder', 'hunter2@db.internal:5432/shop'].join(':'),
  smtpUrl: ['smtp://mailer', 's3cret@mail.example.com:587'].join(':'),
};

describe('check:secrets matcher', () => {
  it.each(Object.entries(planted))('finds a planted %s', (_kind, secret) => {
    const text = `<script>window.config = {"value":"${secret}"};</script>`;
    const [finding, ...more] = findSecrets(text);
    expect(more).toEqual([]);
    expect(finding!.index).toBe(text.indexOf(secret.slice(0, 6)));
    // The report names the place without repeating the secret.
    expect(finding!.excerpt).not.toContain(secret);
    expect(finding!.excerpt).toContain('[redacted');
  });

  it('finds the exact value of a secret setting, wherever it sits', () => {
    const authSecret = 'a-long-auth-secret-value-for-tests-only';
    const findings = findSecrets(`{"a":"x${authSecret}y","b":"${authSecret}"}`, [
      { name: 'AUTH_SECRET', value: authSecret },
      { name: 'EMPTY', value: '' },
      { name: 'SHORT', value: 'abc' },
    ]);
    expect(findings.map((finding) => finding.name)).toEqual([
      'the value of AUTH_SECRET',
      'the value of AUTH_SECRET',
    ]);
  });

  it('passes what the shop legitimately serves', () => {
    const clean = [
      'pk_test_51Hx0publishableKeyIsMeantForBrowsers',
      'postgres://localhost/shop',
      'smtp://mail.example.com:587',
      'wc_order_bkw-dLqlJjOw1Wzo',
      'sk_ is a prefix; desk_lamp and task_list are words',
      '$2b$ alone, and $argon2 mentioned in prose',
      '-----BEGIN PUBLIC KEY-----',
      'ck_short cs_1234',
    ].join('\n');
    expect(findSecrets(clean)).toEqual([]);
  });
});
