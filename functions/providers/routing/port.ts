export interface RoutingLookupResult {
  routing_number: string;
  bank_name: string;
}

/** Looks a valid routing number up in a bank directory; undefined when no bank uses it. */
export interface RoutingLookupPort {
  lookup(routingNumber: string): Promise<RoutingLookupResult | undefined>;
}
