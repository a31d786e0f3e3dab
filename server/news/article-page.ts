import { escapeHtml } from '../accounts/pages.ts';
import type { AnnouncementRow } from './store.ts';

const STYLE = `:root{color-scheme:dark}body{margin:0;background:#0b0e11;color:#eaecef;font:15px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:720px;margin:48px auto;padding:0 20px}h1{font-size:26px;margin:0 0 8px}.meta{color:#848e9c;font-size:13px;margin:0 0 24px}
.tag{display:inline-block;background:#2b3139;border-radius:4px;padding:0 6px;margin-inline-end:6px}a{color:#f7a600}`;

/** An announcement's article on this origin (the local exchange has no articles elsewhere). Text only, escaped. */
export function articlePage(a: AnnouncementRow | undefined): string {
  const title = a ? a.title : 'Announcement not found';
  const body = a
    ? `<h1>${escapeHtml(a.title)}</h1><p class="meta"><time datetime="${new Date(a.dateTimestamp).toISOString()}">${escapeHtml(new Date(a.dateTimestamp).toUTCString())}</time> · ${escapeHtml(a.typeTitle)} ${a.tags.map((t) => `<span class="tag">${escapeHtml(t)}</span>`).join('')}</p><p>${escapeHtml(a.description)}</p>`
    : `<h1>${escapeHtml(title)}</h1><p>There is no announcement at this address.</p>`;
  return `<!doctype html><html lang="${escapeHtml(a?.locale.slice(0, 2) ?? 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}<p><a href="/">← Spot trading</a></p></main></body></html>`;
}
