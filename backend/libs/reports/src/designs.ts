import type { ReportDesign } from '@serpwise/contracts';

/** How a design's cover page is laid out (drawn in pdf/cover.ts). */
export type CoverLayout = 'waves' | 'full' | 'arc' | 'sidebar' | 'frame' | 'diagonal' | 'circles' | 'plain';

/** The PDF standard fonts: always available, need no embedding, and keep the text real (searchable) text. */
export type StandardFont = 'Helvetica' | 'Helvetica-Bold' | 'Times-Roman' | 'Times-Bold' | 'Courier' | 'Courier-Bold';

/** A design: palette + typography + cover layout. White-label colours replace primary and accent. */
export interface DesignTheme {
  name: ReportDesign;
  colors: {
    primary: string;
    accent: string;
    text: string;
    muted: string;
    /** Hair lines, grid lines, table borders. */
    rule: string;
    /** Every other table row. */
    stripe: string;
  };
  fonts: { heading: StandardFont; body: StandardFont; bodyBold: StandardFont };
  headingSize: number;
  cover: CoverLayout;
}

const sans = { heading: 'Helvetica-Bold', body: 'Helvetica', bodyBold: 'Helvetica-Bold' } satisfies DesignTheme['fonts'];
const neutral = { text: '#1f2933', muted: '#616e7c', rule: '#d9dee4', stripe: '#f3f5f7' };

export const designThemes: Record<ReportDesign, DesignTheme> = {
  Surf: { name: 'Surf', colors: { ...neutral, primary: '#0369a1', accent: '#14b8a6' }, fonts: sans, headingSize: 20, cover: 'waves' },
  Executive: {
    name: 'Executive',
    colors: { ...neutral, text: '#1c1917', primary: '#1e293b', accent: '#b7892b', stripe: '#f6f3ee' },
    fonts: { heading: 'Times-Bold', body: 'Times-Roman', bodyBold: 'Times-Bold' },
    headingSize: 22,
    cover: 'full',
  },
  Arc: { name: 'Arc', colors: { ...neutral, primary: '#6d28d9', accent: '#f43f5e', stripe: '#f6f3fc' }, fonts: sans, headingSize: 20, cover: 'arc' },
  Slate: { name: 'Slate', colors: { ...neutral, primary: '#334155', accent: '#0ea5e9', stripe: '#f1f5f9' }, fonts: sans, headingSize: 19, cover: 'sidebar' },
  Whiteboard: {
    name: 'Whiteboard',
    colors: { ...neutral, text: '#111827', primary: '#111827', accent: '#2563eb', rule: '#cbd2d9' },
    fonts: { heading: 'Courier-Bold', body: 'Helvetica', bodyBold: 'Helvetica-Bold' },
    headingSize: 20,
    cover: 'frame',
  },
  Zest: { name: 'Zest', colors: { ...neutral, primary: '#4d7c0f', accent: '#f59e0b', stripe: '#f7faf0' }, fonts: sans, headingSize: 20, cover: 'diagonal' },
  Harmony: { name: 'Harmony', colors: { ...neutral, primary: '#2f6f5e', accent: '#c08457', stripe: '#f2f7f5' }, fonts: sans, headingSize: 20, cover: 'circles' },
  White: { name: 'White', colors: { ...neutral, primary: '#222222', accent: '#777777', stripe: '#f5f5f5' }, fonts: sans, headingSize: 18, cover: 'plain' },
};

/** A design with a white label's colours in place of its own. */
export function themeFor(design: ReportDesign, colors?: { primaryColor: string; accentColor: string }): DesignTheme {
  const theme = designThemes[design];
  if (!colors) return theme;
  return { ...theme, colors: { ...theme.colors, primary: colors.primaryColor, accent: colors.accentColor } };
}

/** Relative luminance of a #rrggbb colour (WCAG), 0 = black … 1 = white. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Text that reads on a background: white on dark colours, near-black on light ones. */
export const textOn = (background: string) => (luminance(background) > 0.4 ? '#111111' : '#ffffff');

/** Series colours of a chart: the primary, the accent, then neutral tones. */
export const seriesColors = (theme: DesignTheme) => [theme.colors.primary, theme.colors.accent, '#7b8794', '#9aa5b1'];
