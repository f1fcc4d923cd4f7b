// ABA routing transit numbers: 9 digits whose 3-7-1 weighted sum is a multiple of 10.

export const ROUTING_NUMBER_LENGTH = 9;
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** The weighted checksum (3, 7, 1 repeating) modulo 10; 0 for a valid routing number. */
export function routingChecksum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < ROUTING_NUMBER_LENGTH; i++) sum += Number(digits[i]) * (WEIGHTS[i] ?? 0);
  return sum % 10;
}

/** True for exactly nine digits with a valid ABA checksum (all zeros is refused: it is no bank). */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value) || value === '000000000') return false;
  return routingChecksum(value) === 0;
}
