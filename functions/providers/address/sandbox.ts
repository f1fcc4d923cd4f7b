import { zipCodes } from './zip-codes.ts';
import type { AddressComponent, AddressPort, PlaceDetails } from './port.ts';

// The sandbox address vendor works offline on real data: US ZIP codes with their city and state from the
// `zipcodes` package (44,000 codes), and street addresses built from what the shopper typed ("123 Oak St") placed in
// real cities. Place ids carry the address itself (base64url JSON), so details need no storage.
const SUGGESTION_CITIES: readonly [city: string, state: string][] = [
  ['New York', 'NY'],
  ['Los Angeles', 'CA'],
  ['Chicago', 'IL'],
  ['Houston', 'TX'],
  ['Phoenix', 'AZ'],
  ['Philadelphia', 'PA'],
  ['San Antonio', 'TX'],
  ['Columbus', 'OH'],
  ['Atlanta', 'GA'],
  ['Austin', 'TX'],
];

const STREET_SUFFIXES: Record<string, string> = {
  st: 'Street',
  street: 'Street',
  ave: 'Avenue',
  av: 'Avenue',
  avenue: 'Avenue',
  rd: 'Road',
  road: 'Road',
  dr: 'Drive',
  drive: 'Drive',
  ln: 'Lane',
  lane: 'Lane',
  blvd: 'Boulevard',
  boulevard: 'Boulevard',
  ct: 'Court',
  court: 'Court',
  pl: 'Place',
  place: 'Place',
  way: 'Way',
  pkwy: 'Parkway',
  parkway: 'Parkway',
  cir: 'Circle',
  circle: 'Circle',
  ter: 'Terrace',
  terrace: 'Terrace',
  hwy: 'Highway',
  highway: 'Highway',
};

interface SandboxPlace {
  number: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

const title = (s: string) => s.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());
const encodePlace = (p: SandboxPlace) => Buffer.from(JSON.stringify(p)).toString('base64url');

function decodePlace(id: string): SandboxPlace | undefined {
  if (!/^[A-Za-z0-9_-]{10,600}$/.test(id)) return undefined;
  try {
    const p = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as Partial<SandboxPlace>;
    if (
      [p.number, p.street, p.city, p.state, p.zip].every((v) => typeof v === 'string' && v.length > 0 && v.length < 100)
    ) {
      return p as SandboxPlace;
    }
  } catch {
    // not one of ours
  }
  return undefined;
}

const formatPlace = (p: SandboxPlace) => `${p.number} ${p.street}, ${p.city}, ${p.state} ${p.zip}, USA`;

export function sandboxAddresses(): AddressPort {
  return {
    async suggestions(searchText) {
      const m = /^\s*(\d{1,6})\s+([\p{L}\p{N} .'-]{2,60}?)\s*(?:,\s*([\p{L} .'-]{2,40}))?\s*$/u.exec(searchText);
      if (!m) return {};
      const [, number, rawStreet, cityHint] = m as unknown as [string, string, string, string | undefined];
      const words = rawStreet.trim().split(/\s+/);
      const last = words[words.length - 1]!.toLowerCase().replace(/\.$/, '');
      const street = STREET_SUFFIXES[last]
        ? `${title(words.slice(0, -1).join(' '))} ${STREET_SUFFIXES[last]}`.trim()
        : `${title(words.join(' '))} Street`;
      let cities = SUGGESTION_CITIES;
      if (cityHint) {
        const hint = cityHint.trim().toLowerCase();
        cities = SUGGESTION_CITIES.filter(([c]) => c.toLowerCase().startsWith(hint));
      }
      const out: Record<string, string> = {};
      const zips = await zipCodes();
      for (const [city, state] of cities.slice(0, 5)) {
        const zip = zips.lookupByName(city, state)[0]?.zip;
        if (!zip) continue;
        const place = { number, street, city, state, zip };
        out[formatPlace(place)] = encodePlace(place);
      }
      return out;
    },

    async place(placeId) {
      const p = decodePlace(placeId);
      if (!p) return undefined;
      const components: AddressComponent[] = [
        { long_name: p.number, short_name: p.number, types: ['street_number'] },
        { long_name: p.street, short_name: p.street, types: ['route'] },
        { long_name: p.city, short_name: p.city, types: ['locality', 'political'] },
        { long_name: p.state, short_name: p.state, types: ['administrative_area_level_1', 'political'] },
        { long_name: p.zip, short_name: p.zip, types: ['postal_code'] },
        { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      ];
      const details: PlaceDetails = { formatted_address: formatPlace(p), address_components: components };
      return details;
    },

    async zip(zip) {
      if (!/^\d{5}$/.test(zip)) return undefined;
      const record = (await zipCodes()).codes[zip];
      return record && record.country === 'US' ? { city: record.city, state: record.state } : undefined;
    },
  };
}
