// Business metrics: what a lender's on-call team alarms on (approvals stopping, webhooks failing, payments
// declining). A port: Lambda functions record them in CloudWatch's embedded metric format
// (functions/platform/observability.ts); the local server and tests pass none, and nothing is recorded.

/** CloudWatch namespace of the business metrics; the `service` dimension is `lease-to-own-<stage>` (infra reads both). */
export const METRICS_NAMESPACE = 'LeaseToOwn';
export const serviceNameFor = (stage: string) => `lease-to-own-${stage}`;

/** A decision's outcome, as its event names it. */
export type DecisionOutcome = 'approved' | 'denied';
/** One debit's end, for servicing: collected (settled), declined (refused at submission), returned (after settling). */
export type PaymentOutcome = 'collected' | 'declined' | 'returned';

export interface BusinessMetrics {
  /** Counts `name` (once, or `value` times) with the given dimensions. */
  count(name: BusinessMetricName, dimensions?: Record<string, string>, value?: number): void;
  /** A duration in milliseconds. */
  milliseconds(name: BusinessMetricName, ms: number): void;
}

/** The metric names (CloudWatch namespace `LeaseToOwn`, dimension `service` = `lease-to-own-<stage>`). */
export const METRIC = {
  applications: 'Applications',
  decisions: 'Decisions',
  decisionLatency: 'DecisionLatency',
  checkoutsCompleted: 'CheckoutsCompleted',
  webhooksDelivered: 'WebhooksDelivered',
  webhooksFailed: 'WebhooksFailed',
  payments: 'Payments',
} as const;
export type BusinessMetricName = (typeof METRIC)[keyof typeof METRIC];

/** The dimension that splits Decisions (approved, denied) and Payments (collected, declined, returned). */
export const OUTCOME_DIMENSION = 'Outcome';

/** The platform events that are business metrics (counted once, where the outbox relay publishes them). */
const EVENT_METRICS: Readonly<Record<string, { name: BusinessMetricName; outcome?: string }>> = {
  'application.created': { name: METRIC.applications },
  'application.approved': { name: METRIC.decisions, outcome: 'approved' },
  'application.denied': { name: METRIC.decisions, outcome: 'denied' },
  'checkout.completed': { name: METRIC.checkoutsCompleted },
};

/** Counts the business metric a published platform event stands for, if any. */
export function recordEventMetric(metrics: BusinessMetrics | undefined, eventType: string): void {
  const metric = EVENT_METRICS[eventType];
  if (!metric || !metrics) return;
  metrics.count(metric.name, metric.outcome ? { [OUTCOME_DIMENSION]: metric.outcome } : undefined);
}

/** A decision's engine time (bureau pull included): the shopper waits for it. */
export function recordDecisionLatency(metrics: BusinessMetrics | undefined, ms: number): void {
  metrics?.milliseconds(METRIC.decisionLatency, ms);
}

/** A retailer webhook attempt: delivered (2xx) or failed (any other answer, a timeout, no connection). */
export function recordWebhook(metrics: BusinessMetrics | undefined, outcome: 'delivered' | 'failed'): void {
  metrics?.count(outcome === 'delivered' ? METRIC.webhooksDelivered : METRIC.webhooksFailed);
}

/** For servicing: a payment attempt's end (collection job, processor callbacks). */
export function recordPayment(metrics: BusinessMetrics | undefined, outcome: PaymentOutcome, count = 1): void {
  metrics?.count(METRIC.payments, { [OUTCOME_DIMENSION]: outcome }, count);
}
