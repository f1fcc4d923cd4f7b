import { listSandboxMessages } from '../providers/messaging/sandbox.ts';
import { html, ok } from '../platform/response.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const handlers: HandlerMap = {
  async messages(_ctx, deps) {
    return ok(await listSandboxMessages(deps.db, deps.clock()));
  },

  async messagesPage(_ctx, deps) {
    const messages = await listSandboxMessages(deps.db, deps.clock());
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.sentAt)}</td><td>${m.channel === 'sms' ? 'SMS' : 'E-mail'}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.purpose)}</td><td>${escapeHtml(m.subject ?? '')}</td><td><pre>${escapeHtml(m.body)}</pre></td></tr>`,
      )
      .join('');
    return html(
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.4rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;margin:0;font:inherit}</style></head>
<body><main><h1>Sandbox mailbox</h1><p>Every SMS and e-mail the sandbox messaging provider "sent", newest first. Reload to refresh. JSON: <a href="/sandbox/messages">/sandbox/messages</a>.</p>
${messages.length ? `<table><caption>Sent messages</caption><thead><tr><th scope="col">Sent at</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Purpose</th><th scope="col">Subject</th><th scope="col">Body</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No messages yet.</p>'}
</main></body></html>`,
    );
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
