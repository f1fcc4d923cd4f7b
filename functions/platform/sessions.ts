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
}

export interface RetailerCaller {
  retailerId: string;
  tokenId: string;
  /** Test tokens reach only sandbox vendors and sandbox-marked records; live tokens the real ones. */
  mode: 'test' | 'live';
}
