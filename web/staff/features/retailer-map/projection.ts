// The Retailer Map's projection (pure): longitude/latitude to SVG coordinates. The 48 contiguous states use an
// equirectangular projection scaled by the cosine of the middle latitude (so the US keeps its familiar shape);
// Alaska and Hawaii are drawn in insets at the lower left, as on most US maps. No tile service is involved.

export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 600;

export type Region = 'conus' | 'ak' | 'hi';

export interface Frame {
  region: Region;
  /** Longitude and latitude bounds the frame shows. */
  west: number;
  east: number;
  south: number;
  north: number;
  /** Where the frame's top-left corner is in the SVG, and its scale (pixels per degree of latitude). */
  x: number;
  y: number;
  scale: number;
  /** The cosine correction of longitude degrees. */
  k: number;
}

const frame = (
  region: Region,
  west: number,
  east: number,
  south: number,
  north: number,
  x: number,
  y: number,
  scale: number,
): Frame => ({
  region,
  west,
  east,
  south,
  north,
  x,
  y,
  scale,
  k: Math.cos((((south + north) / 2) * Math.PI) / 180),
});

export const FRAMES: readonly Frame[] = [
  frame('conus', -125, -66.5, 24.3, 49.5, 20, 20, 19.6),
  frame('ak', -170, -129.5, 51, 71.6, 30, 440, 5.2),
  frame('hi', -160.5, -154.6, 18.8, 22.4, 250, 500, 14),
];

/** The size of a frame in the SVG. */
export const frameSize = (f: Frame) => ({
  width: (f.east - f.west) * f.k * f.scale,
  height: (f.north - f.south) * f.scale,
});

/** Which frame shows a point (undefined: outside the US frames). */
export function frameOf(lat: number, lon: number): Frame | undefined {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  return FRAMES.find((f) => lon >= f.west && lon <= f.east && lat >= f.south && lat <= f.north);
}

/** A point in a given frame. */
export function projectIn(f: Frame, lat: number, lon: number): { x: number; y: number } {
  return {
    x: Math.round((f.x + (lon - f.west) * f.k * f.scale) * 10) / 10,
    y: Math.round((f.y + (f.north - lat) * f.scale) * 10) / 10,
  };
}

/** A point on the map, or undefined when it is in none of the frames. */
export function project(lat: number, lon: number): { x: number; y: number; region: Region } | undefined {
  const f = frameOf(lat, lon);
  return f ? { ...projectIn(f, lat, lon), region: f.region } : undefined;
}

/** An SVG path through the points of an outline (closed). */
export function outlinePath(f: Frame, points: readonly (readonly [lon: number, lat: number])[]): string {
  return (
    points
      .map(([lon, lat], i) => {
        const p = projectIn(f, lat, lon);
        return `${i ? 'L' : 'M'}${p.x},${p.y}`;
      })
      .join(' ') + ' Z'
  );
}

/**
 * Markers that would sit on top of each other are fanned out around their point (a few pixels), so each stays
 * visible and clickable.
 */
export function spread<T extends { x: number; y: number }>(points: readonly T[], minDistance = 8): T[] {
  const placed: T[] = [];
  for (const p of points) {
    let q = p;
    for (let n = 1; placed.some((o) => Math.hypot(o.x - q.x, o.y - q.y) < minDistance) && n < 24; n++) {
      const angle = n * 2.4;
      const r = minDistance * (1 + Math.floor(n / 8));
      q = {
        ...p,
        x: Math.round((p.x + Math.cos(angle) * r) * 10) / 10,
        y: Math.round((p.y + Math.sin(angle) * r) * 10) / 10,
      };
    }
    placed.push(q);
  }
  return placed;
}
