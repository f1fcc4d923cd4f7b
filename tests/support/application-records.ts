import type { StoredApplication } from '../../machines/contracts/application.ts';
import type { Db } from '../../functions/data/client.ts';
import { createApplication } from '../../functions/data/applications.ts';
import type { FieldCrypto } from '../../functions/platform/field-crypto.ts';

// Application aggregates for the data layer's tests (functions/data/applications.ts against dynalite).

/** An applicant with every PII field the aggregate encrypts (SSN, ID number, date of birth, bank numbers). */
export const applicantWithPii = {
  applicant: {
    title: 'Ms',
    first_name: 'Ana',
    middle_name: null,
    last_name: 'Lopez',
    social_security_number: '212710042',
    identification: 'D7654321',
    identification_issuer: 'TX',
    date_of_birth: '1988-04-12',
    cell: '5125550101',
    email: 'ana@example.com',
  },
  banking: { routing_number: '021000021', bank_name: 'JPMorgan Chase Bank, N.A.', checking_account: '000123456789' },
} as unknown as Omit<StoredApplication, 'uuid'>;

/** Creates an application of `data` at store S of retailer R, with no outbox events. */
export const createTestApplication = (db: Db, crypto: FieldCrypto, data: Omit<StoredApplication, 'uuid'>, at: Date) =>
  createApplication(db, crypto, { storeId: 'S', retailerId: 'R', clientId: 'c' }, data, at, () => []);
