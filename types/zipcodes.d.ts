// zipcodes ships no types; we use its code table and city lookup.
declare module 'zipcodes' {
  interface ZipRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    codes: Record<string, ZipRecord>;
    lookup(zip: string | number): ZipRecord | undefined;
    lookupByName(city: string, state: string): ZipRecord[];
  };
  export default zipcodes;
}
