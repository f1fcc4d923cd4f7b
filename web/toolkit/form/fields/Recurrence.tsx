// recurrence: a start date, a preset (daily, weekly, monthly by day, monthly by weekday position, yearly, every
// weekday, custom) and an end (never - limited to 1 year -, on a date, after a count), stored as the seed's value
// shape { freq, interval, dtstart, until, count, byweekday, bymonthday, bysetpos } and shown as the next dates.
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { RecurrenceValue } from '../../../../machines/contracts/form-schema.ts';
import { useToolkitT } from '../../i18n.ts';
import { FieldShell } from '../FieldShell.tsx';
import { CheckOption } from './CheckOption.tsx';
import {
  endModeOf,
  FREQ,
  occurrences,
  presetOf,
  presetValue,
  RECURRENCE_PRESETS,
  rruleWeekday,
  weekdayPosition,
  withEnd,
  type RecurrenceEndMode,
  type RecurrencePreset,
} from '../recurrence.ts';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function isValue(value: unknown): value is RecurrenceValue {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as RecurrenceValue).dtstart === 'string' &&
    typeof (value as RecurrenceValue).freq === 'number'
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="tk-field">
      <label htmlFor={id} className="tk-label">
        {label}
      </label>
      {children}
    </div>
  );
}

function LabelledInput({ id, label, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <Labelled id={id} label={label}>
      <input id={id} className="tk-input" {...input} />
    </Labelled>
  );
}

function LabelledSelect({
  id,
  label,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string }) {
  return (
    <Labelled id={id} label={label}>
      <select id={id} className="tk-input tk-select" {...select} />
    </Labelled>
  );
}

export function Recurrence({ field, name, scope }: FieldProps) {
  const t = useToolkitT();
  const state = useField(field, name, scope);
  const base = useId();
  const value: RecurrenceValue = isValue(state.value) ? state.value : presetValue('weekly', today());
  const [preset, setPreset] = useState<RecurrencePreset>(() => presetOf(value));
  const mode = endModeOf(value);
  const set = (next: RecurrenceValue) => state.setValue(next);
  const weekdayName = (index: number) => t(`toolkit.weekday.${index}`);

  const presetLabel = (p: RecurrencePreset): string => {
    const weekday = weekdayName(rruleWeekday(value.dtstart));
    switch (p) {
      case 'daily':
        return t('toolkit.recurrence.preset.daily');
      case 'weekly':
        return t('toolkit.recurrence.preset.weekly', { weekday });
      case 'monthly-day':
        return t('toolkit.recurrence.preset.monthlyDay', { day: Number(value.dtstart.slice(8, 10)) });
      case 'monthly-position':
        return t('toolkit.recurrence.preset.monthlyPosition', {
          position: t(`toolkit.recurrence.position.${weekdayPosition(value.dtstart)}`),
          weekday,
        });
      case 'yearly':
        return t('toolkit.recurrence.preset.yearly', { date: value.dtstart.slice(5, 10) });
      case 'weekdays':
        return t('toolkit.recurrence.preset.weekdays');
      default:
        return t('toolkit.recurrence.preset.custom');
    }
  };

  function changeStart(dtstart: string) {
    if (!dtstart) return;
    const moved = preset === 'custom' ? { ...value, dtstart } : presetValue(preset, dtstart, value);
    set(moved);
  }

  function changeMode(next: RecurrenceEndMode) {
    set(withEnd(value, next, { until: value.until ?? value.dtstart.slice(0, 10), count: value.count ?? 10 }));
  }

  const id = (part: string) => `${base}-${part}`;
  let preview: string[] = [];
  try {
    preview = occurrences(value, 5);
  } catch {
    preview = [];
  }

  return (
    <FieldShell state={state} group>
      <div className="tk-recurrence">
        <LabelledInput
          id={id('start')}
          label={t('toolkit.recurrence.start')}
          type="date"
          value={value.dtstart.slice(0, 10)}
          disabled={state.disabled}
          onChange={(event) => changeStart(event.target.value + value.dtstart.slice(10))}
        />
        <LabelledSelect
          id={id('preset')}
          label={t('toolkit.recurrence.repeat')}
          value={preset}
          disabled={state.disabled}
          onChange={(event) => {
            const next = event.target.value as RecurrencePreset;
            setPreset(next);
            set(presetValue(next, value.dtstart, value));
          }}
        >
          {RECURRENCE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {presetLabel(p)}
            </option>
          ))}
        </LabelledSelect>
        {preset === 'custom' ? (
          <div className="tk-recurrence__custom tk-row">
            <LabelledInput
              id={id('interval')}
              label={t('toolkit.recurrence.every')}
              type="number"
              min={1}
              value={value.interval ?? 1}
              disabled={state.disabled}
              onChange={(event) => set({ ...value, interval: Math.max(1, Number(event.target.value) || 1) })}
            />
            <LabelledSelect
              id={id('freq')}
              label={t('toolkit.recurrence.frequency')}
              value={value.freq}
              disabled={state.disabled}
              onChange={(event) => {
                const freq = Number(event.target.value);
                set({
                  ...value,
                  freq,
                  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-comparison -- rrule's Frequency is a numeric enum; the select and a stored rule carry its number
                  byweekday: freq === FREQ.WEEKLY ? [rruleWeekday(value.dtstart)] : null,
                  bymonthday: null,
                  bysetpos: null,
                });
              }}
            >
              {[FREQ.DAILY, FREQ.WEEKLY, FREQ.MONTHLY, FREQ.YEARLY].map((freq) => (
                <option key={freq} value={freq}>
                  {t(`toolkit.recurrence.freq.${freq}`)}
                </option>
              ))}
            </LabelledSelect>
            {/* eslint-disable-next-line @typescript-eslint/no-unsafe-enum-comparison -- rrule's Frequency is a numeric enum; the select and a stored rule carry its number */}
            {value.freq === FREQ.WEEKLY ? (
              <fieldset className="tk-fieldset tk-recurrence__days">
                <legend className="tk-label">{t('toolkit.recurrence.onDays')}</legend>
                {[0, 1, 2, 3, 4, 5, 6].map((day) => {
                  const days = value.byweekday ?? [];
                  const checked = days.includes(day);
                  return (
                    <span className="tk-check" key={day}>
                      <input
                        id={id(`day-${day}`)}
                        type="checkbox"
                        className="tk-check__input"
                        checked={checked}
                        disabled={state.disabled || (checked && days.length === 1)}
                        onChange={(event) =>
                          set({
                            ...value,
                            byweekday: (event.target.checked ? [...days, day] : days.filter((d) => d !== day)).sort(
                              (a, b) => a - b,
                            ),
                          })
                        }
                      />
                      <label htmlFor={id(`day-${day}`)} className="tk-check__label">
                        {weekdayName(day)}
                      </label>
                    </span>
                  );
                })}
              </fieldset>
            ) : null}
          </div>
        ) : null}
        <fieldset className="tk-fieldset tk-recurrence__end">
          <legend className="tk-label">{t('toolkit.recurrence.ends')}</legend>
          {(['never', 'on', 'after'] as const).map((option) => (
            <CheckOption
              key={option}
              id={id(`end-${option}`)}
              type="radio"
              label={t(`toolkit.recurrence.end.${option}`)}
              name={id('end')}
              checked={mode === option}
              disabled={state.disabled}
              onChange={() => changeMode(option)}
            />
          ))}
          {mode === 'on' ? (
            <LabelledInput
              id={id('until')}
              label={t('toolkit.recurrence.endDate')}
              type="date"
              min={value.dtstart.slice(0, 10)}
              value={(value.until ?? '').slice(0, 10)}
              disabled={state.disabled}
              onChange={(event) => event.target.value && set(withEnd(value, 'on', { until: event.target.value }))}
            />
          ) : null}
          {mode === 'after' ? (
            <LabelledInput
              id={id('count')}
              label={t('toolkit.recurrence.count')}
              type="number"
              min={1}
              value={value.count ?? 1}
              disabled={state.disabled}
              onChange={(event) => set(withEnd(value, 'after', { count: Number(event.target.value) || 1 }))}
            />
          ) : null}
        </fieldset>
        {preview.length ? (
          <div className="tk-recurrence__preview">
            <p className="tk-label" id={id('next')}>
              {t('toolkit.recurrence.next')}
            </p>
            <ul aria-labelledby={id('next')}>
              {preview.map((date) => (
                <li key={date}>{date}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </FieldShell>
  );
}
