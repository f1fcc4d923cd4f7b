// sessionStorage / localStorage that never throw. Inside a retailer's iframe the portal is a third-party document:
// browsers that block third-party storage throw a SecurityError on the mere access to `window.sessionStorage`.
// Then the values live in memory for this page load, which keeps the single-page flow working.

export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** True when values only last for this page load. */
  readonly memoryOnly: boolean;
}

function create(pick: () => Storage): SafeStorage {
  let real: Storage | null = null;
  try {
    real = pick();
    const probe = '__lto_probe__';
    real.setItem(probe, probe);
    real.removeItem(probe);
  } catch {
    real = null;
  }
  const memory = new Map<string, string>();
  return {
    memoryOnly: real === null,
    getItem(key) {
      if (real) {
        try {
          return real.getItem(key);
        } catch {
          // fall through to memory
        }
      }
      return memory.get(key) ?? null;
    },
    setItem(key, value) {
      memory.set(key, value);
      if (real) {
        try {
          real.setItem(key, value);
        } catch {
          // quota or blocked: memory keeps it
        }
      }
    },
    removeItem(key) {
      memory.delete(key);
      if (real) {
        try {
          real.removeItem(key);
        } catch {
          // ignore
        }
      }
    },
  };
}

let session: SafeStorage | null = null;
let local: SafeStorage | null = null;

export const sessionStore = (): SafeStorage => (session ??= create(() => window.sessionStorage));
export const localStore = (): SafeStorage => (local ??= create(() => window.localStorage));
