// The ZIP dataset (the `zipcodes` package: 44,000 US codes, about 4.5 MB of code) is imported on first use, so that
// only the functions whose sandboxes look ZIP codes up carry it, and they load it only when a lookup happens. In a
// Lambda bundle it is a side package beside index.mjs (infra/constructs/side-assets.ts), not part of the bundle.
export type ZipCodes = (typeof import('zipcodes'))['default'];

let dataset: Promise<ZipCodes> | undefined;

export const zipCodes = (): Promise<ZipCodes> => (dataset ??= import('zipcodes').then((m) => m.default));
