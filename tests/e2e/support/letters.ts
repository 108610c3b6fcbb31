import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

/** A JSON call in the context's session (cookies), with the same-origin header writes need. */
export async function apiJson(
  ctx: BrowserContext,
  base: string,
  method: string,
  url: string,
  data?: unknown,
) {
  const res = await ctx.request.fetch(`${base}${url}`, { method, data, headers: { origin: base } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/**
 * The letter link (`/letters/<token>`) in the latest request email to `address`, read from the demo
 * mailbox by a super admin's context.
 */
export async function letterLinkFromMailbox(
  ctx: BrowserContext,
  base: string,
  address: string,
): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const list = await apiJson(ctx, base, 'GET', `/api/super/mailbox?q=${encodeURIComponent(address)}`);
        const item = (list.items as { id: string; subject: string }[]).find((m) =>
          m.subject.startsWith('Reference letter request'),
        );
        if (!item) return false;
        const mail = await apiJson(ctx, base, 'GET', `/api/super/mailbox/${item.id}`);
        const m = /\/letters\/([A-Za-z0-9_-]{43})/.exec(mail.text as string);
        found = m ? `/letters/${m[1]}` : '';
        return !!found;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
  return found;
}

/** A minimal PDF (the file rules sniff the bytes). */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
  'latin1',
);
