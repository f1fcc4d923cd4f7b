import { useId, useState } from 'react';
import { FILL_PROFILES, type FillProfile } from '../../machines/contracts/application.ts';
import { api } from './api.ts';
import type { Translate } from './i18n.tsx';

// The test-data menu of the shopper's first screens (the welcome form and the application): it picks a sandbox
// bureau profile and hands it to the screen, which fetches the filled application. Hidden in production.

/** The deployment stage from GET /health ('prod' hides the Fill menu; the server also answers 404 there). */
export const getStage = async (): Promise<string> => {
  try {
    return (await api<{ stage?: string }>('GET', '/health')).data.stage ?? 'local';
  } catch {
    return 'unknown';
  }
};

/** `texts` is the catalogue prefix of the screen's own copy of the menu's texts (`<texts>.label`, `<texts>.<profile>`). */
export function FillMenu({
  t,
  texts,
  onFill,
}: {
  t: Translate;
  texts: 'application.fill' | 'welcome.fill';
  onFill: (type: FillProfile) => void;
}) {
  const [type, setType] = useState<FillProfile>('option-a');
  const id = useId();
  return (
    <form
      className="fill-menu"
      aria-label={t(`${texts}.note`)}
      onSubmit={(e) => {
        e.preventDefault();
        onFill(type);
      }}
    >
      <label htmlFor={id}>{t(`${texts}.label`)}</label>
      <select id={id} className="input" value={type} onChange={(e) => setType(e.target.value as FillProfile)}>
        {FILL_PROFILES.map((f) => (
          <option key={f} value={f}>
            {t(`${texts}.${f}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {t(`${texts}.button`)}
      </button>
    </form>
  );
}
