/** Signs a staff user in through the API: the session's Cookie header and its CSRF token. */
export async function staffLogin(base: string, username: string, password: string) {
  const res = await fetch(`${base}/staff/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  await res.arrayBuffer();
  const csrf = cookies.find((c) => c.startsWith('csrf_token='))!.slice('csrf_token='.length);
  return { cookie: cookies.join('; '), csrf };
}
