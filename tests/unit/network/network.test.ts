import { describe, expect, it } from 'vitest';
import {
  allowedAction,
  duplicateContactEmails,
  routingChecksumOk,
  signupRequest,
} from '../../../machines/contracts/network.ts';
import { assertBlobKey } from '../../../functions/providers/blobs/port.ts';
import { checkUpload, cleanFileName, extensionOf, UPLOAD_MAX_BYTES } from '../../../functions/services/file-types.ts';
import { renderTemplate } from '../../../functions/services/network/mail.ts';
import { safeParse } from 'zod/v4/core';

const DOCS = ['doc', 'docx', 'pdf', 'pages', 'jpeg', 'jpg', 'png'];
const pdf = Buffer.from('%PDF-1.7 body');

describe('upload checks', () => {
  it('refuses files of 9 MB or more, empty files, unknown extensions and mismatched magic bytes', () => {
    expect(checkUpload({ name: 'a.pdf', bytes: pdf, allowed: DOCS, maxBytes: UPLOAD_MAX_BYTES })).toMatchObject({
      ok: true,
      contentType: 'application/pdf',
    });
    const big = Buffer.alloc(UPLOAD_MAX_BYTES);
    pdf.copy(big);
    expect(checkUpload({ name: 'a.pdf', bytes: big, allowed: DOCS, maxBytes: UPLOAD_MAX_BYTES })).toEqual({
      ok: false,
      reason: 'too-large',
    });
    expect(
      checkUpload({
        name: 'a.pdf',
        bytes: big.subarray(0, UPLOAD_MAX_BYTES - 1),
        allowed: DOCS,
        maxBytes: UPLOAD_MAX_BYTES,
      }).ok,
    ).toBe(true);
    expect(checkUpload({ name: 'a.pdf', bytes: Buffer.alloc(0), allowed: DOCS, maxBytes: UPLOAD_MAX_BYTES })).toEqual({
      ok: false,
      reason: 'empty',
    });
    expect(
      checkUpload({ name: 'setup.exe', bytes: Buffer.from('MZ..'), allowed: DOCS, maxBytes: UPLOAD_MAX_BYTES }),
    ).toEqual({ ok: false, reason: 'type' });
    expect(
      checkUpload({ name: 'invoice.pdf', bytes: Buffer.from('MZ..'), allowed: DOCS, maxBytes: UPLOAD_MAX_BYTES }),
    ).toEqual({ ok: false, reason: 'type' });
    expect(
      checkUpload({
        name: 'photo.png',
        bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        allowed: DOCS,
        maxBytes: UPLOAD_MAX_BYTES,
      }).ok,
    ).toBe(false);
    expect(
      checkUpload({
        name: 'photo.JPG',
        bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        allowed: DOCS,
        maxBytes: UPLOAD_MAX_BYTES,
      }).ok,
    ).toBe(true);
    expect(
      checkUpload({
        name: 'plan.docx',
        bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1]),
        allowed: DOCS,
        maxBytes: UPLOAD_MAX_BYTES,
      }).ok,
    ).toBe(true);
    expect(checkUpload({ name: 'noext', bytes: pdf, allowed: DOCS, maxBytes: UPLOAD_MAX_BYTES }).ok).toBe(false);
  });

  it('names: extensions, cleaned names, blob keys', () => {
    expect(extensionOf('C:\\x\\Report.Final.PDF')).toBe('pdf');
    expect(extensionOf('.hidden')).toBe('');
    expect(cleanFileName('../../etc/passwd\u0000')).toBe('passwd');
    expect(() => assertBlobKey('signup-documents/fil-1')).not.toThrow();
    for (const bad of ['../x', 'a/../b', '/abs', 'a//b', '', 'a/./b']) expect(() => assertBlobKey(bad), bad).toThrow();
  });
});

describe('sign-up rules', () => {
  it('flags repeated contact e-mails (case-insensitive) on the later contacts', () => {
    expect(duplicateContactEmails([{ email: 'a@x.com' }, { email: 'b@x.com' }])).toEqual({});
    expect(duplicateContactEmails([{ email: 'a@x.com' }, { email: 'A@X.com ' }, { email: 'a@x.com' }])).toEqual({
      'contacts.1.email': ['network.validation.sameEmail'],
      'contacts.2.email': ['network.validation.sameEmail'],
    });
  });
  it('checks ABA routing numbers', () => {
    expect(routingChecksumOk('021000021')).toBe(true);
    expect(routingChecksumOk('021000022')).toBe(false);
    expect(routingChecksumOk('12345')).toBe(false);
  });
  it('allows each decision only from its states', () => {
    expect(allowedAction('submitted', 'approve')).toBe(true);
    expect(allowedAction('requiring-cleaning', 'clean')).toBe(false);
    expect(allowedAction('approved', 'decline')).toBe(false);
    expect(allowedAction('declined', 'approve')).toBe(false);
  });
  it('refuses control characters and lone surrogates in text', () => {
    const base = {
      draft: 'dr_' + 'a'.repeat(32),
      kind: 'store',
      business_name: 'X',
      business_type: 'HVAC',
      email: 'a@b.co',
      phone: '5125550100',
      address_line_1: '1 Main',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      contacts: [{ role: 'owner', name: 'A', email: 'a@b.co', phone: '5125550100' }],
      bank_account_name: 'X',
      routing_number: '021000021',
      account_number: '1234',
    };
    expect(safeParse(signupRequest, base).success).toBe(true);
    expect(safeParse(signupRequest, { ...base, business_name: 'a\u0000b' }).success).toBe(false);
    expect(safeParse(signupRequest, { ...base, city: '\ud800' }).success).toBe(false);
  });
});

describe('mail templates', () => {
  it('fills placeholders, escaping HTML in the body and line breaks in the subject', () => {
    const out = renderTemplate(
      { subject: 'Hi {{name}}', body_html: '<p>{{name}} {{missing}}</p>' },
      { name: '<b>Ann</b>\r\nBcc: x' },
    );
    expect(out.body).toBe('<p>&lt;b&gt;Ann&lt;/b&gt;\r\nBcc: x {{missing}}</p>');
    expect(out.subject).toBe('Hi <b>Ann</b> Bcc: x');
  });
});
