// Who is calling, as the edge established it: the shopper's apply session and the retailer's API token. Handlers set
// them on the request context; services take them as arguments (so services never import from functions/http).

export interface ApplySession {
  tokenHash: string;
  storeId: string;
  retailerId: string;
  storeSlug: string;
  retailerSlug: string;
  clientId: string;
  applicationUuid?: string;
  checkoutId?: string;
  /**
   * An item the request names (its application), read with the session in one BatchGetItem: whoever uses it checks
   * it is the session's own first, and takes it once (a retry after a concurrent write reads afresh).
   */
  companion?: {
    key: { pk: string; sk: string };
    item?: { pk: string; sk: string; entity: string; v: number; [attribute: string]: unknown };
  };
}

export interface RetailerCaller {
  retailerId: string;
  tokenId: string;
  /** Test tokens reach only sandbox vendors and sandbox-marked records; live tokens the real ones. */
  mode: 'test' | 'live';
}
