/** Approved demo reviews, so the shop shows ratings from the first start. Addresses are example.com. */
export interface SeedReview {
  product: string;
  reviewer: string;
  email: string;
  rating: number;
  review: string;
  /** ISO date. */
  date: string;
}

export const reviewSeeds: SeedReview[] = [
  // Honey Oat Classic
  {
    product: 'honey-oat-classic',
    reviewer: 'Denise W.',
    email: 'denise.w@example.com',
    rating: 5,
    review:
      'The clusters are the real deal: big crunchy pieces that survive a whole bowl of cold milk. Not too sweet, and you can actually taste the honey. We go through a 2 lb bag a week.',
    date: '2024-03-02T14:10:00Z',
  },
  {
    product: 'honey-oat-classic',
    reviewer: 'Marcus T.',
    email: 'marcus.t@example.com',
    rating: 5,
    review: 'Bought it at the Durham farmers market on a whim and now I order it every month. My kids fight over the big clusters at the bottom of the bag.',
    date: '2024-05-19T09:32:00Z',
  },
  {
    product: 'honey-oat-classic',
    reviewer: 'Priya S.',
    email: 'priya.s@example.com',
    rating: 4,
    review: 'Lovely simple granola. I wish the 12 oz bag were resealable, but the granola itself is perfect over Greek yogurt.',
    date: '2024-08-07T18:45:00Z',
  },
  {
    product: 'honey-oat-classic',
    reviewer: 'Tom B.',
    email: 'tom.b@example.com',
    rating: 5,
    review: 'Gluten-free and it still tastes like my grandmother’s. That almost never happens. Thank you!',
    date: '2025-01-11T08:05:00Z',
  },
  // Maple Pecan Crunch
  {
    product: 'maple-pecan-crunch',
    reviewer: 'Lauren K.',
    email: 'lauren.k@example.com',
    rating: 5,
    review: 'Tastes like pecan pie without being heavy. The pecans are whole halves, not dust, and there are plenty of them.',
    date: '2024-02-21T16:20:00Z',
  },
  {
    product: 'maple-pecan-crunch',
    reviewer: 'James O.',
    email: 'james.o@example.com',
    rating: 5,
    review: 'My favorite of the lineup. I sprinkle it over baked apples in the fall and people ask for the recipe every time.',
    date: '2024-10-14T19:02:00Z',
  },
  {
    product: 'maple-pecan-crunch',
    reviewer: 'Hannah R.',
    email: 'hannah.r@example.com',
    rating: 4,
    review: 'A little sweeter than the Honey Oat, which I like as a treat. The cinnamon is just right.',
    date: '2025-02-03T07:48:00Z',
  },
  // Dark Chocolate Sea Salt
  {
    product: 'dark-chocolate-sea-salt',
    reviewer: 'Chris M.',
    email: 'chris.m@example.com',
    rating: 5,
    review: 'Actual chunks of dark chocolate, not a chocolate coating. The salt makes it. Dangerous to keep in the office.',
    date: '2024-04-08T12:15:00Z',
  },
  {
    product: 'dark-chocolate-sea-salt',
    reviewer: 'Aisha N.',
    email: 'aisha.n@example.com',
    rating: 4,
    review: 'Rich and not overly sweet. A couple of the chocolate pieces had melted together in the summer heat on delivery, but it still tasted great.',
    date: '2024-07-27T15:40:00Z',
  },
  {
    product: 'dark-chocolate-sea-salt',
    reviewer: 'Ben L.',
    email: 'ben.l@example.com',
    rating: 5,
    review: 'I eat this by the handful as an evening snack instead of a candy bar. Zero regrets.',
    date: '2024-12-02T21:10:00Z',
  },
  // Coconut Cashew
  {
    product: 'coconut-cashew',
    reviewer: 'Sofia G.',
    email: 'sofia.g@example.com',
    rating: 5,
    review: 'Finally a vegan granola that isn\'t dry. The coconut flakes are big and toasty and the cashews are whole.',
    date: '2024-03-15T10:22:00Z',
  },
  {
    product: 'coconut-cashew',
    reviewer: 'Kevin P.',
    email: 'kevin.p@example.com',
    rating: 4,
    review: 'Great with oat milk and sliced mango. I would happily pay a bit more for even more cashews.',
    date: '2024-09-09T08:30:00Z',
  },
  // Blueberry Almond
  {
    product: 'blueberry-almond',
    reviewer: 'Rachel F.',
    email: 'rachel.f@example.com',
    rating: 5,
    review: 'The lemon zest is such a good touch. It tastes like a blueberry muffin in the best way.',
    date: '2024-04-30T07:15:00Z',
  },
  {
    product: 'blueberry-almond',
    reviewer: 'Omar H.',
    email: 'omar.h@example.com',
    rating: 4,
    review: 'Bright and fresh. The blueberries are small wild ones, so there are lots of them. Good crunch from the almonds.',
    date: '2024-06-18T13:50:00Z',
  },
  {
    product: 'blueberry-almond',
    reviewer: 'Grace E.',
    email: 'grace.e@example.com',
    rating: 3,
    review: 'Tasty, but I wanted more blueberries in my bag. The granola itself is crisp and lovely.',
    date: '2025-01-26T17:05:00Z',
  },
  // Ginger Turmeric Sunrise
  {
    product: 'ginger-turmeric-sunrise',
    reviewer: 'Natalie C.',
    email: 'natalie.c@example.com',
    rating: 5,
    review: 'Warm, zingy and unlike any granola I have had. The candied ginger pieces wake me right up.',
    date: '2024-05-05T06:55:00Z',
  },
  {
    product: 'ginger-turmeric-sunrise',
    reviewer: 'David A.',
    email: 'david.a@example.com',
    rating: 4,
    review: 'A bit spicy for my kids, but my wife and I love it with plain yogurt and honey.',
    date: '2024-11-12T08:12:00Z',
  },
  {
    product: 'ginger-turmeric-sunrise',
    reviewer: 'Mei L.',
    email: 'mei.l@example.com',
    rating: 4,
    review: 'The black pepper is subtle and the pumpkin seeds add a nice bite. Keep this one around!',
    date: '2025-03-01T09:40:00Z',
  },
  // Granola Bites
  {
    product: 'granola-bites',
    reviewer: 'Jordan V.',
    email: 'jordan.v@example.com',
    rating: 5,
    review: 'Perfect for hiking. They don\'t crumble into dust in my pack the way bars do.',
    date: '2024-06-02T11:25:00Z',
  },
  {
    product: 'granola-bites',
    reviewer: 'Emily S.',
    email: 'emily.s@example.com',
    rating: 4,
    review: 'My toddler calls them cookies. I am not correcting her. The chocolate ones go fastest.',
    date: '2024-09-23T15:00:00Z',
  },
  // Peanut Butter Banana
  {
    product: 'peanut-butter-banana',
    reviewer: 'Tyler J.',
    email: 'tyler.j@example.com',
    rating: 5,
    review: 'Peanut butter in every bite and the banana chips stay crunchy. Best post-workout snack I have found.',
    date: '2024-04-17T18:30:00Z',
  },
  {
    product: 'peanut-butter-banana',
    reviewer: 'Monica D.',
    email: 'monica.d@example.com',
    rating: 4,
    review: 'The lunchbox favorite is right: both kids ask for it. I would love a bigger bag size.',
    date: '2024-08-29T07:05:00Z',
  },
  {
    product: 'peanut-butter-banana',
    reviewer: 'Sam W.',
    email: 'sam.w@example.com',
    rating: 3,
    review: 'Good flavor but sweeter than I expected. I mix it half and half with the Honey Oat.',
    date: '2025-02-14T20:18:00Z',
  },
  // Apple Cinnamon Crumble
  {
    product: 'apple-cinnamon-crumble',
    reviewer: 'Linda M.',
    email: 'linda.m@example.com',
    rating: 5,
    review: 'Smells like apple pie the second you open the bag. The dried apple pieces are soft and chewy against the crunch.',
    date: '2024-10-03T08:40:00Z',
  },
  {
    product: 'apple-cinnamon-crumble',
    reviewer: 'Ethan Y.',
    email: 'ethan.y@example.com',
    rating: 4,
    review: 'Very good over vanilla ice cream. Slightly less crunchy than the others, but the flavor makes up for it.',
    date: '2024-12-20T19:55:00Z',
  },
  // Tahini Date
  {
    product: 'tahini-date',
    reviewer: 'Yasmin K.',
    email: 'yasmin.k@example.com',
    rating: 5,
    review: 'Not too sweet, deeply nutty, and the dates are soft little treasures. This is the grown-up granola.',
    date: '2024-05-28T07:20:00Z',
  },
  {
    product: 'tahini-date',
    reviewer: 'Paul N.',
    email: 'paul.n@example.com',
    rating: 4,
    review: 'Unusual and really good. The black sesame looks beautiful on a smoothie bowl.',
    date: '2024-11-04T10:10:00Z',
  },
  {
    product: 'tahini-date',
    reviewer: 'Caroline B.',
    email: 'caroline.b@example.com',
    rating: 5,
    review: 'I was skeptical about tahini in granola and now it is the only one I buy. Pairs perfectly with labneh and honey.',
    date: '2025-03-09T12:00:00Z',
  },
  // Grain-Free Paleo Crunch
  {
    product: 'grain-free-paleo-crunch',
    reviewer: 'Mike T.',
    email: 'mike.t@example.com',
    rating: 5,
    review: 'Grain-free granola is usually sad. This is all toasted nuts and seeds with just enough honey to hold it together. Excellent.',
    date: '2024-07-06T08:00:00Z',
  },
  {
    product: 'grain-free-paleo-crunch',
    reviewer: 'Jenna P.',
    email: 'jenna.p@example.com',
    rating: 4,
    review: 'Pricey, but a small handful fills me up for the morning. Love the big coconut flakes.',
    date: '2025-01-08T09:15:00Z',
  },
  // Pumpkin Spice Harvest (seasonal)
  {
    product: 'pumpkin-spice-harvest',
    reviewer: 'Ashley R.',
    email: 'ashley.r@example.com',
    rating: 5,
    review: 'I wait for this all year. The pepitas and warm spice are pure October. Please make more next fall!',
    date: '2024-10-21T16:45:00Z',
  },
  {
    product: 'pumpkin-spice-harvest',
    reviewer: 'Nick F.',
    email: 'nick.f@example.com',
    rating: 4,
    review: 'Real pumpkin flavor, not just cinnamon. Sold out before I could buy a second bag.',
    date: '2024-11-18T13:30:00Z',
  },
];
