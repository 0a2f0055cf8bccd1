import type { Page } from 'playwright-core';

/**
 * Whether a page's tables fit (issue 24 point 2; docs/decisions.md "Tables fit"): the page never scrolls sideways,
 * every table fits its frame or scrolls inside it with its scrollbar on screen, and no column that matters has its
 * header past the frame's or the window's edge. Shared by the table-fit and the role-journey e2e tests.
 */

/** The columns a table must never cut: what a row is (keyword, page, site, ad) and what the user does with it. */
const mattering = /^(keyword|keywords|url|page|top page|landing page|linking page|target page|domain|site|website|competitor|ad|ad copy|latest ad|ad text|status|actions?|project|outreach|edit|)$/i;

export interface FrameMeasure {
  label: string;
  /** The frame's, the table's and each header's width, for a failure message. */
  widths: string;
  fits: boolean;
  /** The frame scrolls sideways (overflow auto or scroll): a column past its edge can be reached. */
  scrolls: boolean;
  cut: string[];
  scrollbarInView: boolean;
}
export interface PageMeasure {
  pageScrollsSideways: boolean;
  frames: FrameMeasure[];
}

/** Measures the page: its own sideways scroll, and for each table frame whether it fits and which headers are cut. */
export function measureTables(page: Page): Promise<PageMeasure> {
  return page.evaluate((source) => {
    const matters = new RegExp(source, 'i');
    const frames = [...document.querySelectorAll<HTMLElement>('table')].map((table) => {
      // The frame is the nearest ancestor that clips or scrolls sideways (or the table itself).
      let frame: HTMLElement = table;
      for (let node = table.parentElement; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') {
          frame = node;
          break;
        }
      }
      const box = frame.getBoundingClientRect();
      const headers = [...table.querySelectorAll<HTMLElement>('thead th')].filter((cell) => cell.offsetParent !== null);
      const cut = headers
        .filter((cell) => {
          const edge = cell.getBoundingClientRect();
          return edge.right > box.right + 1 || edge.right > window.innerWidth + 1;
        })
        .map((cell) => (cell.innerText || cell.getAttribute('aria-label') || '').trim())
        .filter((text) => matters.test(text));
      const fits = frame.scrollWidth <= frame.clientWidth + 1;
      const widths = headers.map((cell) => `${(cell.innerText || '?').trim()}=${Math.round(cell.getBoundingClientRect().width)}`).join(' ');
      return {
        label: table.getAttribute('aria-label') || table.querySelector('caption')?.innerText || table.className,
        widths: `frame ${Math.round(box.width)} table ${Math.round(table.getBoundingClientRect().width)}: ${widths}`,
        fits,
        scrolls: ['auto', 'scroll'].includes(getComputedStyle(frame).overflowX),
        cut,
        // A frame that scrolls shows its scrollbar on screen: its bottom edge is above the fold, or it is no taller
        // than the window (then scrolling the page brings the whole frame, bar and all, into view).
        scrollbarInView: fits || box.bottom <= window.innerHeight || box.height <= window.innerHeight,
      };
    });
    return { pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth + 1, frames };
  }, mattering.source);
}

/** What is wrong with a measured page, each problem prefixed with where it was seen. */
export function tableProblems(where: string, measured: PageMeasure): string[] {
  const problems: string[] = [];
  if (measured.pageScrollsSideways) problems.push(`${where}: the page scrolls sideways`);
  for (const frame of measured.frames) {
    if (frame.cut.length) problems.push(`${where} [${frame.label}]: cuts ${frame.cut.join(', ')} (${frame.widths})`);
    if (!frame.scrollbarInView) problems.push(`${where} [${frame.label}]: scrolls sideways with its scrollbar below the fold (${frame.widths})`);
  }
  return problems;
}
