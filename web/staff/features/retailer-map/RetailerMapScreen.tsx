// Retailer Map (issue 12): every store the user may see on an SVG map of the US, placed by its ZIP code's
// coordinates (the server looks them up), filtered by retailer and active state. Each marker is a link to the store
// (#/stores/<id>); the same stores are listed under the map. No tile service, no map library.
import { useEffect, useId, useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n.tsx';
import { Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { FRAMES, frameSize, MAP_HEIGHT, MAP_WIDTH, outlinePath, project, spread } from './projection.ts';
import { CONUS_OUTLINE } from './us-outline.ts';
import type { MapMarker } from '../../../../machines/domain/merchant.ts';
import './retailer-map.css';

type Marker = MapMarker;

interface MapMeta {
  total: number;
  unplaced: { id: string; name: string; zip: string }[];
  states: { code: string; lat: number; lon: number }[];
}

type Load =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; markers: Marker[]; meta: MapMeta };

export function RetailerMapScreen() {
  const t = useT();
  const { caller } = useSession();
  const ids = useId();
  const [retailer, setRetailer] = useState('');
  const [active, setActive] = useState('');
  const [retailers, setRetailers] = useState<{ id: string; name: string }[]>([]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    void caller
      .get<{ id: string; name: string }[]>(
        '/staff/api/retailers',
        { limit: 100 },
        { headers: { 'X-Staff-Lookup': '1' } },
      )
      .then((r) => {
        if (live && r.status && Array.isArray(r.data)) setRetailers(r.data);
      });
    return () => {
      live = false;
    };
  }, [caller]);

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    void caller
      .get<Marker[]>('/staff/api/retailer-map', { ...(retailer ? { retailer } : {}), ...(active ? { active } : {}) })
      .then((r) => {
        if (!live) return;
        if (r.status && Array.isArray(r.data))
          setLoad({ status: 'ready', markers: r.data, meta: (r as unknown as { meta: MapMeta }).meta });
        else setLoad({ status: 'error', message: r.message ?? t('error.unknown') });
      });
    return () => {
      live = false;
    };
  }, [caller, retailer, active, t]);

  const placed = useMemo(() => {
    if (load.status !== 'ready') return [];
    const points = load.markers.flatMap((m) => {
      const p = project(m.lat, m.lon);
      return p ? [{ ...m, x: p.x, y: p.y }] : [];
    });
    return spread(points);
  }, [load]);

  const labels = useMemo(
    () =>
      load.status === 'ready'
        ? load.meta.states.flatMap((s) => {
            const p = project(s.lat, s.lon);
            return p ? [{ code: s.code, ...p }] : [];
          })
        : [],
    [load],
  );

  const statusText = (m: Marker) => t(m.active ? 'merchant.map.active' : 'merchant.map.inactive');
  const markerName = (m: Marker) =>
    t('merchant.map.openStore', { name: m.name, city: m.city, state: m.state, status: statusText(m) });

  return (
    <Screen title={t('merchant.nav.retailerMap')} intro={<p>{t('merchant.map.intro')}</p>}>
      <form
        className="merchant-map__filters"
        aria-label={t('merchant.map.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        {retailers.length ? (
          <div className="tk-field">
            <label className="tk-label" htmlFor={`${ids}-retailer`}>
              {t('merchant.field.retailer')}
            </label>
            <select
              id={`${ids}-retailer`}
              className="tk-input"
              value={retailer}
              onChange={(e) => setRetailer(e.target.value)}
            >
              <option value="">{t('merchant.map.all')}</option>
              {retailers.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="tk-field">
          <label className="tk-label" htmlFor={`${ids}-active`}>
            {t('staff.field.active')}
          </label>
          <select id={`${ids}-active`} className="tk-input" value={active} onChange={(e) => setActive(e.target.value)}>
            <option value="">{t('merchant.map.all')}</option>
            <option value="true">{t('merchant.map.active')}</option>
            <option value="false">{t('merchant.map.inactive')}</option>
          </select>
        </div>
      </form>

      {load.status === 'error' ? (
        <div className="tk-alert tk-alert--error" role="alert">
          {load.message}
        </div>
      ) : null}
      {load.status === 'loading' ? <p role="status">{t('merchant.map.loading')}</p> : null}

      {load.status === 'ready' ? (
        <>
          <figure className="merchant-map">
            <svg
              viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
              className="merchant-map__svg"
              data-testid="retailer-map"
              aria-labelledby={`${ids}-title`}
              role="group"
            >
              <title id={`${ids}-title`}>{t('merchant.map.label', { count: placed.length })}</title>
              <g aria-hidden="true">
                <rect x="0" y="0" width={MAP_WIDTH} height={MAP_HEIGHT} fill="#eef3f8" />
                <path d={outlinePath(FRAMES[0]!, CONUS_OUTLINE)} fill="#ffffff" stroke="#5b6b7b" strokeWidth="1.5" />
                {FRAMES.slice(1).map((f) => {
                  const size = frameSize(f);
                  return (
                    <rect
                      key={f.region}
                      x={f.x}
                      y={f.y}
                      width={size.width}
                      height={size.height}
                      fill="#ffffff"
                      stroke="#5b6b7b"
                      strokeDasharray="4 3"
                    />
                  );
                })}
                {labels.map((l) => (
                  <text key={l.code} x={l.x} y={l.y} textAnchor="middle" fontSize="11" fill="#3d4a57">
                    {l.code}
                  </text>
                ))}
              </g>
              {placed.map((m) => (
                <a
                  key={m.id}
                  href={`#/stores/${encodeURIComponent(m.id)}`}
                  aria-label={markerName(m)}
                  className="merchant-map__marker"
                  data-testid="map-marker"
                >
                  <circle
                    cx={m.x}
                    cy={m.y}
                    r="7"
                    fill={m.active ? '#0b6e4f' : '#6b7280'}
                    stroke="#ffffff"
                    strokeWidth="2"
                  />
                  <title>{markerName(m)}</title>
                </a>
              ))}
            </svg>
            <figcaption className="merchant-map__legend">
              <span>{t('merchant.map.legend')}:</span>{' '}
              <span className="merchant-map__key merchant-map__key--active" aria-hidden="true" />{' '}
              {t('merchant.map.active')}{' '}
              <span className="merchant-map__key merchant-map__key--inactive" aria-hidden="true" />{' '}
              {t('merchant.map.inactive')}
            </figcaption>
          </figure>
          {placed.length === 0 ? <p className="tk-empty">{t('merchant.map.empty')}</p> : null}
          {load.meta.unplaced.length ? (
            <p>{t('merchant.map.unplaced', { names: load.meta.unplaced.map((u) => u.name).join(', ') })}</p>
          ) : null}
          {placed.length ? (
            <section aria-labelledby={`${ids}-list`}>
              <h2 id={`${ids}-list`}>{t('merchant.map.storeList')}</h2>
              <ul className="merchant-map__list">
                {placed.map((m) => (
                  <li key={m.id}>
                    <a href={`#/stores/${encodeURIComponent(m.id)}`}>{m.name}</a> — {m.retailer_name}, {m.city},{' '}
                    {m.state} {m.zip} ({statusText(m)})
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </Screen>
  );
}
