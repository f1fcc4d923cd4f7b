import { describe, expect, it } from 'vitest';
import {
  buildNotice,
  denialFields,
  noticeDate,
  noticeHtml,
  reasonTexts,
  type NoticeInput,
} from '../../../machines/domain/adverse-action.ts';
import { reason } from '../../../machines/domain/decision.ts';
import { adverseAction } from '../../../machines/i18n/adverse-action.ts';

const input = (over: Partial<NoticeInput> = {}): NoticeInput => ({
  uuid: '0b7c7f62-6d0e-4a43-9a53-6a2b1c1e2f3a',
  decidedAt: '2026-03-05T15:00:00.000Z',
  applicantName: 'Ana',
  lender: { name: 'Keystone Lease-to-Own', phone: '(800) 555-0142' },
  storeName: 'Main Street',
  reasons: [reason('SCORE_TOO_LOW'), reason('INCOME_BELOW_MINIMUM', { min: '1,200' })],
  bureau: { reportId: 'rep_123', hit: true, factors: ['Too many recent inquiries', 'Serious delinquency'] },
  score: 540,
  agency: { name: 'Sandbox CRA', address: 'P.O. Box 1', phone: '(800) 555-0100', website: 'https://cra.example' },
  ...over,
});

const text = (n: ReturnType<typeof buildNotice>) =>
  [n.title, n.greeting, n.intro, ...n.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? [])])].join(
    '\n',
  );

describe('adverse-action notice (FCRA 615(a))', () => {
  it('gives the principal reasons in plain words from the reason codes, in English and Spanish', () => {
    expect(reasonTexts(input().reasons, 'en')).toEqual([
      'Your credit score from the consumer reporting agency is below our minimum',
      'Income must be over $1,200 per month',
    ]);
    expect(reasonTexts(input().reasons, 'es')[1]).toBe('Los ingresos deben ser superiores a $1,200 por mes');
  });

  it('names the agency, the score with its range and factors, the free report and the dispute right', () => {
    const en = buildNotice(input(), 'en');
    const all = text(en);
    expect(en.reasonCodes).toEqual(['SCORE_TOO_LOW', 'INCOME_BELOW_MINIMUM']);
    expect(all).toContain('Sandbox CRA');
    expect(all).toContain('(800) 555-0100');
    expect(all).toContain('did not make this decision');
    expect(all).toContain('Your score was 540 on March 5, 2026. Scores range from 300 (lowest) to 850 (highest).');
    expect(all).toContain('Too many recent inquiries');
    expect(all).toContain('free copy of your report from Sandbox CRA if you ask for it within 60 days');
    expect(all).toContain('dispute the accuracy or completeness');
    const es = text(buildNotice(input(), 'es'));
    expect(es).toContain('5 de marzo de 2026');
    expect(es).toContain('copia gratuita');
    expect(es).toContain('disputar');
  });

  it('says so when no consumer report was used, and leaves the report rights out', () => {
    const all = text(buildNotice(input({ bureau: null, score: null, reasons: [reason('AGE_UNDER_18')] }), 'en'));
    expect(all).toContain('We did not use a consumer report');
    expect(all).not.toContain('free copy');
  });

  it('renders an accessible page in the notice language, escaping the inputs', () => {
    const html = noticeHtml(buildNotice(input({ applicantName: '<b>Ana</b>' }), 'es'), '/x?lang=en&a=1');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<main id="notice"');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(html).toContain('hreflang="en"');
    expect(html).toContain('href="/x?lang=en&amp;a=1"');
  });

  it('adds the reason codes and the notice link to a denied result only', () => {
    const decision = { reasons: [reason('NO_SCORE')] };
    expect(denialFields({ uuid: 'u-1', status: 'denied', decision })).toEqual({
      reasons: ['NO_SCORE'],
      adverse_action_url: '/apply-v2/application/adverse-action?uuid=u-1',
    });
    expect(denialFields({ uuid: 'u-1', status: 'approved', decision })).toEqual({});
  });

  it('formats dates in both languages and has every key in both', () => {
    expect(noticeDate('2026-12-01T00:00:00Z', 'en')).toBe('December 1, 2026');
    expect(noticeDate('2026-12-01T00:00:00Z', 'es')).toBe('1 de diciembre de 2026');
    expect(Object.keys(adverseAction.es).sort()).toEqual(Object.keys(adverseAction.en).sort());
  });
});
