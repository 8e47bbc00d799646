export interface SeedTeamMember {
  slug: string;
  name: string;
  role: string;
  shortBio: string;
  bio: string;
  menuOrder: number;
  look: {
    skin: string;
    hair: string;
    hairStyle: 'short' | 'long' | 'curly' | 'bun';
    shirt: string;
    bg: string;
    glasses?: boolean;
  };
  /** Also writes for the blog. */
  author?: { slug: string; description: string };
}

export const teamSeeds: SeedTeamMember[] = [
  {
    slug: 'maya-okafor',
    name: 'Maya Okafor',
    role: 'Founder & Head Baker',
    shortBio: 'Started Larder & Oat in a church kitchen in 2016 with her grandmother\'s recipe and a borrowed convection oven.',
    bio: '<p>Maya grew up between Lagos and Raleigh and learned to bake in her grandmother Adaeze\'s kitchen, where nothing was measured and everything was tasted. After eight years as a food-safety inspector she rented a church kitchen on Saturday nights and sold her first forty bags at the Durham Farmers\' Market.</p><p>She still tastes every batch.</p>',
    menuOrder: 1,
    look: { skin: '#8d5a3b', hair: '#1c1410', hairStyle: 'curly', shirt: '#c98b3f', bg: '#f6e7cf' },
    author: {
      slug: 'maya',
      description: 'Founder and head baker at Larder & Oat. Writes about recipes, sourcing and running a small food business.',
    },
  },
  {
    slug: 'daniel-reyes',
    name: 'Daniel Reyes',
    role: 'Operations & Wholesale',
    shortBio: 'Keeps the ovens scheduled, the oats arriving and our 60-plus wholesale partners stocked.',
    bio: '<p>Daniel ran the kitchen at a busy Raleigh brunch spot for a decade, which is where he first ordered Larder &amp; Oat by the case. He joined in 2019 to build our wholesale program and now looks after every café, grocer and co-op we bake for.</p>',
    menuOrder: 2,
    look: { skin: '#c68e63', hair: '#2a1a10', hairStyle: 'short', shirt: '#2f5d3a', bg: '#e4f0e2', glasses: true },
    author: {
      slug: 'daniel',
      description: 'Runs operations and wholesale. Writes about our partners and the people who stock our granola.',
    },
  },
  {
    slug: 'priya-nair',
    name: 'Priya Nair',
    role: 'Recipe Development',
    shortBio: 'A pastry chef turned test-kitchen lead who has toasted roughly four tonnes of oats in the name of research.',
    bio: '<p>Priya trained in pastry in Chicago and came home to North Carolina to be near family. She develops our seasonal flavors, keeps our allergen program honest, and writes most of the recipes on the blog.</p>',
    menuOrder: 3,
    look: { skin: '#a86f4c', hair: '#0f0b09', hairStyle: 'long', shirt: '#8e3b1f', bg: '#fbe9e1' },
    author: {
      slug: 'priya',
      description: 'Leads recipe development. Writes the recipes, tests them twice, and then once more.',
    },
  },
  {
    slug: 'sam-whitfield',
    name: 'Sam Whitfield',
    role: 'Customer Care & Shipping',
    shortBio: 'Packs, labels and answers every email. If your order had a handwritten note, it was Sam.',
    bio: '<p>Sam joined as a weekend packer during the 2020 rush and never left. Today Sam runs customer care and the shipping room, and knows the Durham USPS counter staff by name.</p>',
    menuOrder: 4,
    look: { skin: '#f1c7a5', hair: '#b5651d', hairStyle: 'bun', shirt: '#1f4566', bg: '#e2edf6' },
  },
];

export interface SeedLocation {
  slug: string;
  name: string;
  address: string;
  city: string;
  state: string;
  postcode: string;
  phone: string;
  website: string;
  latitude: number;
  longitude: number;
  note: string;
}

export const locationSeeds: SeedLocation[] = [
  {
    slug: 'bull-city-pantry',
    name: 'Bull City Pantry',
    address: '412 W Main St',
    city: 'Durham',
    state: 'NC',
    postcode: '27701',
    phone: '(919) 555-0187',
    website: 'https://bullcitypantry.example.com',
    latitude: 35.9966,
    longitude: -78.9036,
    note: 'Our hometown shop: the full range, including 5 lb bulk bags.',
  },
  {
    slug: 'oak-city-market-co-op',
    name: 'Oak City Market Co-op',
    address: '1820 Glenwood Ave',
    city: 'Raleigh',
    state: 'NC',
    postcode: '27608',
    phone: '(919) 555-0133',
    website: 'https://oakcitymarket.example.com',
    latitude: 35.8092,
    longitude: -78.6558,
    note: 'Member-owned grocery with our granola in the bulk aisle.',
  },
  {
    slug: 'franklin-street-provisions',
    name: 'Franklin Street Provisions',
    address: '140 E Franklin St',
    city: 'Chapel Hill',
    state: 'NC',
    postcode: '27514',
    phone: '(919) 555-0164',
    website: 'https://franklinprovisions.example.com',
    latitude: 35.9132,
    longitude: -79.0539,
    note: 'Grab-and-go bites by the register.',
  },
  {
    slug: 'gate-city-grocer',
    name: 'Gate City Grocer',
    address: '520 S Elm St',
    city: 'Greensboro',
    state: 'NC',
    postcode: '27406',
    phone: '(336) 555-0119',
    website: 'https://gatecitygrocer.example.com',
    latitude: 36.0668,
    longitude: -79.7906,
    note: 'Classic and vegan flavors in 12 oz bags.',
  },
  {
    slug: 'plaza-midwood-market',
    name: 'Plaza Midwood Market',
    address: '1414 Central Ave',
    city: 'Charlotte',
    state: 'NC',
    postcode: '28205',
    phone: '(704) 555-0148',
    website: 'https://plazamidwoodmarket.example.com',
    latitude: 35.2196,
    longitude: -80.8123,
    note: 'Our best Charlotte stockist, with seasonal flavors first.',
  },
  {
    slug: 'french-broad-food-co-op',
    name: 'French Broad Food Co-op',
    address: '90 Biltmore Ave',
    city: 'Asheville',
    state: 'NC',
    postcode: '28801',
    phone: '(828) 555-0126',
    website: 'https://frenchbroadfood.example.com',
    latitude: 35.5916,
    longitude: -82.5518,
    note: 'Bulk bins with Honey Oat and Maple Pecan.',
  },
  {
    slug: 'carytown-kitchen-supply',
    name: 'Carytown Kitchen Supply',
    address: '3125 W Cary St',
    city: 'Richmond',
    state: 'VA',
    postcode: '23221',
    phone: '(804) 555-0171',
    website: 'https://carytownkitchen.example.com',
    latitude: 37.5537,
    longitude: -77.4843,
    note: 'Gift tins in season and the full 12 oz range year-round.',
  },
  {
    slug: 'king-street-larder',
    name: 'King Street Larder',
    address: '498 King St',
    city: 'Charleston',
    state: 'SC',
    postcode: '29403',
    phone: '(843) 555-0152',
    website: 'https://kingstreetlarder.example.com',
    latitude: 32.7917,
    longitude: -79.9387,
    note: 'No relation, just good taste in names. Coconut Cashew sells out here first.',
  },
  {
    slug: 'west-end-coffee-house',
    name: 'West End Coffee House',
    address: '2201 Hillsborough St',
    city: 'Raleigh',
    state: 'NC',
    postcode: '27607',
    phone: '(919) 555-0109',
    website: 'https://westendcoffee.example.com',
    latitude: 35.7872,
    longitude: -78.6663,
    note: 'Served as a yogurt parfait all morning, and sold by the bag.',
  },
];
