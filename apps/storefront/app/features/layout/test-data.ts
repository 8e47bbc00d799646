import type { ShopIdentity } from '@larder/contract';

/** A shop's SHOP_* settings as the root loader gives them, for the header, menu and footer. */
export const SHOP: ShopIdentity = {
  name: 'Larder & Oat',
  tagline: 'Slow-toasted granola.',
  email: 'hello@larder.example',
  phone: '(919) 555-0142',
  address: {
    street: '12 Mill Street',
    suite: 'Suite 4',
    city: 'Durham',
    state: 'NC',
    postcode: '27701',
    country: 'US',
  },
};
