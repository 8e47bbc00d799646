/** A map position. */
export interface Position {
  latitude: number;
  longitude: number;
}

/**
 * Where a US address is, from its ZIP code (else its city and state), without asking any outside
 * service: the `zipcodes` package's table of ZIP centroids. Loaded on first use, as only an owner
 * approving a listing needs it (it holds some 40,000 places).
 */
export async function positionOfUsAddress(address: {
  postcode: string;
  city: string;
  state: string;
}): Promise<Position | null> {
  const { default: zipcodes } = await import('zipcodes');
  const byZip = zipcodes.lookup(address.postcode.slice(0, 5));
  const place = byZip ?? zipcodes.lookupByName(address.city, address.state)[0];
  return place ? { latitude: place.latitude, longitude: place.longitude } : null;
}
