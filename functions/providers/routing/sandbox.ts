import type { RoutingLookupPort } from './port.ts';
import { ROUTING_NUMBERS } from './routing-numbers.ts';

const directory = new Map(ROUTING_NUMBERS.map(([routing, bankName]) => [routing, bankName]));

export function sandboxRoutingLookup(): RoutingLookupPort {
  return {
    async lookup(routingNumber) {
      const bankName = directory.get(routingNumber);
      return bankName ? { routing_number: routingNumber, bank_name: bankName } : undefined;
    },
  };
}
