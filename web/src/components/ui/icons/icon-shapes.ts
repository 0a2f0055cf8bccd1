/**
 * The Serpwise icon set: simple stroked shapes on a 24 × 24 grid, drawn for this project (no icon font or package,
 * so the bundle carries only what is used and every icon inherits the text colour). Each icon is a list of SVG path
 * data; circles and rectangles are spelled as paths by the helpers below.
 */
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
const rect = (x: number, y: number, width: number, height: number, r = 2) =>
  `M${x + r} ${y}h${width - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${height - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}h${-(width - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${-r}v${-(height - 2 * r)}a${r} ${r} 0 0 1 ${r} ${-r}Z`;

export const iconShapes = {
  search: [circle(11, 11, 7), 'M21 21l-4.9-4.9'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  check: ['M5 12.5l4.5 4.5L19 7'],
  plus: ['M12 5v14', 'M5 12h14'],
  minus: ['M5 12h14'],
  'chevron-down': ['M6 9l6 6 6-6'],
  'chevron-up': ['M6 15l6-6 6 6'],
  'chevron-left': ['M15 6l-6 6 6 6'],
  'chevron-right': ['M9 6l6 6-6 6'],
  'arrow-up': ['M12 19V5', 'M6 11l6-6 6 6'],
  'arrow-down': ['M12 5v14', 'M6 13l6 6 6-6'],
  star: ['M12 3.5l2.6 5.3 5.9.9-4.25 4.1 1 5.85L12 16.9l-5.25 2.75 1-5.85L3.5 9.7l5.9-.9Z'],
  info: [circle(12, 12, 9), 'M12 11v5', 'M12 8h.01'],
  success: [circle(12, 12, 9), 'M8 12.5l2.5 2.5L16 9.5'],
  warning: ['M12 3.5L2.5 20h19Z', 'M12 10v4.5', 'M12 17.5h.01'],
  error: [circle(12, 12, 9), 'M9 9l6 6', 'M15 9l-6 6'],
  download: ['M12 4v11', 'M7 10l5 5 5-5', 'M5 20h14'],
  upload: ['M12 15V4', 'M7 9l5-5 5 5', 'M5 20h14'],
  'external-link': ['M14 4h6v6', 'M20 4l-9 9', 'M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5'],
  copy: [rect(9, 9, 11, 11), 'M5 15V5a1 1 0 0 1 1-1h9'],
  file: ['M6 3h8l5 5v12a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z', 'M14 3v5h5'],
  spreadsheet: [rect(4, 4, 16, 16), 'M4 10h16', 'M4 15h16', 'M10 4v16'],
  calendar: [rect(4, 5, 16, 16), 'M4 10h16', 'M8 3v4', 'M16 3v4'],
  user: [circle(12, 8, 4), 'M4 21c0-4 3.6-7 8-7s8 3 8 7'],
  team: [circle(9, 8, 3.5), 'M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6', 'M15.5 4.8a3.5 3.5 0 0 1 0 6.4', 'M18 14.4c2.1.8 3.5 2.8 3.5 5.6'],
  settings: ['M4 6h9', 'M17 6h3', 'M4 12h3', 'M11 12h9', 'M4 18h11', 'M19 18h1', circle(15, 6, 2), circle(9, 12, 2), circle(17, 18, 2)],
  lock: [rect(5, 11, 14, 10), 'M8 11V7a4 4 0 0 1 8 0v4'],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  trash: ['M4 7h16', 'M10 11v6', 'M14 11v6', 'M6 7l1 13h10l1-13', 'M9 7V4h6v3'],
  edit: ['M4 20h4L19 9l-4-4L4 16v4Z', 'M13.5 6.5l4 4'],
  refresh: ['M20 11a8 8 0 1 0-2.3 5.7', 'M20 4v7h-7'],
  globe: [circle(12, 12, 9), 'M3 12h18', 'M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z'],
  link: ['M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1', 'M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1'],
  mail: [rect(3, 5, 18, 14), 'M3 7l9 6 9-6'],
  bell: ['M6 16v-5a6 6 0 0 1 12 0v5l2 2H4Z', 'M10 20a2 2 0 0 0 4 0'],
  chart: ['M4 20h16', 'M7 16v-5', 'M12 16V6', 'M17 16V9'],
  eye: ['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z', circle(12, 12, 3)],
  filter: ['M4 5h16l-6 7.5V19l-4-2v-4.5Z'],
  columns: [rect(4, 4, 16, 16), 'M9.5 4v16', 'M14.5 4v16'],
  help: [circle(12, 12, 9), 'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6', 'M12 17h.01'],
} as const satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof iconShapes;

/** Every icon name, in the order of the set (the /icons page lists them). */
export const iconNames = Object.keys(iconShapes) as IconName[];
