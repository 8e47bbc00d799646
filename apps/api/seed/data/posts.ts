import type { Motif, Palette } from '../artwork.ts';

export const postCategorySeeds = [
  { slug: 'recipes', name: 'Recipes', description: 'Tested-twice recipes that start (or finish) with granola.' },
  { slug: 'news', name: 'News', description: 'New flavors, new stockists and what is happening at the bakery.' },
  { slug: 'behind-the-bake', name: 'Behind the Bake', description: 'Sourcing, people and process.' },
];

export interface SeedPost {
  slug: string;
  title: string;
  author: string;
  categories: string[];
  date: string;
  sticky?: boolean;
  excerpt: string;
  content: string;
  art: { motif: Motif; palette: Palette; alt: string };
}

export const postSeeds: SeedPost[] = [
  {
    slug: 'overnight-oats-with-granola-crunch',
    title: 'Overnight Oats with a Granola Crunch',
    author: 'priya',
    categories: ['recipes'],
    date: '2024-03-04T08:30:00Z',
    excerpt: '<p>Creamy overnight oats, a spoon of jam and a thick layer of Honey Oat Classic added in the morning so it stays crisp.</p>',
    content: `<p>Overnight oats are the most forgiving breakfast there is, but they have one problem: everything in the jar goes soft. The fix is simple. Keep the crunch separate until you're ready to eat.</p>
<h2>Ingredients (serves 2)</h2>
<ul><li>1 cup rolled oats</li><li>1 cup milk of your choice</li><li>1/2 cup plain Greek yogurt</li><li>1 tablespoon chia seeds</li><li>2 teaspoons maple syrup</li><li>2 tablespoons raspberry jam</li><li>2/3 cup Honey Oat Classic granola</li></ul>
<h2>Method</h2>
<ol><li>Stir the oats, milk, yogurt, chia and maple syrup together and divide between two jars.</li><li>Swirl a tablespoon of jam into each, cover and refrigerate overnight, or at least four hours.</li><li>In the morning, loosen with a splash of milk and top each jar with a third of a cup of granola.</li></ol>
<p>Priya's tip: pack the granola in a small container on the side if you're taking the jar to work. Thirty seconds before you eat is the right moment.</p>`,
    art: {
      motif: 'jar',
      palette: { bg: '#fbe4de', main: '#b5382f', accent: '#f2c57c', ink: '#4a110c' },
      alt: 'A jar of overnight oats topped with granola clusters',
    },
  },
  {
    slug: 'meet-our-oat-farmers',
    title: 'Meet the Farmers Behind Our Oats',
    author: 'maya',
    categories: ['behind-the-bake'],
    date: '2024-04-18T14:00:00Z',
    excerpt: '<p>Every bag starts on a family farm. We visited the growers who supply our certified gluten-free oats.</p>',
    content: `<p>When people ask what makes our granola different, I usually talk about the long, slow bake. But the real answer starts much earlier, in fields that are planted, harvested and cleaned with gluten-free oats as the only crop that matters.</p>
<p>Our oats come from a cooperative of family farms that grow nothing but oats on dedicated fields, harvest with dedicated equipment and test every lot before it ships. That's what lets us call our granola gluten-free with a straight face, and it is why we pay a little more for them.</p>
<h2>What we learned</h2>
<p>A good oat is plump and pale, with very few broken groats. Broken pieces bake faster than whole flakes and burn before the clusters set, which is why we've always been fussy about flake size. Seeing the cleaning line in person made it obvious how much work goes into that consistency.</p>
<blockquote><p>We don't grow oats for everyone. We grow them for people who need to trust them.</p></blockquote>
<p>We came home with a new respect for the people in that supply chain, and a promise to visit every harvest.</p>`,
    art: {
      motif: 'field',
      palette: { bg: '#fdf0d5', main: '#8fb36a', accent: '#5e8c3a', ink: '#1f3a25' },
      alt: 'Rolling fields of oats under a warm morning sun',
    },
  },
  {
    slug: 'maple-pecan-granola-bars',
    title: 'Five-Ingredient Maple Pecan Granola Bars',
    author: 'priya',
    categories: ['recipes'],
    date: '2024-06-02T10:15:00Z',
    excerpt: '<p>No-bake bars made from a bag of Maple Pecan Crunch, nut butter, dates, honey and a pinch of salt.</p>',
    content: `<p>These bars hold together without baking, travel well and taste like the granola you already love. They are a good way to use the last cup at the bottom of the bag, too.</p>
<h2>Ingredients (12 bars)</h2>
<ul><li>3 cups Maple Pecan Crunch granola</li><li>1 cup pitted Medjool dates</li><li>1/2 cup almond or peanut butter</li><li>1/4 cup honey or maple syrup</li><li>a pinch of flaky salt</li></ul>
<h2>Method</h2>
<ol><li>Line an 8-inch square pan with parchment.</li><li>Blend the dates into a thick paste in a food processor.</li><li>Warm the nut butter and honey together until loose, then stir in the date paste.</li><li>Fold in the granola, press firmly into the pan, sprinkle with salt and chill for two hours.</li><li>Cut into 12 bars. They keep for a week in the fridge.</li></ol>
<p>Press harder than feels necessary. A flat-bottomed glass works well.</p>`,
    art: {
      motif: 'bars',
      palette: { bg: '#f3e2d3', main: '#9c5a2e', accent: '#e0b26b', ink: '#3a1d0c' },
      alt: 'Granola bars cooling in front of an oven',
    },
  },
  {
    slug: 'minority-business-enterprise-certified',
    title: 'We Are Now a Certified Minority Business Enterprise',
    author: 'maya',
    categories: ['news'],
    date: '2024-07-22T09:00:00Z',
    sticky: true,
    excerpt: '<p>Larder &amp; Oat is now certified as a Minority Business Enterprise. Here\'s what that means for our partners.</p>',
    content: `<p>I am proud to share that Larder &amp; Oat has been certified as a Minority Business Enterprise (MBE) by our regional minority supplier development council.</p>
<p>Certification involved a review of our ownership, our operations and a visit to the bakery. It confirms that the company is at least 51% owned, operated and controlled by a minority entrepreneur, which in our case means me.</p>
<h2>Why it matters</h2>
<p>Many grocers, universities and corporate cafeterias have supplier-diversity goals. Certification makes it easier for their buyers to find us and to count their purchases toward those goals. For a small bakery it opens doors that were hard to knock on before.</p>
<p>Nothing about the granola changes. If you buy for an organization with a supplier-diversity program, our <a href="/minority-business-enterprise-certification">certification page</a> has the details you will need, and Daniel would love to hear from you.</p>`,
    art: {
      motif: 'market',
      palette: { bg: '#e2edf6', main: '#4f7fa8', accent: '#e6b655', ink: '#13283b' },
      alt: 'A market stall with an awning and bags of granola',
    },
  },
  {
    slug: 'granola-parfait-bar-for-a-crowd',
    title: 'How to Set Up a Granola Parfait Bar for a Crowd',
    author: 'daniel',
    categories: ['recipes'],
    date: '2024-09-10T11:45:00Z',
    excerpt: '<p>Hosting brunch for twenty? A parfait bar is cheap, beautiful and needs almost no cooking. Here\'s the plan we use for events.</p>',
    content: `<p>We set up parfait bars at farmers' markets, office breakfasts and a surprising number of weddings. After a few hundred of them, this is the plan that works.</p>
<h2>For twenty people</h2>
<ul><li>Yogurt: 5 quarts, half plain Greek and half vanilla</li><li>Granola: one 5 lb bulk bag, split between two or three flavors</li><li>Fruit: 4 pints of berries, 4 sliced bananas, a bowl of citrus segments</li><li>Extras: honey, toasted coconut, cacao nibs and a jar of jam</li></ul>
<h2>Layout</h2>
<p>Put the cups first, then yogurt, fruit, granola and extras, in that order, so people build in layers without doubling back. Keep the granola in wide, shallow bowls so the clusters are easy to scoop and don't crush each other.</p>
<p>Label everything, and mark the nut-free granola clearly. Guests with allergies will thank you.</p>`,
    art: {
      motif: 'parfait',
      palette: { bg: '#e6e9f5', main: '#3f4f9a', accent: '#a9b7e8', ink: '#1b2350' },
      alt: 'A big bowl of yogurt parfait topped with granola and berries',
    },
  },
  {
    slug: 'new-flavour-ginger-turmeric-sunrise',
    title: 'New Flavor: Ginger Turmeric Sunrise',
    author: 'priya',
    categories: ['news'],
    date: '2024-11-05T08:00:00Z',
    excerpt: '<p>Our newest year-round flavor is bright, warming and completely nut-free. Here\'s how it came together.</p>',
    content: `<p>Ginger Turmeric Sunrise started as a dare. Maya's aunt makes the best golden milk any of us have tasted, and we wanted to know whether it could survive an oven.</p>
<p>The first eleven batches said no. Ground turmeric turned bitter at our usual temperature, and fresh ginger made the clusters soggy. The breakthrough was moving the turmeric into the maple syrup before it touched the oats, and switching to candied ginger added after the bake.</p>
<h2>What it tastes like</h2>
<p>Warm and gently spicy, with a little heat from black pepper and a chewy sweetness from the ginger. Pumpkin and sunflower seeds keep it crunchy and nut-free.</p>
<p>It's available now in 12 oz, 2 lb and 5 lb bulk bags, and our wholesale partners can order it from this week.</p>`,
    art: {
      motif: 'bowl',
      palette: { bg: '#fdf0d5', main: '#e3a21a', accent: '#b5461f', ink: '#4a2308' },
      alt: 'A golden bowl of Ginger Turmeric Sunrise granola',
    },
  },
  {
    slug: 'how-we-bake-big-clusters',
    title: 'How We Get Those Big Clusters',
    author: 'maya',
    categories: ['behind-the-bake'],
    date: '2025-01-14T15:30:00Z',
    excerpt: '<p>Low heat, a heavy press and patience. The three rules behind every tray we bake.</p>',
    content: `<p>The most common question in our inbox is how we get such big clusters. There's no secret ingredient. There are three rules, and we never skip them.</p>
<h2>1. Press the tray</h2>
<p>After mixing, we spread the granola thinly and press it down hard with the back of a sheet pan. Pressed oats touch each other, and oats that touch bake together.</p>
<h2>2. Bake low and don't stir</h2>
<p>We bake at a low temperature for almost an hour and never stir. Stirring breaks clusters before the sugars have set. Rotate the trays halfway through instead.</p>
<h2>3. Let it cool completely</h2>
<p>Granola is soft when it comes out of the oven and only turns crisp as it cools. We leave the trays alone for a full hour before breaking them into shards.</p>
<p>Try it at home with your favorite recipe. Then, on the mornings you don't have an hour, you know where to find us.</p>`,
    art: {
      motif: 'oven',
      palette: { bg: '#f6e7cf', main: '#c98b3f', accent: '#7a4a25', ink: '#3b2414' },
      alt: 'Trays of granola baking in a warm oven',
    },
  },
];
