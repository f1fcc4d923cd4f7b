// The frame of a staff screen: the page heading (the document title follows it) and the screen's own actions.
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useT } from '../../lib/i18n.tsx';

export function Screen({
  title,
  actions,
  intro,
  children,
}: {
  title: string;
  actions?: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  useDocumentTitle(title, t('shell.staff.title'));
  return (
    <div className="staff-screen">
      <div className="staff-screen__head">
        <h1 className="staff-screen__title">{title}</h1>
        {actions ? <div className="staff-screen__actions">{actions}</div> : null}
      </div>
      {intro ? <div className="staff-screen__intro">{intro}</div> : null}
      {children}
    </div>
  );
}

/** Yes / No for a boolean cell, from the catalogue. */
export function YesNo({ value }: { value: unknown }) {
  const t = useT();
  return <>{value ? t('staff.option.yes') : t('staff.option.no')}</>;
}

/** A date-time cell in the viewer's locale (the value is an ISO timestamp). */
export function DateTime({ value }: { value: unknown }) {
  const { lang } = { lang: document.documentElement.lang || 'en' };
  if (typeof value !== 'string' || !value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return (
    <time dateTime={value}>
      {date.toLocaleString(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}
