/** Address component of a place, in the shape of Google Places' place details (the seed's call table). */
export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface PlaceDetails {
  formatted_address: string;
  address_components: AddressComponent[];
}

export interface AddressPort {
  /** Suggestion text -> place id, best first. */
  suggestions(searchText: string): Promise<Record<string, string>>;
  place(placeId: string): Promise<PlaceDetails | undefined>;
  zip(zip: string): Promise<{ city: string; state: string } | undefined>;
}
