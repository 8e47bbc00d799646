import type { Motif, Palette } from '../artwork.ts';

export interface SeedPage {
  slug: string;
  title: string;
  menuOrder: number;
  content: string;
  excerpt?: string;
  hero: {
    header_title: string;
    header_deck: string;
    header_button: { title: string; url: string } | null;
    large_header: boolean;
    hide_header: boolean;
    hide_footer: boolean;
  };
  /** Header artwork; pages without one reuse the default header. */
  art?: { motif: Motif; palette: Palette; alt: string };
}

const hero = (title: string, deck = '', extra: Partial<SeedPage['hero']> = {}): SeedPage['hero'] => ({
  header_title: title,
  header_deck: deck,
  header_button: null,
  large_header: false,
  hide_header: false,
  hide_footer: false,
  ...extra,
});

const warm: Palette = { bg: '#f6e7cf', main: '#c98b3f', accent: '#7a4a25', ink: '#3b2414' };

export const pageSeeds: SeedPage[] = [
  {
    slug: 'home',
    title: 'Home',
    menuOrder: 0,
    content: `<h2>Baked slow. Clustered big. Made in Durham.</h2>
<p>Larder &amp; Oat is a small-batch granola bakery in Durham, North Carolina. We bake with certified gluten-free oats, local honey and maple, and whole nuts and seeds, in batches small enough that we still taste every one.</p>
<p>Find us at your local co-op, order a bag for your pantry, or talk to us about stocking your café.</p>`,
    hero: hero('Granola worth getting up for', 'Small-batch granola, baked slow in Durham, North Carolina, with honest ingredients and big, crunchy clusters.', {
      header_button: { title: 'Shop Granola', url: '/shop' },
      large_header: true,
    }),
    art: { motif: 'bowl', palette: warm, alt: 'A generous bowl of golden granola clusters' },
  },
  {
    slug: 'about',
    title: 'About',
    menuOrder: 1,
    content: `<p>Larder &amp; Oat began in 2016 in a church kitchen in East Durham, where our founder Maya Okafor baked on Saturday nights after her day job. Her grandmother Adaeze had taught her to make granola the slow way: press it flat, bake it low, leave it alone.</p>
<p>Those first forty bags sold out at the Durham Farmers' Market before ten o'clock. Today we bake five days a week in our own kitchen on Hunt Street, with a team of twelve, and ship across the country. The recipe has not changed.</p>
<h2>What we believe</h2>
<ul><li><strong>Ingredients you can pronounce.</strong> Oats, honey, maple, nuts, seeds, fruit and salt.</li><li><strong>Allergen honesty.</strong> Nut-free flavors are baked on dedicated days and every label says what may be in the room.</li><li><strong>Local where it counts.</strong> Honey from Orange County, apples from the Blue Ridge, pecans from Georgia.</li></ul>
<h2>The team</h2>
<p>Meet the people who bake, pack and answer your emails.</p>`,
    hero: hero('Our Story', 'A grandmother\'s recipe, a borrowed oven and a lot of Saturday nights.'),
    art: { motif: 'oven', palette: warm, alt: 'A warm oven full of granola trays' },
  },
  {
    slug: 'wholesale',
    title: 'Wholesale',
    menuOrder: 2,
    content: `<p>More than sixty cafés, co-ops, grocers and offices across the Southeast serve Larder &amp; Oat. We would love to add you.</p>
<h2>How it works</h2>
<ul><li>Apply for a wholesale account below. We reply within two business days.</li><li>Once approved, sign in to see wholesale prices on every product and order online.</li><li>Minimum opening order is $150; reorders have a $100 minimum.</li><li>12 oz retail bags come in cases of 12 and 2 lb bags in cases of 6; gift tins in cases of 6.</li><li>5 lb bulk bags for cafés and bulk bins are sold by the bag, two bags or more.</li><li>Order 5 cases or more of a product and save 5%; 10 cases or more and save 10%.</li></ul>
<h2>Good to know</h2>
<p>Free delivery in the Triangle on orders over $250, and freight shipping everywhere else. We're a certified Minority Business Enterprise, which can help with supplier-diversity goals.</p>`,
    hero: hero('Wholesale', 'Stock Larder & Oat in your café, shop or office pantry.'),
    art: { motif: 'market', palette: { bg: '#e2edf6', main: '#4f7fa8', accent: '#e6b655', ink: '#13283b' }, alt: 'A market stall stocked with granola bags' },
  },
  {
    slug: 'where-to-buy',
    title: 'Where to Buy',
    menuOrder: 3,
    content: '<p>Find Larder &amp; Oat at these shops, co-ops and cafés. Stock changes week to week, so give them a call before a special trip. Don\'t see your favorite shop? Tell them about us, or tell us about them.</p>',
    hero: hero('Locations', 'Shops, co-ops and cafés that stock our granola.'),
    art: { motif: 'map', palette: { bg: '#e4f0e2', main: '#6b9a5b', accent: '#c0392b', ink: '#1f3a25' }, alt: 'An illustrated map with location pins' },
  },
  {
    slug: 'contact',
    title: 'Contact',
    menuOrder: 4,
    content: `<p>Questions about an order, an allergen or a wholesale account? Send us a note with the form below and a real person will reply within one business day.</p>
<p>Larder &amp; Oat, 318 Hunt Street, Suite 104, Durham, NC 27701. Phone (919) 555-0142, weekdays 9 to 4.</p>`,
    hero: hero('Contact Us', 'We read every message.'),
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    menuOrder: 20,
    content: `<p><em>Last updated January 2, 2025.</em></p>
<p>This policy explains what personal information Larder &amp; Oat collects when you visit our website or buy from us, and how we use it. We collect as little as we can and we never sell it.</p>
<h2>What we collect</h2>
<ul><li><strong>Orders:</strong> your name, email, phone, billing and shipping addresses, and the items you buy. Card details go directly to our payment provider and never touch our servers.</li><li><strong>Accounts:</strong> your login email and a securely hashed password.</li><li><strong>Messages:</strong> whatever you send through the contact form.</li><li><strong>Analytics:</strong> anonymous page views, only if analytics are enabled, without advertising cookies.</li></ul>
<h2>How we use it</h2>
<p>To fill orders, answer questions, prevent fraud, and, if you subscribe, to send our monthly newsletter. You can unsubscribe from any email with one click.</p>
<h2>Your choices</h2>
<p>You can ask us to see, correct or delete your information at any time by emailing hello@larderandoat.com. We keep order records for seven years because tax law requires it.</p>`,
    hero: hero('Privacy Policy'),
  },
  {
    slug: 'terms-and-conditions',
    title: 'Terms and Conditions',
    menuOrder: 21,
    content: `<p><em>Last updated January 2, 2025.</em></p>
<p>These terms apply to purchases from larderandoat.com. By placing an order you agree to them.</p>
<h2>Orders and prices</h2>
<p>All prices are in US dollars. We confirm every order by email. If an item turns out to be unavailable or mispriced we'll contact you before charging, and you may cancel.</p>
<h2>Food safety and allergens</h2>
<p>Our kitchen handles tree nuts, peanuts, sesame, soy, milk and egg. We bake nut-free flavors on dedicated days and list possible cross-contact on every product, but we can't guarantee any product is free of every allergen.</p>
<h2>Returns</h2>
<p>Because our products are food, we can't accept returns. If something arrives damaged or isn't right, email us within 14 days and we'll replace it or refund you.</p>
<h2>Wholesale</h2>
<p>Wholesale accounts are subject to approval. Wholesale prices are for resale only and may not be shared publicly.</p>`,
    hero: hero('Terms and Conditions'),
  },
  {
    slug: 'shipping-policy',
    title: 'Shipping Policy',
    menuOrder: 22,
    content: `<p>We bake Monday to Friday and ship within two business days of your order, so your granola is never more than a week out of the oven.</p>
<h2>Rates</h2>
<ul><li>Standard shipping (3 to 6 business days): $6.95, free on orders of $50 or more</li><li>Expedited shipping (2 to 3 business days): $14.95</li><li>Local delivery in Durham and the Triangle (ZIP codes starting 275 or 277): $4.00</li><li>Local pickup at the bakery in Durham: free, Tuesdays and Thursdays, 10 to 4</li></ul>
<p>The $50 counts the items in your cart at the prices you pay, before shipping. Each rate is per order, however many bags are in it.</p>
<h2>Where we ship</h2>
<p>We ship to all 50 states and Washington, DC, including APO, FPO and DPO addresses (states AA, AE and AP). We don't ship internationally yet.</p>
<h2>Damaged parcels</h2>
<p>If a bag arrives crushed or open, send a photo to hello@larderandoat.com and we'll send a replacement right away.</p>`,
    hero: hero('Shipping Policy'),
  },
  {
    slug: 'minority-business-enterprise-certification',
    title: 'Minority Business Enterprise Certification',
    menuOrder: 23,
    content: `<p>Larder &amp; Oat is certified as a Minority Business Enterprise (MBE). The company is majority owned, operated and controlled by our founder, Maya Okafor.</p>
<h2>For procurement teams</h2>
<p>Purchases from Larder &amp; Oat may count toward your organization's supplier-diversity goals. We're happy to provide our certificate, a W-9 and a certificate of insurance, and to register in your supplier portal.</p>
<ul><li>Certification: Minority Business Enterprise, renewed annually</li><li>NAICS codes: 311230 (breakfast cereal manufacturing), 311919</li><li>Headquarters: Durham, North Carolina</li></ul>
<p>Contact Daniel Reyes, Operations &amp; Wholesale, at wholesale@larderandoat.com or (919) 555-0142.</p>`,
    hero: hero('Minority Business Enterprise Certification', 'Certified, and proud of it.'),
  },
  {
    slug: 'shop',
    title: 'Shop',
    menuOrder: 5,
    content: '<p>Every flavor we bake, in 12 oz bags for the pantry and 2 lb and 5 lb bulk bags for granola people. Orders of $50 or more ship free within the US.</p>',
    hero: hero('Shop Granola', 'Baked this week, shipped within two days.'),
    art: { motif: 'jar', palette: warm, alt: 'A glass jar filled with granola' },
  },
  {
    slug: 'cart',
    title: 'Cart',
    menuOrder: 6,
    content: '<p>Review your bags before checkout. Shipping is calculated once we know where you are.</p>',
    excerpt: '<p>Your cart is empty. Head to the shop to find your new favorite flavor.</p>',
    hero: hero('Your Cart'),
  },
  {
    slug: 'checkout',
    title: 'Checkout',
    menuOrder: 7,
    content: '<p>Almost there. Your card details go straight to our payment provider and never touch our servers.</p>',
    hero: hero('Checkout'),
  },
  {
    slug: 'login',
    title: 'Sign in',
    menuOrder: 8,
    content: '<p>Sign in to see your orders, save your addresses and, for wholesale partners, see wholesale prices.</p>',
    hero: hero('Sign in'),
  },
  {
    slug: 'sign-up',
    title: 'Sign up',
    menuOrder: 9,
    content: '<p>Shopping for your own pantry, or buying for a café, shop or office? Pick the account that fits.</p>',
    hero: hero('Create account'),
  },
  {
    slug: 'forgot-password',
    title: 'Forgot password',
    menuOrder: 10,
    content: '<p>Enter the email address on your account and we\'ll send you a link to choose a new password. The link works once and expires after an hour.</p>',
    hero: hero('Forgot password'),
  },
  {
    slug: 'reset-password',
    title: 'Reset password',
    menuOrder: 11,
    content: '<p>Choose a new password for your account. Use at least eight characters; a short sentence is easy to remember and hard to guess.</p>',
    hero: hero('Reset password'),
  },
  {
    slug: 'my-account',
    title: 'My account',
    menuOrder: 12,
    content: '<p>Welcome back. From here you can see your order history and update your account details and addresses.</p>',
    hero: hero('My account'),
  },
  {
    slug: 'order-history',
    title: 'Order history',
    menuOrder: 13,
    content: '<p>Every order you have placed with us, newest first. Select an order to see its details.</p>',
    excerpt: '<p>You have not placed any orders yet.</p>',
    hero: hero('Order history'),
  },
  {
    slug: 'account-details',
    title: 'Account details',
    menuOrder: 14,
    content: '<p>Keep your name, email, phone and addresses up to date so your granola finds you.</p>',
    hero: hero('Account details'),
  },
  {
    slug: 'blog',
    title: 'Blog',
    menuOrder: 15,
    content: '<p>Recipes from our test kitchen, news from the bakery and the stories of the people who grow what we bake.</p>',
    hero: hero('From the Larder', 'Recipes, news and notes from the bakery.'),
    art: { motif: 'field', palette: { bg: '#fdf0d5', main: '#8fb36a', accent: '#5e8c3a', ink: '#1f3a25' }, alt: 'Oat fields at sunrise' },
  },
  {
    slug: 'order-received',
    title: 'Order Received',
    menuOrder: 16,
    content: '<p>Thank you! Your order is in, and we\'ve emailed you a receipt. We bake Monday to Friday and ship within two business days.</p>',
    hero: hero('Thank You for Your Order'),
  },
  {
    slug: 'page-not-found',
    title: 'Page Not Found',
    menuOrder: 99,
    content: '<p>We looked in every jar in the larder and could not find that page. It may have moved, or the link may be mistyped.</p><p>Try the <a href="/shop">shop</a>, the <a href="/blog">blog</a>, or head back <a href="/">home</a>.</p>',
    hero: hero('Page Not Found', 'Nothing in this jar but crumbs.'),
  },
];
