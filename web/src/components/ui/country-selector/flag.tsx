import type { ReactNode } from 'react';
import './flag.css';

/*
 * Small simplified flags of the 30 supported territories, drawn as inline SVG (30 × 20), so they look the same on
 * every system (flag emoji are letters on Windows and on Linux without an emoji font). Any other country shows its
 * two-letter code in a neutral chip.
 */
const W = 30;
const H = 20;

function stripes(direction: 'h' | 'v', colors: string[], weights: number[] = colors.map(() => 1)): ReactNode {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let offset = 0;
  return colors.map((color, index) => {
    const size = ((direction === 'h' ? H : W) * weights[index]!) / total;
    const rect =
      direction === 'h' ? <rect key={index} x={0} y={offset} width={W} height={size} fill={color} /> : <rect key={index} x={offset} y={0} width={size} height={H} fill={color} />;
    offset += size;
    return rect;
  });
}

function nordicCross(background: string, cross: string, inner?: string): ReactNode {
  return (
    <>
      <rect width={W} height={H} fill={background} />
      <rect x={8} y={0} width={5} height={H} fill={cross} />
      <rect x={0} y={7.5} width={W} height={5} fill={cross} />
      {inner && (
        <>
          <rect x={9.5} y={0} width={2} height={H} fill={inner} />
          <rect x={0} y={9} width={W} height={2} fill={inner} />
        </>
      )}
    </>
  );
}

function unionJack(width: number, height: number): ReactNode {
  return (
    <g>
      <rect width={width} height={height} fill="#012169" />
      <path d={`M0,0 L${width},${height} M${width},0 L0,${height}`} stroke="#fff" strokeWidth={height / 5} />
      <path d={`M0,0 L${width},${height} M${width},0 L0,${height}`} stroke="#C8102E" strokeWidth={height / 15} />
      <path d={`M${width / 2},0 V${height} M0,${height / 2} H${width}`} stroke="#fff" strokeWidth={height / 3} />
      <path d={`M${width / 2},0 V${height} M0,${height / 2} H${width}`} stroke="#C8102E" strokeWidth={height / 5} />
    </g>
  );
}

const dot = (cx: number, cy: number, r: number, fill: string) => <circle key={`${cx}-${cy}-${r}-${fill}`} cx={cx} cy={cy} r={r} fill={fill} />;

const flags: Record<string, ReactNode> = {
  us: (
    <>
      {stripes('h', Array.from({ length: 13 }, (_, index) => (index % 2 ? '#fff' : '#B22234')))}
      <rect width={12} height={10.77} fill="#3C3B6E" />
      {[2, 5, 8].flatMap((y) => [2, 5, 8, 10.5].map((x) => dot(x, y + 0.4, 0.6, '#fff')))}
    </>
  ),
  gb: unionJack(W, H),
  de: stripes('h', ['#000', '#DD0000', '#FFCE00']),
  fr: stripes('v', ['#002395', '#fff', '#ED2939']),
  ar: (
    <>
      {stripes('h', ['#74ACDF', '#fff', '#74ACDF'])}
      {dot(15, 10, 2, '#F6B40E')}
    </>
  ),
  at: stripes('h', ['#ED2939', '#fff', '#ED2939']),
  au: (
    <>
      <rect width={W} height={H} fill="#012169" />
      {unionJack(15, 10)}
      {[dot(7.5, 15, 1.6, '#fff'), dot(22.5, 4, 0.9, '#fff'), dot(19.5, 9, 0.9, '#fff'), dot(25.5, 8, 0.9, '#fff'), dot(22.5, 16, 1, '#fff')]}
    </>
  ),
  be: stripes('v', ['#000', '#FAE042', '#ED2939']),
  br: (
    <>
      <rect width={W} height={H} fill="#009C3B" />
      <polygon points="15,2 28,10 15,18 2,10" fill="#FFDF00" />
      {dot(15, 10, 4, '#002776')}
    </>
  ),
  ca: (
    <>
      {stripes('v', ['#D80621', '#fff', '#D80621'], [1, 2, 1])}
      <polygon points="15,4 16.5,7 18.5,6.5 17.5,10 19.5,10 15,14 10.5,10 12.5,10 11.5,6.5 13.5,7" fill="#D80621" />
      <rect x={14.5} y={13} width={1} height={3} fill="#D80621" />
    </>
  ),
  cl: (
    <>
      {stripes('h', ['#fff', '#D52B1E'])}
      <rect width={10} height={10} fill="#0039A6" />
      {dot(5, 5, 1.8, '#fff')}
    </>
  ),
  dk: nordicCross('#C8102E', '#fff'),
  in: (
    <>
      {stripes('h', ['#FF9933', '#fff', '#138808'])}
      <circle cx={15} cy={10} r={2.4} fill="none" stroke="#000080" strokeWidth={0.8} />
    </>
  ),
  ie: stripes('v', ['#169B62', '#fff', '#FF883E']),
  it: stripes('v', ['#009246', '#fff', '#CE2B37']),
  jp: (
    <>
      <rect width={W} height={H} fill="#fff" />
      {dot(15, 10, 6, '#BC002D')}
    </>
  ),
  mx: (
    <>
      {stripes('v', ['#006847', '#fff', '#CE1126'])}
      {dot(15, 10, 2.4, '#8C6A3B')}
    </>
  ),
  nl: stripes('h', ['#AE1C28', '#fff', '#21468B']),
  nz: (
    <>
      <rect width={W} height={H} fill="#012169" />
      {unionJack(15, 10)}
      {[dot(22.5, 4.5, 1, '#C8102E'), dot(19.5, 9.5, 1, '#C8102E'), dot(25.5, 9, 1, '#C8102E'), dot(22.5, 15.5, 1.1, '#C8102E')]}
    </>
  ),
  no: nordicCross('#BA0C2F', '#fff', '#00205B'),
  pl: stripes('h', ['#fff', '#DC143C']),
  pt: (
    <>
      {stripes('v', ['#006600', '#FF0000'], [2, 3])}
      {dot(12, 10, 3.5, '#FFCC00')}
      {dot(12, 10, 2.2, '#fff')}
    </>
  ),
  sg: (
    <>
      {stripes('h', ['#EF3340', '#fff'])}
      {dot(6.5, 5, 3, '#fff')}
      {dot(8, 5, 3, '#EF3340')}
    </>
  ),
  za: (
    <>
      {stripes('h', ['#E03C31', '#001489'])}
      <polygon points="0,0 4,0 15,8 30,8 30,12 15,12 4,20 0,20" fill="#fff" />
      <polygon points="0,1.5 2,1.5 14,9 30,9 30,11 14,11 2,18.5 0,18.5" fill="#007749" />
      <polygon points="0,4 9,10 0,16" fill="#FFB81C" />
      <polygon points="0,5.5 7,10 0,14.5" fill="#000" />
    </>
  ),
  es: stripes('h', ['#AA151B', '#F1BF00', '#AA151B'], [1, 2, 1]),
  se: nordicCross('#006AA7', '#FECC02'),
  ch: (
    <>
      <rect width={W} height={H} fill="#D52B1E" />
      <rect x={13} y={4} width={4} height={12} fill="#fff" />
      <rect x={9} y={8} width={12} height={4} fill="#fff" />
    </>
  ),
  tr: (
    <>
      <rect width={W} height={H} fill="#E30A17" />
      {dot(11.5, 10, 5, '#fff')}
      {dot(12.8, 10, 4, '#E30A17')}
      {dot(18.5, 10, 1.5, '#fff')}
    </>
  ),
  ua: stripes('h', ['#0057B7', '#FFD700']),
  ve: (
    <>
      {stripes('h', ['#FFCC00', '#00247D', '#CF142B'])}
      {[[9, 11], [10.5, 9.8], [12.6, 9], [15, 8.7], [17.4, 9], [19.5, 9.8], [21, 11]].map(([x, y]) => dot(x!, y!, 0.55, '#fff'))}
    </>
  ),
};

/** The flag for an icon name (lower-case ISO code: the UK territory's icon is 'gb'). */
export function Flag({ icon, className = '' }: { icon: string; className?: string }) {
  const code = icon.toLowerCase();
  const drawing = flags[code];
  if (!drawing) {
    return (
      <span className={`flag flag--chip ${className}`} data-flag={code} aria-hidden="true">
        {code.slice(0, 2).toUpperCase()}
      </span>
    );
  }
  return (
    <svg className={`flag ${className}`} data-flag={code} viewBox={`0 0 ${W} ${H}`} width={W} height={H} aria-hidden="true" focusable="false">
      {drawing}
    </svg>
  );
}

/** True when a drawn flag exists for the icon (others show a code chip). */
export const hasFlag = (icon: string) => icon.toLowerCase() in flags;
