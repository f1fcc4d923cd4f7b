import { awsFunctionDeps } from '../platform/aws-function-deps.ts';
import type { Deps } from '../platform/deps.ts';
import { checkProviderFactories, type ProviderFactories, type ProviderKey } from '../providers/wiring.ts';

/** Builds an event function's dependencies on first use; `providers` names the third parties it may touch. */
export interface EventFunctionDeps {
  (): Promise<Deps>;
  readonly providers: readonly ProviderKey[];
}

/**
 * The dependencies of a Lambda function that consumes events or runs on a schedule (functions/events/*-lambda.ts),
 * built as a route group's are (functions/http/lambda-deps.ts): config and secrets from the environment and the
 * platform secret, the table, PII crypto, and only the third parties named here. Built once per cold start; a failed
 * build (the secret could not be read) is tried again on the next invocation instead of failing every one after it.
 */
export function eventFunctionDeps(providers: ProviderFactories = {}): EventFunctionDeps {
  checkProviderFactories(providers, 'eventFunctionDeps');
  let built: Promise<Deps> | undefined;
  const build = (): Promise<Deps> => {
    built ??= awsFunctionDeps(providers);
    built.catch(() => (built = undefined));
    return built;
  };
  return Object.assign(build, { providers: Object.keys(providers) as ProviderKey[] });
}
