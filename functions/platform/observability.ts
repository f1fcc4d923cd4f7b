// The AWS code path's logs and metrics, with Powertools for AWS Lambda: one Logger and one Metrics per container,
// shared by the route group or event function. The local server keeps functions/platform/logger.ts.
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import {
  METRICS_NAMESPACE,
  serviceNameFor,
  type BusinessMetrics,
  type BusinessMetricName,
} from './business-metrics.ts';
import { redact, type Logger, type LogLevel } from './logger.ts';

const stageName = () => process.env.STAGE_NAME ?? process.env.STAGE ?? 'local';

let powertools: { logger: PowertoolsLogger; metrics: Metrics } | undefined;

/** The container's Powertools Logger and Metrics, made on first use. */
export function powertoolsOf(): { logger: PowertoolsLogger; metrics: Metrics } {
  const serviceName = serviceNameFor(stageName());
  powertools ??= {
    logger: new PowertoolsLogger({ serviceName }),
    metrics: new Metrics({ namespace: METRICS_NAMESPACE, serviceName }),
  };
  return powertools;
}

const POWERTOOLS_LEVELS = { debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', silent: 'SILENT' } as const;

/**
 * Our Logger over Powertools': every line is Powertools' structured JSON (level, timestamp, service, the Lambda
 * request id, the X-Ray trace id) with the caller's fields after PII redaction (the same redact() as locally).
 */
export function powertoolsLogger(level: LogLevel, logger: PowertoolsLogger = powertoolsOf().logger): Logger {
  logger.setLogLevel(POWERTOOLS_LEVELS[level]);
  const fieldsOf = (fields?: Record<string, unknown>) => redact(fields ?? {}) as Record<string, unknown>;
  return {
    debug: (m, f) => logger.debug(m, fieldsOf(f)),
    info: (m, f) => logger.info(m, fieldsOf(f)),
    warn: (m, f) => logger.warn(m, fieldsOf(f)),
    error: (m, f) => logger.error(m, fieldsOf(f)),
  };
}

/**
 * Business metrics in CloudWatch's embedded metric format. A metric with dimensions of its own (Decisions by Outcome)
 * is written at once as a single metric, so that it never takes the dimensions of the batch it would share.
 */
export function emfMetrics(metrics: Metrics = powertoolsOf().metrics): BusinessMetrics {
  return {
    count(name: BusinessMetricName, dimensions?: Record<string, string>, value = 1) {
      if (!dimensions) {
        metrics.addMetric(name, MetricUnit.Count, value);
        return;
      }
      const single = metrics.singleMetric();
      for (const [key, dimension] of Object.entries(dimensions)) single.addDimension(key, dimension);
      single.addMetric(name, MetricUnit.Count, value);
    },
    milliseconds(name: BusinessMetricName, ms: number) {
      metrics.addMetric(name, MetricUnit.Milliseconds, Math.round(ms));
    },
  };
}

/**
 * A Lambda entry with Powertools around it: the Lambda context on every log line (function name, request id, cold
 * start) and the invocation's metrics flushed at its end, whatever its outcome.
 */
export function observed<E, R>(handler: (event: E, context?: Context) => Promise<R>) {
  return async (event: E, context?: Context): Promise<R> => {
    const { logger, metrics } = powertoolsOf();
    if (context) logger.addContext(context);
    try {
      return await handler(event, context);
    } finally {
      // Most invocations record none; publishing an empty set only logs a warning.
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    }
  };
}
