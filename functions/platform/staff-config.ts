// Staff security settings. Defaults are the production values; environment variables may shorten them (the
// integration tests start a second server with short timeouts to watch a session expire).
export interface StaffSecurityConfig {
  /** A session ends after this long without a request (sliding). */
  idleSeconds: number;
  /** ... and at the latest this long after sign-in. */
  absoluteSeconds: number;
  /** Failed sign-ins allowed per user name, and per client IP, within the window. */
  loginUserLimit: number;
  loginIpLimit: number;
  loginWindowSeconds: number;
  /** Password reset links are single-use and valid this long. */
  resetTokenSeconds: number;
  /** Audit items are kept this long (TTL). */
  auditKeepSeconds: number;
}

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : fallback;
};

export function loadStaffSecurityConfig(env: NodeJS.ProcessEnv = process.env): StaffSecurityConfig {
  return {
    idleSeconds: num(env.STAFF_SESSION_IDLE_SECONDS, 30 * 60),
    absoluteSeconds: num(env.STAFF_SESSION_ABSOLUTE_SECONDS, 12 * 3600),
    loginUserLimit: num(env.STAFF_LOGIN_USER_LIMIT, 5),
    loginIpLimit: num(env.STAFF_LOGIN_IP_LIMIT, 30),
    loginWindowSeconds: num(env.STAFF_LOGIN_WINDOW_SECONDS, 15 * 60),
    resetTokenSeconds: 3600,
    auditKeepSeconds: 400 * 24 * 3600,
  };
}

let cached: StaffSecurityConfig | undefined;
export const staffSecurity = (): StaffSecurityConfig => (cached ??= loadStaffSecurityConfig());
