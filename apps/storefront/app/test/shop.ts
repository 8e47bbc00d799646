import type { ShopIdentity } from '@larder/contract';

/** The demo brand, as the server's SHOP_* defaults give it to the root loader. */
export const demoShop: ShopIdentity = {
  name: 'Larder & Oat',
  tagline: 'Small-batch granola, baked slow in Durham, North Carolina.',
  email: 'hello@larderandoat.com',
  phone: '(919) 555-0142',
  address: {
    street: '318 Hunt Street',
    suite: 'Suite 104',
    city: 'Durham',
    state: 'NC',
    postcode: '27701',
    country: 'US',
  },
};
