// Structured JSON logs with PII redacted before anything is written.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const SENSITIVE_KEY =
  /ssn|social_security|itin|date_of_birth|dob|identification|account|routing|password|secret|token|authorization|cookie|card|cvv|cvc|pin|code_hash|^code$|email|cell|phone/i;
const SSN_LIKE = /\b\d{3}-?\d{2}-?\d{4}\b/g;
const LONG_DIGITS = /\b\d{9,19}\b/g;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[deep]';
  if (typeof value === 'string') return value.replace(SSN_LIKE, '[redacted]').replace(LONG_DIGITS, '[redacted]');
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] =
        SENSITIVE_KEY.test(key) && v !== null && v !== undefined && typeof v !== 'boolean'
          ? '[redacted]'
          : redact(v, depth + 1);
    }
    return out;
  }
  return value;
}

export function createLogger(
  level: LogLevel = 'info',
  sink: (line: string) => void = (line) => process.stdout.write(line + '\n'),
): Logger {
  const write = (lvl: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < order[level]) return;
    sink(JSON.stringify({ level: lvl, time: new Date().toISOString(), message, ...(redact(fields ?? {}) as object) }));
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

/** A logger whose every line also carries `fields` (the request id of the request being served, for example). */
export function withLogFields(log: Logger, fields: Record<string, unknown>): Logger {
  const merge = (extra?: Record<string, unknown>) => ({ ...fields, ...(extra ?? {}) });
  return {
    debug: (m, f) => log.debug(m, merge(f)),
    info: (m, f) => log.info(m, merge(f)),
    warn: (m, f) => log.warn(m, merge(f)),
    error: (m, f) => log.error(m, merge(f)),
  };
}
