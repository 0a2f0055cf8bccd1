import { escapeHtml as esc } from './escape.js';

/**
 * The pages a shared report link opens (issue 22 point 5): the report's view with a link to its PDF, or a notice
 * when the link cannot show it. One self-contained document each: inline styles only (the site's CSP allows them),
 * no script, no remote resource, noindex.
 */

const styles = `
*{box-sizing:border-box}body{margin:0;background:#f3f5f7;color:#1f2933;font:15px/1.5 Helvetica,Arial,sans-serif}
.rv-bar{display:flex;justify-content:flex-end;gap:12px;max-width:960px;margin:0 auto;padding:14px 20px}
.rv-bar a{display:inline-block;padding:8px 16px;border-radius:4px;background:#1f2933;color:#fff;text-decoration:none;font-weight:bold}
.rv{max-width:960px;margin:0 auto 40px;background:#fff;color:var(--rv-text);font-family:var(--rv-body-font);border-top:6px solid var(--rv-primary);box-shadow:0 1px 4px rgba(0,0,0,.08)}
.rv-cover{padding:32px 40px 24px;background:var(--rv-primary);color:var(--rv-on-primary)}
.rv-brand{display:flex;align-items:center;gap:12px;min-height:32px}.rv-logo{max-height:40px;max-width:160px;background:#fff;padding:4px;border-radius:3px}
.rv-brand-name{font-weight:bold}.rv-cover h1{font-family:var(--rv-heading-font);font-size:30px;line-height:1.2;margin:24px 0 6px}
.rv-subject{margin:0 0 16px;opacity:.9}.rv-details{display:flex;flex-wrap:wrap;gap:8px 32px;margin:0}.rv-details dt{font-size:12px;text-transform:uppercase;opacity:.8}.rv-details dd{margin:0;font-weight:bold}
.rv-comments{margin:16px 0 0;white-space:pre-line}
.rv-section{padding:8px 40px 24px}.rv-section h2{font-family:var(--rv-heading-font);color:var(--rv-primary);font-size:24px;margin:24px 0 14px;padding-bottom:8px;border-bottom:3px solid var(--rv-accent);display:inline-block}
.rv-section h3{font-size:17px;margin:20px 0 8px}.rv-muted{color:var(--rv-muted)}.rv-caption{color:var(--rv-muted);font-size:12px;margin:4px 0 16px}
.rv-table{overflow-x:auto;margin:8px 0}.rv table{border-collapse:collapse;width:100%;font-size:13px}
.rv th{background:var(--rv-primary);color:var(--rv-on-primary);text-align:left;padding:6px 8px;white-space:nowrap}
.rv td{padding:5px 8px;border-bottom:1px solid var(--rv-rule)}.rv tbody tr:nth-child(even){background:var(--rv-stripe)}.rv .rv-num{text-align:right;white-space:nowrap}
.rv-tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:10px;margin:8px 0 16px}
.rv-tile{background:var(--rv-stripe);border-left:3px solid var(--rv-primary);border-radius:4px;padding:10px 12px}
.rv-tile-label{font-size:11px;font-weight:bold;text-transform:uppercase;color:var(--rv-muted)}.rv-tile-value{font-family:var(--rv-heading-font);font-size:26px;font-weight:bold}.rv-tile-note{font-size:12px;color:var(--rv-muted)}
.rv-chart,.rv-venn{margin:16px 0}.rv-chart figcaption{font-weight:bold;margin-bottom:6px}.rv-chart svg{width:100%;height:auto}
.rv-grid{stroke:var(--rv-rule);stroke-width:.5}.rv-axis{font-size:10px;fill:var(--rv-muted)}.rv-venn-number{font-size:12px;font-weight:bold;fill:var(--rv-text)}
.rv-hbar{display:grid;grid-template-columns:minmax(120px,220px) 1fr 80px;gap:8px;align-items:center;font-size:13px;margin:3px 0}
.rv-hbar-track{height:12px}.rv-hbar-fill{display:block;height:100%}.rv-hbar-value{color:var(--rv-muted)}
.rv-venn{display:flex;flex-wrap:wrap;align-items:center;gap:24px}.rv-venn ul{list-style:none;padding:0;margin:0}.rv-venn li{margin:6px 0}
.rv-swatch{display:inline-block;width:10px;height:10px;margin-right:6px}
.rv-footer{padding:16px 40px;border-top:1px solid var(--rv-rule);color:var(--rv-muted);font-size:12px}
.notice{max-width:560px;margin:80px auto;padding:32px;background:#fff;border-radius:6px;box-shadow:0 1px 4px rgba(0,0,0,.08);text-align:center}
.notice h1{font-size:24px;margin:0 0 12px}
@media (max-width:640px){.rv-cover,.rv-section,.rv-footer{padding-left:16px;padding-right:16px}}
@media print{.rv-bar{display:none}body{background:#fff}.rv{box-shadow:none}}
`;

const documentOf = (title: string, body: string) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${styles}</style></head>` +
  `<body>${body}</body></html>`;

/** The shared report: its view (renderReportView's article) under a bar with the PDF's link. */
export function sharedReportPage(input: { title: string; article: string; pdfUrl: string | null }): string {
  const bar = input.pdfUrl ? `<nav class="rv-bar"><a href="${esc(input.pdfUrl)}">Download PDF</a></nav>` : '<nav class="rv-bar"></nav>';
  return documentOf(input.title, bar + input.article);
}

/** Why a shared link shows no report, in its reader's words. */
export const sharedReportNotices = {
  unknown: { title: 'This report link is not valid', text: 'Check that the whole link was copied, or ask the sender for a new one.' },
  expired: { title: 'This report link has expired', text: 'Ask the sender for a new link to this report.' },
  revoked: { title: 'This report link has been revoked', text: 'The sender no longer shares this report here. Ask them for a new link if you still need it.' },
  gone: { title: 'This report is no longer available', text: 'The report behind this link has been removed. Ask the sender for a new one.' },
} as const;

export type SharedReportNotice = keyof typeof sharedReportNotices;

export function sharedReportNoticePage(kind: SharedReportNotice): string {
  const notice = sharedReportNotices[kind];
  return documentOf(notice.title, `<main class="notice"><h1>${esc(notice.title)}</h1><p>${esc(notice.text)}</p></main>`);
}
