import { describe, expect, it } from 'vitest';
import { createLogger, redact } from '../../../functions/platform/logger.ts';

describe('logging with PII redaction', () => {
  it('redacts sensitive fields by name and SSN-like values anywhere', () => {
    const lines: string[] = [];
    const log = createLogger('info', (l) => lines.push(l));
    log.info('applicant saved', {
      applicant: {
        first_name: 'Ana',
        social_security_number: '123456789',
        date_of_birth: '1990-01-01',
        cell: '5125550100',
      },
      banking: { routing_number: '021000021', checking_account: '000123456789' },
      note: 'SSN 123-45-6789 was typed in a note',
      headers: { 'x-apply-token': 'abc', authorization: 'Bearer x' },
    });
    const text = lines.join('\n');
    for (const secret of [
      '123456789',
      '1990-01-01',
      '5125550100',
      '021000021',
      '000123456789',
      '123-45-6789',
      'Bearer x',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('Ana');
    expect(text).toContain('applicant saved');
  });

  it('keeps booleans and non-sensitive values', () => {
    expect(redact({ has_co_applicant: true, verified: false, status: 200 })).toEqual({
      has_co_applicant: true,
      verified: false,
      status: 200,
    });
  });

  it('writes nothing below its level', () => {
    const lines: string[] = [];
    createLogger('warn', (l) => lines.push(l)).info('quiet');
    expect(lines).toEqual([]);
  });
});
