import { Fragment, useId, useState } from 'react';
import { Form, Link } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { LocationSummary } from './content-data.ts';
import {
  directionsUrl,
  filterOptions,
  formatDistance,
  sortByDistance,
  type Coordinates,
  type LocationFilter,
} from './locations.ts';
import { Button } from '../../components/ui/button.tsx';

type NearMe =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; from: Coordinates }
  | { status: 'denied' | 'unavailable' | 'failed' };

const NEAR_ME_MESSAGES: Record<Exclude<NearMe['status'], 'idle'>, string> = {
  locating: 'Finding your location…',
  located: 'Sorted by distance from you, nearest first.',
  denied:
    'Location access was not allowed, so the stores stay in their usual order. You can allow it in your browser’s site settings, or filter by state and city.',
  unavailable: 'This browser cannot share its location. Filter by state and city instead.',
  failed:
    'We could not find your location just now. Please try again, or filter by state and city.',
};

const displayHost = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

/** Lets a long hostname wrap after its dots rather than mid-word. */
function HostName({ url }: { url: string }) {
  const parts = displayHost(url).split('.');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? '.' : null}
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

function describeFilter(filter: LocationFilter) {
  return [filter.city, filter.state].filter(Boolean).join(', ');
}

/** Spec §2 where-to-buy: filter by state and city in the URL (works without JS), and sort by distance on request. */
export function StoreLocator({
  filter,
  places,
  locations,
}: {
  filter: LocationFilter;
  /** State and city of every stockist: the choices of the selects. */
  places: Array<Pick<LocationSummary, 'state' | 'city'>>;
  locations: LocationSummary[];
}) {
  const hydrated = useHydrated();
  const id = useId();
  const [state, setState] = useState(filter.state);
  const [city, setCity] = useState(filter.city);
  const [nearMe, setNearMe] = useState<NearMe>({ status: 'idle' });
  const [lastFilter, setLastFilter] = useState(filter);
  // A new URL (back/forward, a link) resets the selects to what the page shows.
  if (lastFilter.state !== filter.state || lastFilter.city !== filter.city) {
    setLastFilter(filter);
    setState(filter.state);
    setCity(filter.city);
  }

  const { states, cities } = filterOptions(places, state);
  const filtered = Boolean(filter.state || filter.city);
  const shown: Array<LocationSummary & { distance?: number }> =
    nearMe.status === 'located' ? sortByDistance(locations, nearMe.from) : locations;

  function findNearMe() {
    if (!('geolocation' in navigator)) {
      setNearMe({ status: 'unavailable' });
      return;
    }
    setNearMe({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setNearMe({
          status: 'located',
          from: { latitude: position.coords.latitude, longitude: position.coords.longitude },
        }),
      (error) =>
        setNearMe({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'failed' }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }

  return (
    <div className="store-locator">
      <div className="store-locator__tools">
        <Form
          method="get"
          className="store-locator__filters"
          aria-label="Filter stockists"
          preventScrollReset
        >
          <div className="store-locator__field">
            <label htmlFor={`${id}-state`}>State</label>
            <select
              id={`${id}-state`}
              name="state"
              value={state}
              onChange={(event) => {
                const next = event.target.value;
                setState(next);
                // Keep the city only if the new state has it.
                if (city && !filterOptions(places, next).cities.includes(city)) setCity('');
              }}
            >
              <option value="">All states</option>
              {states.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
              {filter.state && !states.includes(filter.state) ? (
                <option value={filter.state}>{filter.state}</option>
              ) : null}
            </select>
          </div>
          <div className="store-locator__field">
            <label htmlFor={`${id}-city`}>City</label>
            <select
              id={`${id}-city`}
              name="city"
              value={city}
              onChange={(event) => setCity(event.target.value)}
            >
              <option value="">All cities</option>
              {cities.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
              {city && !cities.includes(city) ? <option value={city}>{city}</option> : null}
            </select>
          </div>
          <Button type="submit" variant="secondary" className="store-locator__apply">
            Show stores
          </Button>
          {filtered ? (
            <Link to="/where-to-buy" className="text-link store-locator__clear" preventScrollReset>
              Clear filters
            </Link>
          ) : null}
        </Form>
        <div className="store-locator__near">
          <Button
            onClick={findNearMe}
            disabled={!hydrated || nearMe.status === 'locating'}
            data-testid="near-me"
          >
            Near me
          </Button>
        </div>
      </div>

      <p className="store-locator__status" role="status" data-testid="locator-status">
        {nearMe.status !== 'idle' ? (
          <span
            className={
              nearMe.status === 'located' || nearMe.status === 'locating'
                ? undefined
                : 'store-locator__warning'
            }
          >
            {NEAR_ME_MESSAGES[nearMe.status]}{' '}
          </span>
        ) : null}
        {locations.length > 0
          ? `Showing ${locations.length} of ${places.length} stockists${filtered ? ` in ${describeFilter(filter)}` : ''}.`
          : null}
      </p>

      {locations.length === 0 ? (
        <div className="empty-state" data-testid="locations-empty">
          <p>
            {filtered
              ? `No stockists in ${describeFilter(filter)} yet. Try another state or city, or order online.`
              : 'New stockists are on their way.'}
          </p>
          <p className="store-locator__empty-links">
            {filtered ? (
              <Link to="/where-to-buy" className="text-link">
                See all stockists
              </Link>
            ) : null}
            <Link to="/shop" className="text-link">
              Shop online
            </Link>
          </p>
        </div>
      ) : (
        <ul className="location-grid" data-testid="location-list">
          {shown.map((location) => (
            <li key={location.id} className="location-card" data-testid="location-card">
              <h3 className="location-card__name">{location.name}</h3>
              {location.distance !== undefined ? (
                <p className="location-card__distance" data-testid="location-distance">
                  {formatDistance(location.distance)}
                </p>
              ) : null}
              <address>
                <span>{location.address}</span>
                <span>{location.cityLine}</span>
              </address>
              <p className="location-card__links">
                {location.phone ? (
                  <a href={`tel:${location.phone.replace(/[^\d+]/g, '')}`}>{location.phone}</a>
                ) : null}
                {location.website ? (
                  <a
                    href={location.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-describedby={`${id}-new-tab`}
                  >
                    <HostName url={location.website} />
                  </a>
                ) : null}
                <a
                  href={directionsUrl(location)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="location-card__directions"
                  aria-describedby={`${id}-new-tab`}
                >
                  Directions<span className="visually-hidden"> to {location.name}</span>
                  <span aria-hidden="true"> ↗</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
      <span id={`${id}-new-tab`} hidden>
        Opens in a new tab
      </span>
    </div>
  );
}
