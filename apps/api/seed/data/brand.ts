/** The demo brand. The storefront's copy and the seed share these facts. */
export const brand = {
  name: 'Larder & Oat',
  tagline: 'Small-batch granola, baked slow in Durham, North Carolina.',
  city: 'Durham, NC',
  address: { street: '318 Hunt Street', suite: 'Suite 104', city: 'Durham', state: 'NC', postcode: '27701' },
  phone: '(919) 555-0142',
  email: 'hello@larderandoat.com',
} as const;
